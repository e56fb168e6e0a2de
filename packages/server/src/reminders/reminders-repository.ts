import type { RecurrenceRule } from '@planner/core';
import type { Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../db/prepared';
import { statement, type Statement } from '../db/together';
import type { Schema } from '../db/schema';
import type { OccurrenceState, StoredReminder } from './reminder';
import type { ReminderOccurrenceRow, ReminderRow } from './tables';

type Db = Kysely<Schema>;

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toReminder(row: Selectable<ReminderRow>): StoredReminder {
  const exceptions = parseJson(row.exceptions);
  return {
    id: row.id,
    title: row.title,
    start: row.start_ms,
    allDay: row.all_day === 1,
    timezone: row.timezone,
    star: row.star === 1,
    status: row.status,
    recurrenceRule: (parseJson(row.recurrence_rule) as RecurrenceRule | null) ?? null,
    rootId: row.root_id,
    exceptions: Array.isArray(exceptions) ? (exceptions as number[]) : [],
    lastStart: row.last_start_ms,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(userId: string, reminder: StoredReminder): ReminderRow {
  return {
    user_id: userId,
    id: reminder.id,
    title: reminder.title,
    start_ms: reminder.start,
    all_day: reminder.allDay ? 1 : 0,
    timezone: reminder.timezone,
    star: reminder.star ? 1 : 0,
    status: reminder.status,
    recurrence_rule: reminder.recurrenceRule ? JSON.stringify(reminder.recurrenceRule) : '',
    root_id: reminder.rootId,
    exceptions: JSON.stringify([...reminder.exceptions].sort((a, b) => a - b)),
    last_start_ms: reminder.lastStart,
    created_at: reminder.createdAt,
    updated_at: reminder.updatedAt,
  };
}

const nullableFlag = (value: number | null): boolean | null =>
  value === null ? null : value === 1;
const flagOrNull = (value: boolean | null): number | null =>
  value === null ? null : value ? 1 : 0;

function toOccurrence(row: Selectable<ReminderOccurrenceRow>): OccurrenceState {
  return {
    reminderId: row.reminder_id,
    instanceNumber: row.instance_number,
    status: row.status,
    isDeleted: row.is_deleted === 1,
    start: row.start_ms,
    title: row.title,
    star: nullableFlag(row.star),
    allDay: nullableFlag(row.all_day),
    updatedAt: row.updated_at,
  };
}

function toOccurrenceRow(userId: string, o: OccurrenceState): ReminderOccurrenceRow {
  return {
    user_id: userId,
    reminder_id: o.reminderId,
    instance_number: o.instanceNumber,
    status: o.status,
    is_deleted: o.isDeleted ? 1 : 0,
    start_ms: o.start,
    title: o.title,
    star: flagOrNull(o.star),
    all_day: flagOrNull(o.allDay),
    updated_at: o.updatedAt,
  };
}

export async function insertReminder(db: Db, userId: string, r: StoredReminder): Promise<void> {
  await db.insertInto('reminders').values(toRow(userId, r)).execute();
}

export async function saveReminder(db: Db, userId: string, r: StoredReminder): Promise<void> {
  const { user_id: _u, id: _i, ...values } = toRow(userId, r);
  await db
    .updateTable('reminders')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', r.id)
    .execute();
}

/** The user's reminder, or undefined (another user's id reads as missing). */
export async function findReminder(
  db: Db,
  userId: string,
  id: string,
): Promise<StoredReminder | undefined> {
  const row = await db
    .selectFrom('reminders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toReminder(row) : undefined;
}

export async function findReminders(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<StoredReminder[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('reminders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toReminder);
}

/** Reminders whose occurrences may start in [start, end): one-offs there, series running then. */
export function remindersBetweenRead(
  db: Db,
  userId: string,
  start: number,
  end: number,
): Statement<StoredReminder[]> {
  return statement(remindersBetween.with(db, [userId, start, end]), ({ rows }) =>
    rows.map(toReminder),
  );
}

// Read by every timeline read: compiled once (db/prepared.ts).
const remindersBetween = preparedQuery((db, $) =>
  db
    .selectFrom('reminders')
    .selectAll()
    .where('user_id', '=', $<string>(0))
    .where('start_ms', '<', $<number>(2))
    .where('last_start_ms', '>=', $<number>(1))
    .orderBy('start_ms')
    .orderBy('id'),
);

/** Open one-off reminders that start before `before`. */
export async function listOpenOneOffsBefore(
  db: Db,
  userId: string,
  before: number,
): Promise<StoredReminder[]> {
  const rows = await db
    .selectFrom('reminders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('recurrence_rule', '=', '')
    .where('status', '=', 0)
    .where('start_ms', '<', before)
    .orderBy('start_ms')
    .orderBy('id')
    .execute();
  return rows.map(toReminder);
}

export async function deleteReminderRows(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('reminder_occurrences')
    .where('user_id', '=', userId)
    .where('reminder_id', 'in', ids)
    .execute();
  await db.deleteFrom('reminders').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

/** Every stored occurrence state of these series. */
export async function listOccurrences(
  db: Db,
  userId: string,
  reminderIds: readonly string[],
): Promise<OccurrenceState[]> {
  if (reminderIds.length === 0) return [];
  const rows = await db
    .selectFrom('reminder_occurrences')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reminder_id', 'in', reminderIds)
    .orderBy('reminder_id')
    .orderBy('instance_number')
    .execute();
  return rows.map(toOccurrence);
}

/** Stored occurrence states of series within instance-number ranges (one range per series). */
export async function listOccurrencesInRanges(
  db: Db,
  userId: string,
  ranges: readonly { reminderId: string; from: number; to: number }[],
): Promise<OccurrenceState[]> {
  if (ranges.length === 0) return [];
  const rows = await db
    .selectFrom('reminder_occurrences')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or(
        ranges.map((r) =>
          eb.and([
            eb('reminder_id', '=', r.reminderId),
            eb('instance_number', '>=', r.from),
            eb('instance_number', '<=', r.to),
          ]),
        ),
      ),
    )
    .execute();
  return rows.map(toOccurrence);
}

/** Occurrences moved on their own into [start, end) (their series may start elsewhere). */
export function movedOccurrencesRead(
  db: Db,
  userId: string,
  start: number,
  end: number,
): Statement<OccurrenceState[]> {
  return statement(movedOccurrences.with(db, [userId, start, end]), ({ rows }) =>
    rows.map(toOccurrence),
  );
}

const movedOccurrences = preparedQuery((db, $) =>
  db
    .selectFrom('reminder_occurrences')
    .selectAll()
    .where('user_id', '=', $<string>(0))
    .where('start_ms', '>=', $<number>(1))
    .where('start_ms', '<', $<number>(2))
    .where('is_deleted', '=', 0),
);

export async function saveOccurrence(db: Db, userId: string, o: OccurrenceState): Promise<void> {
  const row = toOccurrenceRow(userId, o);
  const { user_id: _u, reminder_id: _r, instance_number: _n, ...values } = row;
  await db
    .insertInto('reminder_occurrences')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'reminder_id', 'instance_number']).doUpdateSet(values),
    )
    .execute();
}

export async function deleteOccurrences(
  db: Db,
  userId: string,
  reminderId: string,
  instanceNumbers: readonly number[],
): Promise<void> {
  if (instanceNumbers.length === 0) return;
  await db
    .deleteFrom('reminder_occurrences')
    .where('user_id', '=', userId)
    .where('reminder_id', '=', reminderId)
    .where('instance_number', 'in', instanceNumbers)
    .execute();
}
