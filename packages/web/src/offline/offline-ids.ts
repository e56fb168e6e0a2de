/** A task created while offline is listed under this id until the server gives it one. */
const OFFLINE_TASK_PREFIX = 'offline-';

/** The list id of the task a queued creation makes (its change's idempotency key). */
export function offlineTaskId(changeKey: string): string {
  return `${OFFLINE_TASK_PREFIX}${changeKey}`;
}

/** A task the server has not seen yet: listed, not opened (there is nothing to open). */
export function isOfflineTaskId(id: string): boolean {
  return id.startsWith(OFFLINE_TASK_PREFIX);
}
