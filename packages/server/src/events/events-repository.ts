import { MINUTE_MS, PREPARATION_MAX_MINUTES, type RecurrenceRule } from '@planner/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Schema } from '../db/schema';
import { deferWrite } from '../db/together';
import type { ChecklistItem } from '../tasks/task';
import { containsText } from '../tasks/tasks-repository';
import { bumpCalendarRevision } from '../plan-store/timeline-repository';
import type { EventSummary, StoredEvent } from './event';
import type { EventRow } from './tables';

type Db = Kysely<Schema>;

/** Travel time is at most a day on either side (PREPARATION_MAX_MINUTES). */
const MAX_TRAVEL_MS = PREPARATION_MAX_MINUTES * MINUTE_MS;

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function parseArray<T>(text: string): T[] {
  const value = parseJson(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

type SummaryRow = Omit<Selectable<EventRow>, 'note' | 'user_id'> & { has_note: number };

function toSummary(row: SummaryRow): EventSummary {
  return {
    id: row.id,
    title: row.title,
    start: row.start_ms,
    end: row.end_ms,
    allDay: row.all_day === 1,
    categoryId: row.category_id,
    travelTop: row.travel_top,
    travelBottom: row.travel_bottom,
    notifications: parseArray<number>(row.notifications),
    recurrenceRule: (parseJson(row.recurrence_rule) as RecurrenceRule | null) ?? null,
    timezone: row.timezone,
    checklist: parseArray<ChecklistItem>(row.checklist),
    source: row.source,
    rootId: row.root_id,
    originalInstance: row.original_instance,
    exceptions: parseArray<number>(row.exceptions),
    lastEnd: row.last_end_ms,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    hasNote: Number(row.has_note) === 1,
  };
}

function toEvent(row: Selectable<EventRow>): StoredEvent {
  const { hasNote: _h, ...summary } = toSummary({ ...row, has_note: row.note === '' ? 0 : 1 });
  return { ...summary, note: row.note };
}

function toRow(userId: string, event: StoredEvent): EventRow {
  return {
    user_id: userId,
    id: event.id,
    title: event.title,
    start_ms: event.start,
    end_ms: event.end,
    all_day: event.allDay ? 1 : 0,
    category_id: event.categoryId,
    travel_top: event.travelTop,
    travel_bottom: event.travelBottom,
    notifications: JSON.stringify(event.notifications),
    recurrence_rule: event.recurrenceRule ? JSON.stringify(event.recurrenceRule) : '',
    timezone: event.timezone,
    note: event.note,
    checklist: JSON.stringify(event.checklist),
    source: event.source,
    root_id: event.rootId,
    original_instance: event.originalInstance,
    exceptions: JSON.stringify([...event.exceptions].sort((a, b) => a - b)),
    last_end_ms: event.lastEnd,
    created_at: event.createdAt,
    updated_at: event.updatedAt,
  };
}

const SUMMARY_COLUMNS = [
  'id',
  'title',
  'start_ms',
  'end_ms',
  'all_day',
  'category_id',
  'travel_top',
  'travel_bottom',
  'notifications',
  'recurrence_rule',
  'timezone',
  'checklist',
  'source',
  'root_id',
  'original_instance',
  'exceptions',
  'last_end_ms',
  'created_at',
  'updated_at',
] as const;

const hasNote = sql<number>`case when note = '' then 0 else 1 end`.as('has_note');

// Every write below bumps the user's calendar revision first (the timeline caches on it).

export async function insertEvent(db: Db, userId: string, event: StoredEvent): Promise<void> {
  await bumpCalendarRevision(db, userId);
  await deferWrite(db, db.insertInto('events').values(toRow(userId, event)).compile());
}

/** Writes every field of an existing event. */
export async function saveEvent(db: Db, userId: string, event: StoredEvent): Promise<void> {
  const { user_id: _u, id: _i, ...values } = toRow(userId, event);
  await bumpCalendarRevision(db, userId);
  await deferWrite(
    db,
    db
      .updateTable('events')
      .set(values)
      .where('user_id', '=', userId)
      .where('id', '=', event.id)
      .compile(),
  );
}

/** The user's event with its note, or undefined (another user's id reads as missing). */
export async function findEvent(
  db: Db,
  userId: string,
  id: string,
): Promise<StoredEvent | undefined> {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toEvent(row) : undefined;
}

/**
 * Stored events whose instances, travel time included, may overlap [windowStart, windowEnd):
 * one-off events and overrides that do, and every series that is running then.
 */
export async function listEventsOverlapping(
  db: Db,
  userId: string,
  windowStart: number,
  windowEnd: number,
): Promise<EventSummary[]> {
  const rows = await db
    .selectFrom('events')
    .select([...SUMMARY_COLUMNS, hasNote])
    .where('user_id', '=', userId)
    // The plain bounds let the (user_id, last_end_ms) index skip finished events.
    .where('last_end_ms', '>=', windowStart - MAX_TRAVEL_MS)
    .where('start_ms', '<', windowEnd + MAX_TRAVEL_MS)
    .where((eb) => eb(eb('start_ms', '-', eb.ref('travel_top')), '<', windowEnd))
    .where((eb) => eb(eb('last_end_ms', '+', eb.ref('travel_bottom')), '>=', windowStart))
    .orderBy('start_ms')
    .orderBy('id')
    .execute();
  return rows.map(toSummary);
}

/** The overrides of a series, by the instance they replace. */
export async function listOverrides(
  db: Db,
  userId: string,
  seriesId: string,
): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('root_id', '=', seriesId)
    .where('original_instance', '>=', 0)
    .orderBy('original_instance')
    .execute();
  return rows.map(toEvent);
}

export async function deleteEventRows(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await bumpCalendarRevision(db, userId);
  await db.deleteFrom('events').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

/** Stored events whose title or note holds `keyword` (case-insensitive), newest first. */
export async function searchEvents(
  db: Db,
  userId: string,
  keyword: string,
  limit: number,
): Promise<EventSummary[]> {
  const lowered = keyword.toLowerCase();
  const rows = await db
    .selectFrom('events')
    .select([...SUMMARY_COLUMNS, hasNote])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([containsText(db, 'title', lowered), containsText(db, 'note', lowered)]))
    .orderBy('start_ms', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** The category of each of these events (a missing id is left out). */
export async function findEventCategories(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .select(['id', 'category_id'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.category_id]));
}
