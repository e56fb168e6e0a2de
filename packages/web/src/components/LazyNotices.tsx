import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useFailureCount } from '../api/failure-counter';
import { toasts } from './toast-store';

// Toasts and the disconnected notice are rare: their code (Snackbar, Alert, transitions) loads
// the first time one is needed instead of weighing on the first paint (docs/design.md, Performance budgets).
const ToastViewport = lazy(() =>
  import('./ToastViewport').then((module) => ({ default: module.ToastViewport })),
);
const DisconnectedNotice = lazy(() =>
  import('./DisconnectedNotice').then((module) => ({ default: module.DisconnectedNotice })),
);

export function LazyToasts() {
  const shown = useSyncExternalStore(toasts.subscribe, toasts.getToasts, toasts.getToasts);
  const [isNeeded, setNeeded] = useState(false);
  if (!isNeeded && shown.length > 0) setNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  ) : null;
}

export function LazyDisconnectedNotice({ onReconnect }: { onReconnect: () => void }) {
  const isDisconnected = useFailureCount() > 0;
  // Stays mounted after the first failure so the notice can animate away.
  const [isNeeded, setNeeded] = useState(false);
  if (!isNeeded && isDisconnected) setNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <DisconnectedNotice onReconnect={onReconnect} />
    </Suspense>
  ) : null;
}
