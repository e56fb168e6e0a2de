import { TASK_DURATION_MAX_MS } from '@planner/core';
import type { AuthedContext, PublicContext } from '../rpc/context';
import { invalid } from '../rpc/errors';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { finish, goNext, organizeTimeblocks } from '../timeline/timeline-service';
import { openTimeline } from '../timeline/timeline-session';
import { currentBlock, EXTENSION_MS } from '../timeline/world';
import { hashActionToken, type NotificationAction } from './notification-pass';
import { spendActionToken } from './notification-pass-repository';
import { publishChange } from '../realtime/publish-change';

const NOTIFICATION_ACTIONS: readonly NotificationAction[] = ['takeBreak', 'startNow', 'moreTime'];

/** The one message a refused token gets: unknown, used and expired look the same. */
const ACTION_REFUSED = 'invalid.notificationActionExpired';

/**
 * Runs a notification's action button for the token's user (the service worker calls without a
 * session): takeBreak rests 30 minutes, startNow goes to the next task, moreTime gives the
 * current task block 30 more minutes. The token works once, until its block's end. Answers the
 * user whose timeline changed.
 */
export async function runNotificationAction(
  ctx: PublicContext,
  realtime: Pick<RealtimeHub, 'publish'>,
  token: string,
  action: string,
): Promise<string> {
  if (!NOTIFICATION_ACTIONS.includes(action as NotificationAction)) {
    throw invalid('field "action": takeBreak, startNow or moreTime');
  }
  const now = ctx.now();
  const hash = hashActionToken(token);
  // Used in one statement: of two clicks racing, one updates the row and the other finds it used.
  const used = await spendActionToken(ctx.db, hash, now);
  if (!used) throw invalid(ACTION_REFUSED);
  const userId = used.userId;
  const authed: AuthedContext = {
    ...ctx,
    db: ctx.db,
    afterCommit: (effect) => ctx.afterCommit(effect),
    now: () => ctx.now(),
    userId,
    sessionId: '',
    // The timeline's controls report only their saves, which record the change themselves.
    changed: (type) => ctx.afterCommit(() => publishChange(realtime, userId, type)),
  };
  if (action === 'takeBreak') {
    await organizeTimeblocks(authed, { rest: EXTENSION_MS, nextTask: '', keepCurrent: false });
  } else if (action === 'startNow') {
    await goNext(authed);
  } else {
    await moreTime(authed);
  }
  return userId;
}

/** 30 more minutes on the current task block (its task's estimate grows with it). */
async function moreTime(ctx: AuthedContext): Promise<void> {
  // The person pressed the button: the re-plan names their call (the service worker's request
  // id) as its cause, as a control's does.
  const session = await openTimeline(ctx.db, ctx.userId, ctx.now(), {
    forWrite: true,
    cause: ctx.requestId,
  });
  const { world } = session;
  const block = currentBlock(world);
  const task = block?.taskId && !block.isRest ? world.tasks.get(block.taskId) : undefined;
  if (!block || !task || task.timeScheduled + EXTENSION_MS > TASK_DURATION_MAX_MS) {
    throw invalid(ACTION_REFUSED);
  }
  task.timeScheduled += EXTENSION_MS;
  block.end += EXTENSION_MS;
  block.updatedAt = session.now;
  world.changes.tasks.add(task.id);
  world.changes.blocks.add(block.id);
  await finish(ctx, session, true);
}
