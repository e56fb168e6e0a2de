import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { limitStore } from './limit-store';

const LimitDialogHost = lazy(() =>
  import('./LimitDialog').then((module) => ({ default: module.LimitDialogHost })),
);

/** Loads the limit dialog the first time a limit is hit (like the toasts: rare, kept off the first paint). */
export function LazyLimitDialog() {
  const hit = useSyncExternalStore(limitStore.subscribe, limitStore.get, limitStore.get);
  const [isNeeded, setNeeded] = useState(false);
  if (!isNeeded && hit) setNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <LimitDialogHost />
    </Suspense>
  ) : null;
}
