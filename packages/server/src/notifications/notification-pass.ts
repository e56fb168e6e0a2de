import { createHash, randomBytes } from 'node:crypto';
import { MINUTE_MS, TASK_DURATION_MAX_MS, type PlanResult } from '@planner/core';
import type { Kysely } from 'kysely';
import { findAccount } from '../accounts/accounts-repository';
import { defaultUserOptions } from '../accounts/accounts-presenter';
import type { StoredUserOptions } from '../accounts/account';
import type { Schema } from '../db/schema';
import { together } from '../db/together';
import { EVENT_LIMITS } from '../events/event-input';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { listReminderInstances } from '../reminders/reminder-instances';
import type { Db } from '../rpc/context';
import { tasksByIdRead } from '../tasks/tasks-repository';
import { eventInstancesBetween } from '../timeline/event-cache';
import { openTimeline, saveTimeline } from '../timeline/timeline-session';
import { currentBlock, EXTENSION_MS, remainingAt, type TimelineWorld } from '../timeline/world';
import {
  fill,
  formatTime,
  NOTIFICATION_TEXTS,
  notificationLocale,
  type NotificationTexts,
} from './notification-texts';
import {
  deleteOldNotifications,
  insertActionToken,
  insertSent,
  usersWithDevices,
} from './notification-pass-repository';
import type { PushDelivery } from './push-delivery';
import { topicOf, type PushMessage } from './push-senders';
import { publishChange } from '../realtime/publish-change';

/** How often the pass runs, and how far ahead it looks so a notification is not late. */
export const PASS_INTERVAL_MS = 30_000;
const LOOKAHEAD_MS = 15_000;
/** A notification whose time passed longer ago than this is not sent (a server back from a pause does not spam). */
const STALE_AFTER_MS = 5 * MINUTE_MS;
const LONG_SESSION_MS = 120 * MINUTE_MS;
const NEAR_END_MS = 3 * MINUTE_MS;
/** The sent-log and used action tokens are kept this long. */
const KEPT_MS = 2 * 24 * 60 * MINUTE_MS;

export type NotificationKind =
  'event' | 'reminder' | 'task' | 'longSession' | 'nearEnd' | 'autoExtended';
export type NotificationAction = 'takeBreak' | 'startNow' | 'moreTime';

/** One notification due: what it says, when, and (with actions) the block its token acts on. */
export interface DueNotification {
  key: string;
  kind: NotificationKind;
  fireAt: number;
  /** After this the notification is pointless: its push TTL runs until then. */
  staleAt: number;
  title: string;
  body: string;
  route: string;
  actions: NotificationAction[];
  /** The block the actions act on and when the token expires (the block's end). */
  block?: { id: string; end: number };
}

const ALERTS: ReadonlySet<NotificationKind> = new Set(['longSession', 'nearEnd']);

/** What every step of one user's pass knows: the window, the wording, the plan. */
interface PassStep {
  now: number;
  inWindow: (t: number) => boolean;
  texts: NotificationTexts;
  options: StoredUserOptions;
  /** A time as the user reads it (their zone, language and 12/24-hour choice). */
  time: (t: number) => string;
  world: TimelineWorld;
}

type UpcomingBlock = { id: string; taskId: string; start: number; end: number };
type CurrentTask = NonNullable<ReturnType<typeof currentBlock>>;

/**
 * What the user is to be told with a fire time in (now - STALE_AFTER_MS, now + LOOKAHEAD_MS],
 * from the plan as GetTimeline computes it at `now` (the replay is saved, as a read saves it).
 * Run inside a transaction. `changed`: the replay moved the timeline (publish it).
 */
async function notificationsDue(
  db: Db,
  userId: string,
  now: number,
): Promise<{ due: DueNotification[]; changed: boolean }> {
  const from = now - STALE_AFTER_MS;
  const to = now + LOOKAHEAD_MS;
  const account = await findAccount(db, userId, defaultUserOptions());
  if (!account) return { due: [], changed: false };
  const options = account.options;
  const locale = notificationLocale(options.locale);
  const session = await openTimeline(db, userId, now, { window: { start: from, end: to } });
  const { world } = session;
  const timeZone = session.profile.timezone;
  const step: PassStep = {
    now,
    inWindow: (t) => t > from && t <= to,
    texts: NOTIFICATION_TEXTS[locale],
    options,
    time: (t) => formatTime(t, locale, timeZone, options.timeFormat),
    world,
  };
  // The replay of this very pass may have extended the session (no earlier pass saw it coming).
  const extendedHere = world.changes.extended;
  const { plan, changed } = await saveTimeline(session);
  const events = await eventInstancesBetween(
    db,
    userId,
    from,
    to + EVENT_LIMITS.maxNotificationOffset,
    timeZone,
    world.state.calendarRevision,
  );
  const reminders = await listReminderInstances(db, userId, from, to + 1);
  const current = currentBlock(world);
  const currentTask = current && current.taskId && !current.isRest ? current : undefined;
  const upcoming = upcomingTaskBlocks(world, plan, now, current);
  const [tasks] = await together(db, [
    tasksByIdRead(
      db,
      userId,
      [...new Set([...upcoming.map((b) => b.taskId), currentTask?.taskId ?? ''])].filter(Boolean),
    ),
  ]);
  const titleOf = (taskId: string) =>
    tasks.find((t) => t.id === taskId)?.title || step.texts.untitled;
  const due = [
    ...eventsDue(step, events),
    ...remindersDue(step, reminders),
    ...tasksUpNextDue(step, upcoming, currentTask, titleOf),
    ...(currentTask
      ? currentSessionDue(step, currentTask, titleOf(currentTask.taskId ?? ''), extendedHere)
      : []),
  ];
  due.sort((a, b) => a.fireAt - b.fireAt || (a.key < b.key ? -1 : 1));
  return { due, changed };
}

/** Events at their notification offsets. */
function eventsDue(
  { inWindow, texts, time }: PassStep,
  events: Awaited<ReturnType<typeof eventInstancesBetween>>,
): DueNotification[] {
  const due: DueNotification[] = [];
  for (const event of events) {
    for (const offset of event.notifications) {
      const fireAt = event.start - offset;
      if (!inWindow(fireAt)) continue;
      const route = `/event/${encodeURIComponent(event.id)}/${event.start}/${event.end}/${event.instanceNumber}/${String(event.isVirtual)}`;
      due.push({
        key: `event:${event.id}:${event.start}:${fireAt}`,
        kind: 'event',
        fireAt,
        staleAt: Math.max(event.start, fireAt) + STALE_AFTER_MS,
        title: event.title || texts.untitled,
        body:
          offset === 0 || event.allDay
            ? texts.eventStartsNow
            : fill(texts.eventStartsAt, { time: time(event.start) }),
        route,
        actions: [],
      });
    }
  }
  return due;
}

/** Reminders at their time (all-day reminders have none). */
function remindersDue(
  { inWindow, texts, time }: PassStep,
  reminders: Awaited<ReturnType<typeof listReminderInstances>>,
): DueNotification[] {
  const due: DueNotification[] = [];
  for (const reminder of reminders) {
    if (reminder.allDay || reminder.status !== 0 || !inWindow(reminder.start)) continue;
    due.push({
      key: `reminder:${reminder.instanceId}:${reminder.start}`,
      kind: 'reminder',
      fireAt: reminder.start,
      staleAt: reminder.start + 60 * MINUTE_MS,
      title: reminder.title || texts.untitled,
      body: fill(texts.reminderAt, { time: time(reminder.start) }),
      route: `/reminders/${encodeURIComponent(reminder.id)}/${reminder.start}`,
      actions: [],
    });
  }
  return due;
}

/** The task blocks still to start, stored or planned. */
function upcomingTaskBlocks(
  world: TimelineWorld,
  plan: PlanResult,
  now: number,
  current: ReturnType<typeof currentBlock>,
): UpcomingBlock[] {
  return [
    ...[...world.blocks.values()]
      .filter((b) => b.taskId && !b.isRest && b.end > b.start && b.start > now && b !== current)
      .map((b) => ({ id: b.id, taskId: b.taskId ?? '', start: b.start, end: b.end })),
    ...plan.timeblocks
      .filter((b) => b.end > b.start && b.start > now)
      .map((b) => ({
        id: `planned:${b.task}:${b.start}`,
        taskId: b.task,
        start: b.start,
        end: b.end,
      })),
  ];
}

/** The task up next, `taskNotificationOffset` before its block. */
function tasksUpNextDue(
  { inWindow, texts, time, options, world }: PassStep,
  upcoming: UpcomingBlock[],
  currentTask: CurrentTask | undefined,
  titleOf: (taskId: string) => string,
): DueNotification[] {
  const due: DueNotification[] = [];
  if (!options.taskNotificationEnabled || world.state.isPaused) return due;
  const seen = new Set<string>();
  for (const block of upcoming.sort((a, b) => a.start - b.start)) {
    const fireAt = block.start - options.taskNotificationOffset;
    const key = `task:${block.taskId}:${block.start}`;
    if (!inWindow(fireAt) || seen.has(key)) continue;
    seen.add(key);
    // The block before it is a task too: the user may rather go on with it.
    const afterTask = currentTask !== undefined && currentTask.end >= block.start - MINUTE_MS;
    due.push({
      key,
      kind: 'task',
      fireAt,
      staleAt: block.start + STALE_AFTER_MS,
      title: titleOf(block.taskId),
      body:
        options.taskNotificationOffset === 0
          ? texts.taskUpNextNow
          : fill(texts.taskUpNextAt, { time: time(block.start) }),
      route: '/agenda',
      actions: afterTask ? ['startNow', 'moreTime'] : ['startNow'],
      block: { id: block.id, end: block.end },
    });
  }
  return due;
}

/** The running session: long, near its end, extended. */
function currentSessionDue(
  { inWindow, texts, world }: PassStep,
  currentTask: CurrentTask,
  title: string,
  extendedHere: boolean,
): DueNotification[] {
  const due: DueNotification[] = [];
  const { id, start, end, isFixed } = currentTask;
  const taskId = currentTask.taskId ?? '';
  const length = end - start;
  const longAt = start + LONG_SESSION_MS;
  if (!isFixed && length > LONG_SESSION_MS && inWindow(longAt)) {
    due.push({
      key: `longSession:${id}:${start}`,
      kind: 'longSession',
      fireAt: longAt,
      staleAt: end,
      title,
      body: texts.longSession,
      route: '/agenda',
      actions: ['takeBreak'],
      block: { id, end },
    });
  }
  const nearAt = end - NEAR_END_MS;
  if (!isFixed && length > NEAR_END_MS && inWindow(nearAt)) {
    due.push({
      key: `nearEnd:${id}:${end}`,
      kind: 'nearEnd',
      fireAt: nearAt,
      staleAt: end,
      title,
      body: texts.nearEnd,
      route: '/agenda',
      actions: ['moreTime'],
      block: { id, end },
    });
  }
  // The session will be extended at its end (auto-extend on, no time left), or just was.
  const task = world.tasks.get(taskId);
  const willExtend =
    world.state.autoExtend &&
    task !== undefined &&
    remainingAt(world, taskId, end) <= 0 &&
    task.timeScheduled + EXTENSION_MS <= TASK_DURATION_MAX_MS;
  const extendedAt = extendedHere ? end - EXTENSION_MS : willExtend ? end : undefined;
  if (extendedAt !== undefined && inWindow(extendedAt)) {
    due.push({
      key: `autoExtended:${id}:${extendedAt}`,
      kind: 'autoExtended',
      fireAt: extendedAt,
      staleAt: extendedAt + EXTENSION_MS,
      title,
      body: texts.autoExtended,
      route: '/agenda',
      actions: [],
    });
  }
  return due;
}

export function hashActionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The push message of a notification (the service worker's contract, docs/notifications.md). */
export function pushMessageOf(
  notification: DueNotification,
  now: number,
  actionToken: string | undefined,
): PushMessage {
  return {
    payload: {
      type: 'notification',
      kind: notification.kind,
      title: notification.title,
      body: notification.body,
      route: notification.route,
      tag: notification.key,
      timestamp: notification.fireAt,
      actions: notification.actions,
      ...(actionToken ? { actionToken } : {}),
    },
    ttlSeconds: Math.max(60, Math.ceil((notification.staleAt - now) / 1000)),
    urgency: ALERTS.has(notification.kind) ? 'high' : 'normal',
    topic: topicOf(notification.key),
    notification: { title: notification.title, body: notification.body },
  };
}

/**
 * Claims a notification for sending: its key goes into the sent-log (unique per user) and, when
 * it has actions, a single-use action token is stored hashed. Answers the message to send, or
 * undefined when it was claimed before (by an earlier pass or another process).
 */
async function claimNotification(
  db: Db,
  userId: string,
  notification: DueNotification,
  now: number,
): Promise<PushMessage | undefined> {
  const claimed = await insertSent(db, userId, {
    key: notification.key,
    fireAt: notification.fireAt,
    sentAt: now,
  });
  if (!claimed) return undefined;
  let actionToken: string | undefined;
  if (notification.block && notification.actions.length > 0) {
    actionToken = randomBytes(24).toString('base64url');
    await insertActionToken(db, userId, {
      tokenHash: hashActionToken(actionToken),
      blockId: notification.block.id,
      expiresAt: notification.block.end,
    });
  }
  return pushMessageOf(notification, now, actionToken);
}

/**
 * The notification pass (every PASS_INTERVAL_MS): for each user with a device, what is due is
 * claimed in one transaction (the sent-log insert comes before any send), then sent after the
 * commit, so with several processes each notification goes out once. Answers the pushes delivered.
 */
export async function runNotificationPass(
  db: Kysely<Schema>,
  delivery: PushDelivery,
  realtime: Pick<RealtimeHub, 'publish'>,
  now: number,
): Promise<number> {
  await deleteOldNotifications(db, now - KEPT_MS);
  const users = await usersWithDevices(db);
  let delivered = 0;
  // One user's failure (a bad row, a lost connection) does not hold back the others' pushes;
  // the first error is thrown at the end, for the job to log.
  let failure: unknown;
  for (const userId of users) {
    try {
      delivered += await passForUser(db, delivery, realtime, userId, now);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return delivered;
}

async function passForUser(
  db: Kysely<Schema>,
  delivery: PushDelivery,
  realtime: Pick<RealtimeHub, 'publish'>,
  userId: string,
  now: number,
): Promise<number> {
  const { messages, changed } = await db.transaction().execute(async (trx) => {
    const { due, changed } = await notificationsDue(trx, userId, now);
    const messages: PushMessage[] = [];
    for (const notification of due) {
      const message = await claimNotification(trx, userId, notification, now);
      if (message) messages.push(message);
    }
    return { messages, changed };
  });
  if (changed) {
    await publishChange(realtime, userId, 'timelineStateUpdated');
  }
  let delivered = 0;
  for (const message of messages) delivered += await delivery.deliver(userId, message, now);
  return delivered;
}
