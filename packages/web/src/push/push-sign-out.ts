import { call } from '../api/client';
import { clearPushToken, readPushToken, resetPushArrived } from './push-state';

/**
 * Sign-out, before the session is revoked (RevokeInstallation needs it): the server stops
 * pushing to this browser for the person leaving. One try: offline, signing out goes on and the
 * server keeps the device until its push service reports the subscription gone.
 */
export async function revokePushOnSignOut(): Promise<void> {
  resetPushArrived();
  const token = readPushToken();
  if (token === null) return;
  try {
    await call(
      'RevokeInstallation',
      { fcmDeviceToken: token },
      { retry: false, showLoading: false },
    );
  } catch {
    // Offline or the session is already gone: signing out goes on.
  } finally {
    clearPushToken();
  }
}
