import { lazy, Suspense } from 'react';
import { isNativeShell } from '../bridge/bridge';

const AppleCalendarBind = lazy(() => import('./AppleCalendarBind'));

/**
 * Settings, Integrations: the Apple calendar bind, shown on supported iOS devices only (spec).
 * In a browser nothing of it loads.
 */
export function AppleCalendarSettings() {
  if (!isNativeShell()) return null;
  return (
    <Suspense fallback={null}>
      <AppleCalendarBind />
    </Suspense>
  );
}
