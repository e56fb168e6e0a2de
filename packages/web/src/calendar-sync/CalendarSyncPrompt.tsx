import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { googleStatusQuery } from './calendar-api';

// The prompt, its setup flow and its strings load only once a grant is seen expired.
const ExpiredGrantPrompt = lazy(() => import('./ExpiredGrantPrompt'));

/**
 * Mounted in the signed-in shell: when Google sync is on and its grant expired, the spec's
 * non-dismissible prompt (fix now or disable sync). Stays mounted once shown, so a "fix now"
 * setup carries on after the status turns good.
 */
export function CalendarSyncPrompt() {
  const status = useQuery(googleStatusQuery()).data;
  const isExpired = Boolean(status?.enabled && status.tokenExpired);
  const [wasShown, setWasShown] = useState(false);
  if (isExpired && !wasShown) setWasShown(true);
  if (!isExpired && !wasShown) return null;
  return (
    <Suspense fallback={null}>
      <ExpiredGrantPrompt isExpired={isExpired} />
    </Suspense>
  );
}
