import { onSessionInvalid } from '../api/client';
import { beforeSignOut } from '../api/session';
import { connectErrorReporter, queryClient } from '../api/query-client';
import { persistQueryCache } from '../api/query-persistence';
import { showToast } from '../components/toast-store';
import { changeLabelOf, installOfflineQueue } from '../offline/offline-queue';
import { showOrLogError } from './show-or-log-error';
import { declareTaskOfflineChanges } from '../tasks/tasks-api';

/** Push's part of sign-out, loaded when someone signs out (not with the app's start). */
async function revokePushDevice(): Promise<void> {
  const push = await import('../push/push-sign-out').catch(() => null);
  await push?.revokePushOnSignOut();
}

/**
 * The one place that connects the features to the lowest layer (api/): where errors go, the
 * offline queue's mutation defaults, what a session the server refused clears, what sign-out
 * does first. Called once at start, before the saved cache is restored (restored changes need
 * their defaults), then restores and keeps saving the cache.
 */
export function connectFeatures(): void {
  connectErrorReporter(showOrLogError);
  installOfflineQueue(queryClient);
  declareTaskOfflineChanges();
  onSessionInvalid(() => {
    queryClient.clear();
    // The person did not sign out here: the login screen says why they are on it.
    showToast({ key: 'app-status:signedOutElsewhere', severity: 'warning', timeoutMs: 15_000 });
  });
  beforeSignOut(revokePushDevice);
  persistQueryCache(queryClient, (mutation) => changeLabelOf(mutation) !== null);
}
