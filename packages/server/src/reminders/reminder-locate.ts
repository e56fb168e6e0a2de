import { instanceAt, instanceNumberAt, type RecurrenceInstance } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { notFound } from '../rpc/errors';
import type { OccurrenceState, StoredReminder } from './reminder';
import type { ReminderValues } from './reminder-input';
import { isRecurringReminder, lastStartOf, seriesOfReminder } from './reminder-instances';
import { findReminder, listOccurrences } from './reminders-repository';

type Db = Kysely<Schema>;

export type LocatedReminder =
  | { kind: 'single'; row: StoredReminder }
  | {
      kind: 'occurrence';
      row: StoredReminder;
      instanceNumber: number;
      /** Where the series puts it (its origin). */
      at: RecurrenceInstance;
      /** Every stored occurrence state of the series. */
      states: OccurrenceState[];
      state: OccurrenceState | undefined;
    };

/**
 * The occurrence a request names: the reminder id and, for a series, the occurrence's origin
 * (or, when origin is 0, its current start). Missing, deleted and other users' occurrences all
 * answer 404 alike.
 */
export async function locateReminder(
  db: Db,
  userId: string,
  id: string,
  origin: number,
  start: number,
): Promise<LocatedReminder> {
  const row = id ? await findReminder(db, userId, id) : undefined;
  if (!row) throw notFound();
  if (!isRecurringReminder(row)) return { kind: 'single', row };
  const states = await listOccurrences(db, userId, [row.id]);
  const plain = seriesOfReminder(row, []);
  let n = instanceNumberAt(plain, origin > 0 ? origin : start);
  if (n === null && origin <= 0) {
    n = states.find((s) => s.start === start && !s.isDeleted)?.instanceNumber ?? null;
  }
  const at = n === null ? null : instanceAt(plain, n);
  const state = states.find((s) => s.instanceNumber === n);
  if (n === null || !at || state?.isDeleted) throw notFound();
  return { kind: 'occurrence', row, instanceNumber: n, at, states, state };
}

export function reminderValuesOf(row: StoredReminder): ReminderValues {
  return {
    title: row.title,
    start: row.start,
    allDay: row.allDay,
    timezone: row.timezone,
    star: row.star,
    status: row.status,
    recurrenceRule: row.recurrenceRule,
  };
}

/** What the occurrence shows now. */
export function currentReminderValues(located: LocatedReminder): ReminderValues {
  const values = reminderValuesOf(located.row);
  if (located.kind === 'single') return values;
  const { state, at } = located;
  return {
    ...values,
    title: state?.title ?? values.title,
    start: state?.start ?? at.start,
    allDay: state?.allDay ?? values.allDay,
    star: state?.star ?? values.star,
    status: state?.status ?? 0,
  };
}

/** Instance numbers the series must skip: occurrences deleted or moved on their own. */
function exceptionsOf(states: readonly OccurrenceState[]): number[] {
  return states.filter((s) => s.isDeleted || s.start !== null).map((s) => s.instanceNumber);
}

/** `row` with its bookkeeping (exceptions, lastStart, updatedAt) brought up to date. */
export function settled(
  row: StoredReminder,
  states: readonly OccurrenceState[],
  now: number,
): StoredReminder {
  const next = {
    ...row,
    exceptions: isRecurringReminder(row) ? exceptionsOf(states) : [],
    updatedAt: now,
  };
  return { ...next, lastStart: lastStartOf(next) };
}
