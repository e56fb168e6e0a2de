import { randomUUID } from 'node:crypto';
import { DAY_MS, instanceAt, startOfLocalDay } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { checkScope, lockUserWrites } from '../events/events-service';
import type { OccurrenceState, ReminderInstance, StoredReminder } from './reminder';
import {
  checkReminderValues,
  checkStatus,
  mergeReminderValues,
  parseReminderMask,
  type ReminderValues,
} from './reminder-input';
import {
  isRecurringReminder,
  lastStartOf,
  listReminderInstances,
  seriesOfReminder,
  toReminderInstance,
} from './reminder-instances';
import {
  currentReminderValues,
  locateReminder,
  reminderValuesOf,
  settled,
} from './reminder-locate';
import { deleteRecurringReminder, editRecurringReminder } from './reminder-scopes';
import {
  deleteReminderRows,
  findReminder,
  insertReminder,
  listOccurrences,
  listOpenOneOffsBefore,
  saveOccurrence,
  saveReminder,
} from './reminders-repository';

type Db = Kysely<Schema>;

export interface ReminderCaller {
  db: Db;
  userId: string;
  now: number;
  /** The user's zone: reminders saved without one, and the day boundary of "overdue". */
  timeZone: string;
}

/** Recurring occurrences older than this are no longer shown as overdue. */
const OVERDUE_RECURRING_DAYS = 30;

function blankOccurrence(reminderId: string, instanceNumber: number): OccurrenceState {
  return {
    reminderId,
    instanceNumber,
    status: 0,
    isDeleted: false,
    start: null,
    title: null,
    star: null,
    allDay: null,
    updatedAt: 0,
  };
}

export async function createReminder(
  caller: ReminderCaller,
  input: ReminderValues,
): Promise<ReminderInstance> {
  const values = checkReminderValues(input, caller.timeZone);
  const { now } = caller;
  const draft: StoredReminder = {
    ...values,
    id: randomUUID(),
    status: values.recurrenceRule ? 0 : values.status,
    rootId: '',
    exceptions: [],
    lastStart: 0,
    createdAt: now,
    updatedAt: now,
  };
  const reminder = { ...draft, lastStart: lastStartOf(draft) };
  await insertReminder(caller.db, caller.userId, reminder);
  // A series answers its first occurrence: not its start when that is off the rule's pattern.
  const first = isRecurringReminder(reminder) ? instanceAt(seriesOfReminder(reminder), 0) : null;
  return toReminderInstance(
    reminder,
    first ?? { start: reminder.start, end: reminder.start, instanceNumber: 0 },
  );
}

export function getReminders(
  caller: ReminderCaller,
  start: number,
  end: number,
): Promise<ReminderInstance[]> {
  return listReminderInstances(caller.db, caller.userId, start, end, true);
}

export interface UpdateReminderInput {
  id: string;
  origin: number;
  incoming: ReminderValues;
  type: number;
  fields: readonly string[];
}

export async function updateReminder(
  caller: ReminderCaller,
  input: UpdateReminderInput,
): Promise<ReminderInstance> {
  const mask = parseReminderMask(input.fields);
  const scope = checkScope(input.type);
  const { db, userId, now, timeZone } = caller;
  await lockUserWrites(caller);
  const located = await locateReminder(db, userId, input.id, input.origin, input.incoming.start);
  const current = currentReminderValues(located);
  const next = checkReminderValues(mergeReminderValues(current, input.incoming, mask), timeZone);
  if (located.kind === 'single') {
    const saved = settled({ ...located.row, ...next }, [], now);
    await saveReminder(db, userId, saved);
    return toReminderInstance(saved, { start: saved.start, end: saved.start, instanceNumber: 0 });
  }
  const seriesMask = new Set([...mask].filter((f) => f !== 'start' && f !== 'status'));
  const seriesValues = checkReminderValues(
    mergeReminderValues(reminderValuesOf(located.row), input.incoming, seriesMask),
    timeZone,
  );
  const edit = { current, next, seriesValues, statusChanged: mask.has('status') };
  return editRecurringReminder(db, userId, located, edit, scope, now);
}

export async function toggleThisReminder(
  caller: ReminderCaller,
  input: { id: string; start: number; origin: number; status: number },
): Promise<void> {
  const status = checkStatus(input.status);
  const { db, userId, now } = caller;
  await lockUserWrites(caller);
  const located = await locateReminder(db, userId, input.id, input.origin, input.start);
  if (located.kind === 'single') {
    await saveReminder(db, userId, { ...located.row, status, updatedAt: now });
    return;
  }
  const state: OccurrenceState = {
    ...(located.state ?? blankOccurrence(located.row.id, located.instanceNumber)),
    status,
    updatedAt: now,
  };
  await saveOccurrence(db, userId, state);
}

export async function deleteReminder(
  caller: ReminderCaller,
  input: { id: string; type: number; origin: number; start: number },
): Promise<void> {
  const scope = checkScope(input.type);
  const { db, userId, now } = caller;
  await lockUserWrites(caller);
  const located = await locateReminder(db, userId, input.id, input.origin, input.start);
  if (located.kind === 'single') await deleteReminderRows(db, userId, [located.row.id]);
  else await deleteRecurringReminder(db, userId, located, scope, now);
}

/**
 * Open occurrences from before today (the user's local day): one-off reminders however old,
 * recurring ones of the last 30 days and not from before the series was created.
 */
export async function getOverdueReminders(caller: ReminderCaller): Promise<ReminderInstance[]> {
  const { db, userId, now, timeZone } = caller;
  const today = startOfLocalDay(now, timeZone);
  const from = today - OVERDUE_RECURRING_DAYS * DAY_MS;
  const recent = (await listReminderInstances(db, userId, from, today)).filter(
    (r) =>
      r.status === 0 &&
      (r.recurrenceRule === null || r.start >= startOfLocalDay(r.createdAt, timeZone)),
  );
  const older = (await listOpenOneOffsBefore(db, userId, from)).map((r) =>
    toReminderInstance(r, { start: r.start, end: r.start, instanceNumber: 0 }),
  );
  return [...older, ...recent];
}

/** Deletes every overdue occurrence (a one-off reminder entirely); cannot be undone. */
export async function cleanOverdueReminders(caller: ReminderCaller): Promise<number> {
  const { db, userId, now } = caller;
  await lockUserWrites(caller);
  const overdue = await getOverdueReminders(caller);
  const oneOffs = overdue.filter((r) => r.recurrenceRule === null).map((r) => r.id);
  await deleteReminderRows(db, userId, oneOffs);
  const bySeries = new Map<string, number[]>();
  for (const r of overdue.filter((x) => x.recurrenceRule !== null)) {
    bySeries.set(r.id, [...(bySeries.get(r.id) ?? []), r.instanceNumber]);
  }
  for (const [id, numbers] of bySeries) {
    const row = await findReminder(db, userId, id);
    if (!row) continue;
    const states = new Map(
      (await listOccurrences(db, userId, [id])).map((s) => [s.instanceNumber, s]),
    );
    for (const n of numbers) {
      const deleted: OccurrenceState = {
        ...(states.get(n) ?? blankOccurrence(id, n)),
        isDeleted: true,
        updatedAt: now,
      };
      await saveOccurrence(db, userId, deleted);
      states.set(n, deleted);
    }
    await saveReminder(db, userId, settled(row, [...states.values()], now));
  }
  return overdue.length;
}
