import {
  DAY_MS,
  expandRecurrence,
  instanceAt,
  isRecurring,
  type RecurrenceInstance,
  type StoredSeries,
} from '@planner/core';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@planner/protocol';
import { AppError } from '../rpc/errors';
import type { Schema } from '../db/schema';
import { NO_END } from '../events/event';
import type { OccurrenceState, ReminderInstance, StoredReminder } from './reminder';
import { together } from '../db/together';
import {
  findReminders,
  listOccurrencesInRanges,
  movedOccurrencesRead,
  remindersBetweenRead,
} from './reminders-repository';

type Db = Kysely<Schema>;

const NONE = { freq: 'none' as const, interval: 1, byDay: '', until: 0, count: 0 };

/** The recurrence series of a reminder: occurrences are instants (end equals start). */
export function seriesOfReminder(
  reminder: StoredReminder,
  exceptions: readonly number[] = reminder.exceptions,
): StoredSeries {
  return {
    start: reminder.start,
    end: reminder.start,
    rule: reminder.recurrenceRule ?? NONE,
    timeZone: reminder.timezone || 'UTC',
    allDay: reminder.allDay,
    exceptions: [...exceptions],
  };
}

export function isRecurringReminder(reminder: StoredReminder): boolean {
  return isRecurring(reminder.recurrenceRule);
}

/** A bound on the start of the last occurrence, so range queries skip finished series. */
export function lastStartOf(reminder: StoredReminder): number {
  const rule = reminder.recurrenceRule;
  if (!isRecurring(rule)) return reminder.start;
  if (rule.count > 0)
    return instanceAt(seriesOfReminder(reminder), rule.count - 1)?.start ?? NO_END;
  if (rule.until > 0) return rule.until + DAY_MS;
  return NO_END;
}

/** An occurrence: the series' values at `at`, with what was changed for it alone. */
export function toReminderInstance(
  reminder: StoredReminder,
  at: RecurrenceInstance,
  state?: OccurrenceState,
): ReminderInstance {
  const recurring = isRecurringReminder(reminder);
  return {
    id: reminder.id,
    instanceId: `${reminder.id}:${at.start}`,
    title: state?.title ?? reminder.title,
    start: state?.start ?? at.start,
    allDay: state?.allDay ?? reminder.allDay,
    timezone: reminder.timezone,
    status: recurring ? (state?.status ?? 0) : reminder.status,
    star: state?.star ?? reminder.star,
    origin: at.start,
    instanceNumber: at.instanceNumber,
    recurrenceRule: reminder.recurrenceRule,
    createdAt: reminder.createdAt,
  };
}

function single(reminder: StoredReminder): RecurrenceInstance {
  return { start: reminder.start, end: reminder.start, instanceNumber: 0 };
}

const keyOf = (id: string, n: number) => `${id}#${n}`;

/**
 * Every reminder occurrence of the user starting in [start, end), sorted by start: one-off
 * reminders, the occurrences of recurring ones (with their own done state), and occurrences
 * moved into the window. For GetReminders and the timeline.
 */
export async function listReminderInstances(
  db: Db,
  userId: string,
  start: number,
  end: number,
  isBounded = false,
): Promise<ReminderInstance[]> {
  if (!(end > start)) return [];
  const [inWindow, moved] = await together(db, reminderWindowReads(db, userId, start, end));
  return reminderInstancesOf(db, userId, start, end, inWindow, moved, isBounded);
}

/**
 * The two reads every window starts with (its reminders, and occurrences moved into it), for a
 * caller to send with its own; reminderInstancesOf finishes the answer from them.
 */
export function reminderWindowReads(db: Db, userId: string, start: number, end: number) {
  return [
    remindersBetweenRead(db, userId, start, end),
    movedOccurrencesRead(db, userId, start, end),
  ] as const;
}

/**
 * The most reminder occurrences one window answers (GetReminders, GetTimeline): each costs
 * expansion, a state lookup and its place in the answer, about 20 µs in all, so this keeps a
 * window's reminders near 50 ms. 100 daily reminders fill it in 20 days.
 */
export const MAX_WINDOW_OCCURRENCES = 2_500;

/** A window with more reminder occurrences than MAX_WINDOW_OCCURRENCES: ask for less. */
function tooManyOccurrences(): AppError {
  return new AppError(
    ErrorCode.PayloadTooLarge,
    `field "end": the window holds more than ${MAX_WINDOW_OCCURRENCES} reminder occurrences; ` +
      'ask for a shorter one',
  );
}

/**
 * listReminderInstances from its window's first reads (reading more only when it must). With
 * `isBounded`, a window past MAX_WINDOW_OCCURRENCES is refused (413) as soon as the expansion
 * passes it, before any more work is done.
 */
export async function reminderInstancesOf(
  db: Db,
  userId: string,
  start: number,
  end: number,
  inWindow: StoredReminder[],
  moved: OccurrenceState[],
  isBounded = false,
): Promise<ReminderInstance[]> {
  if (!(end > start)) return [];
  const known = new Map(inWindow.map((r) => [r.id, r]));
  const missing = [...new Set(moved.map((o) => o.reminderId))].filter((id) => !known.has(id));
  for (const r of await findReminders(db, userId, missing)) known.set(r.id, r);
  let count = inWindow.filter((r) => !isRecurringReminder(r)).length + moved.length;
  const expanded = inWindow.filter(isRecurringReminder).map((reminder) => {
    const instances = expandRecurrence({
      ...seriesOfReminder(reminder),
      windowStart: start,
      windowEnd: end,
    });
    count += instances.length;
    if (isBounded && count > MAX_WINDOW_OCCURRENCES) throw tooManyOccurrences();
    return { reminder, instances };
  });
  const ranges = expanded.flatMap(({ reminder, instances }) =>
    instances.length === 0
      ? []
      : [
          {
            reminderId: reminder.id,
            from: instances[0]?.instanceNumber ?? 0,
            to: instances[instances.length - 1]?.instanceNumber ?? 0,
          },
        ],
  );
  const states = new Map(
    (await listOccurrencesInRanges(db, userId, ranges)).map((o) => [
      keyOf(o.reminderId, o.instanceNumber),
      o,
    ]),
  );
  const out: ReminderInstance[] = inWindow
    .filter((r) => !isRecurringReminder(r) && r.start >= start && r.start < end)
    .map((r) => toReminderInstance(r, single(r)));
  for (const { reminder, instances } of expanded) {
    for (const at of instances) {
      out.push(toReminderInstance(reminder, at, states.get(keyOf(reminder.id, at.instanceNumber))));
    }
  }
  for (const state of moved) {
    const reminder = known.get(state.reminderId);
    const at = reminder && instanceAt(seriesOfReminder(reminder, []), state.instanceNumber);
    if (reminder && at) out.push(toReminderInstance(reminder, at, state));
  }
  return out.sort((a, b) => a.start - b.start || (a.instanceId < b.instanceId ? -1 : 1));
}
