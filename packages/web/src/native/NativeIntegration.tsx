import { lazy, Suspense } from 'react';
import { isNativeShell } from '../bridge/bridge';

const NativeShell = lazy(() => import('./NativeShell'));

/**
 * Inside a native shell: the back button, route intents, local notifications and the API
 * configuration the shell keeps (NativeShell). In a browser nothing of it loads.
 */
export function NativeIntegration() {
  if (!isNativeShell()) return null;
  return (
    <Suspense fallback={null}>
      <NativeShell />
    </Suspense>
  );
}
