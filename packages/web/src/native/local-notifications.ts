import { HOUR_MS, MINUTE_MS } from '@planner/core';
import type { WireContainer } from '../agenda/types';
import type {
  LocalNotification,
  LocalNotificationKind,
  NotificationAction,
  NotificationCategory,
  NotificationCategorySpec,
} from '../bridge/bridge-contract';
import { agendaDayRoute } from '../bridge/intents';

/** Spec: at most 30 scheduled local notifications (events and tasks; reminders come by push). */
export const MAX_LOCAL_NOTIFICATIONS = 30;
/** Spec: scheduling is debounced by 2 s. */
export const SCHEDULE_DEBOUNCE_MS = 2000;
/** Long-session alert 2 hours into a non-fixed block longer than 2 hours. */
export const LONG_SESSION_MS = 2 * HOUR_MS;
/** Near-end alert 3 minutes before the end of a non-fixed block longer than 3 minutes. */
export const NEAR_END_MS = 3 * MINUTE_MS;
/** Blocks this close count as one after the other (the planner leaves no gap). */
const ADJACENT_MS = MINUTE_MS;

/** Which buttons each category shows. */
export const CATEGORY_ACTIONS: Record<NotificationCategory, NotificationAction[]> = {
  taskUpNext: ['startNow', 'takeBreak'],
  taskUpNextAfterTask: ['moreTime', 'takeBreak'],
  longTimeblock: ['takeBreak', 'moreTime'],
  timeblockNearEnd: ['moreTime', 'startNow'],
};

export type Translate = (key: string, values?: Record<string, string>) => string;

export function notificationCategories(t: Translate): NotificationCategorySpec[] {
  return (Object.keys(CATEGORY_ACTIONS) as NotificationCategory[]).map((id) => ({
    id,
    actions: CATEGORY_ACTIONS[id].map((action) => ({ id: action, title: t(`actions.${action}`) })),
  }));
}

/**
 * A positive 31-bit id from the instance, the timestamp and the kind (Android's notification
 * ids are 32-bit ints): the same notification planned again keeps its id (FNV-1a).
 */
export function notificationId(
  instance: string,
  timestamp: number,
  kind: LocalNotificationKind,
): number {
  let hash = 0x811c9dc5;
  for (const char of `${instance}|${timestamp}|${kind}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 1 || 1;
}

export interface PlanInput {
  containers: readonly WireContainer[];
  now: number;
  timeZone: string;
  /** BCP 47 tag the times are written in. */
  tag: string;
  /** undefined: the language's own clock. */
  hour12: boolean | undefined;
  taskNotificationEnabled: boolean;
  taskNotificationOffset: number;
  t: Translate;
}

interface Block {
  instance: string;
  start: number;
  end: number;
  isTask: boolean;
  fixed: boolean;
  title: string;
  color: string | undefined;
}

function blocksOf(containers: readonly WireContainer[]): Block[] {
  const blocks: Block[] = [];
  for (const { timeblock, event } of containers) {
    if (!timeblock || timeblock.isRest || timeblock.locking) continue;
    if (timeblock.end <= timeblock.start) continue;
    const task = timeblock.task;
    if (task?.id) {
      blocks.push({
        instance: timeblock.id || `${task.id}@${timeblock.start}`,
        start: timeblock.start,
        end: timeblock.end,
        isTask: true,
        fixed: timeblock.fixed,
        title: task.title,
        color: task.category?.color || undefined,
      });
    } else if (event) {
      blocks.push({
        instance: `${event.id}@${event.start}`,
        start: timeblock.start,
        end: timeblock.end,
        isTask: false,
        fixed: true,
        title: event.title,
        color: event.category?.color || undefined,
      });
    }
  }
  return blocks.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * The local notifications of a stretch of the timeline: events at their offsets, the task up
 * next at the person's offset, the long-session and near-end alerts of non-fixed task blocks.
 * Only future ones, soonest first, at most 30.
 */
export function planLocalNotifications(input: PlanInput): LocalNotification[] {
  const { t, now } = input;
  const clock = new Intl.DateTimeFormat(input.tag, {
    // A 24-hour clock reads 09:00, a 12-hour one 9:00 AM.
    hour: input.hour12 === false ? '2-digit' : 'numeric',
    minute: '2-digit',
    timeZone: input.timeZone,
    ...(input.hour12 !== undefined && { hour12: input.hour12 }),
  });
  const planned: LocalNotification[] = [];
  const add = (
    instance: string,
    kind: LocalNotificationKind,
    time: number,
    fields: Omit<LocalNotification, 'id' | 'kind' | 'time'>,
  ) => {
    if (time <= now) return;
    planned.push({ id: notificationId(instance, time, kind), kind, time, ...fields });
  };

  const blocks = blocksOf(input.containers);
  for (const { event } of input.containers) {
    if (!event || !event.id) continue;
    for (const offset of event.notifications) {
      add(`${event.id}@${event.start}`, 'event', event.start - offset, {
        title: event.title,
        content: t('event.content', { time: clock.format(event.start) }),
        color: event.category?.color || undefined,
        route: agendaDayRoute(event.start),
      });
    }
  }
  blocks.forEach((block, index) => {
    if (!block.isTask) return;
    const route = agendaDayRoute(block.start);
    if (input.taskNotificationEnabled) {
      const previous = blocks
        .slice(0, index)
        .filter((b) => b.end <= block.start && block.start - b.end <= ADJACENT_MS)
        .at(-1);
      const category: NotificationCategory = previous?.isTask
        ? 'taskUpNextAfterTask'
        : 'taskUpNext';
      add(block.instance, 'task', block.start - input.taskNotificationOffset, {
        title: t(`${category}.title`, { title: block.title }),
        content: t(`${category}.content`, {
          time: clock.format(block.start),
          previous: previous?.title ?? '',
        }),
        category,
        color: block.color,
        route,
      });
    }
    if (block.fixed) return;
    const length = block.end - block.start;
    if (length > LONG_SESSION_MS)
      add(block.instance, 'task', block.start + LONG_SESSION_MS, {
        title: t('longTimeblock.title', { title: block.title }),
        content: t('longTimeblock.content'),
        category: 'longTimeblock',
        color: block.color,
        route,
      });
    if (length > NEAR_END_MS)
      add(block.instance, 'task', block.end - NEAR_END_MS, {
        title: t('timeblockNearEnd.title', { title: block.title }),
        content: t('timeblockNearEnd.content', { time: clock.format(block.end) }),
        category: 'timeblockNearEnd',
        color: block.color,
        route,
      });
  });

  const seen = new Set<number>();
  return planned
    .sort((a, b) => a.time - b.time || a.id - b.id)
    .filter((n) => !seen.has(n.id) && Boolean(seen.add(n.id)))
    .slice(0, MAX_LOCAL_NOTIFICATIONS);
}

export interface Scheduler {
  /** Plan again after 2 s of quiet (each request restarts the wait). */
  request(): void;
  /** Sign-out: drop any waiting run and every scheduled notification. */
  clear(): Promise<void>;
  dispose(): void;
}

/**
 * Runs `schedule` once changes have settled for SCHEDULE_DEBOUNCE_MS. A run's failure is
 * reported and the next change tries again.
 */
export function createScheduler(options: {
  schedule: () => Promise<void>;
  clear: () => Promise<void>;
  onError: (error: unknown) => void;
  debounceMs?: number;
}): Scheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    request() {
      stop();
      timer = setTimeout(() => {
        timer = undefined;
        options.schedule().catch(options.onError);
      }, options.debounceMs ?? SCHEDULE_DEBOUNCE_MS);
    },
    async clear() {
      stop();
      await options.clear();
    },
    dispose: stop,
  };
}
