import { onlineManager, useMutationState } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useConflicts } from './conflict-store';
import { QUEUE_KEY } from './offline-queue';

// The panel and its strings load only when there is something to show, so the first paint of
// an online start carries none of it.
const OfflinePanel = lazy(() => import('./OfflinePanel'));

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(() => listener());
const isOnline = () => onlineManager.isOnline();

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, isOnline);
}

/** How many changes wait in the offline queue. */
export function usePendingCount(): number {
  return useMutationState({ filters: { mutationKey: [QUEUE_KEY], status: 'pending' } }).length;
}

/**
 * Offline: a small indicator while offline or while changes wait to be sent (with their count),
 * and a dialog for a change the server refused when it was sent (issue 18).
 */
export function OfflineStatus() {
  const online = useIsOnline();
  const pending = usePendingCount();
  const conflicts = useConflicts();
  if (online && pending === 0 && conflicts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <OfflinePanel online={online} pending={pending} conflict={conflicts[0] ?? null} />
    </Suspense>
  );
}
