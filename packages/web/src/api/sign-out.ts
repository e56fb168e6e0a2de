import { call } from './client';
import { queryClient } from './query-client';
import { endSession, signOutTasks } from './session';

/**
 * Log out: revoke this session on the server (an empty id means the caller's own), then forget
 * everything local even if the server could not be told (the token is useless once wiped here).
 */
export async function logOut(): Promise<void> {
  for (const task of signOutTasks()) await task();
  try {
    await call('RevokeSession', { session: '' }, { retry: false });
  } catch {
    // Offline or already revoked: signing out locally is what the person asked for.
  } finally {
    endSession();
    queryClient.clear();
  }
}
