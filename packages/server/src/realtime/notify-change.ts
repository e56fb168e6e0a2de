import type { AuthedContext } from '../rpc/context';
import { recordChange } from '../plan-store/timeline-state';
import type { RealtimeEventType } from './realtime-hub';

/**
 * Every change of a user's planning data goes through here (docs/design.md, Planning): it bumps
 * timelineUpdatedAt (or reminderUpdatedAt for reminders) inside the call's transaction, so
 * polling clients see it, and after commit sends the push message to the user's other open
 * streams. Events, reminders and categories call it after their writes:
 * `await notifyChange(ctx, 'reminderStateUpdated')`.
 */
export async function notifyChange(
  ctx: Pick<AuthedContext, 'db' | 'userId' | 'now' | 'notify'>,
  type: RealtimeEventType,
): Promise<void> {
  await recordChange(ctx.db, ctx.userId, type, ctx.now());
  ctx.notify(type);
}
