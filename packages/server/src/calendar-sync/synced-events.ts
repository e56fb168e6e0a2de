import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { recordChange } from '../timeline/timeline-state';
import { bumpCalendarRevision } from '../timeline/timeline-repository';

type Db = Kysely<Schema>;

/** Where synced events come from; the event's `source`, which clients show and never edit. */
export type SyncSource = 'google' | 'caldav' | 'apple';

/**
 * One occurrence of an outside calendar's event, as a source hands it over. Recurring events are
 * expanded by the source (one occurrence, one row), so a changed rule or a moved occurrence only
 * ever changes rows under their own keys and a sync can never leave a copy behind.
 */
export interface SyncedEventInput {
  /** Stable across syncs within its origin (the remote event id plus the occurrence start). */
  syncKey: string;
  title: string;
  start: number;
  end: number;
  allDay: boolean;
  /** '' when the user chose none: the event still counts as busy time. */
  categoryId: string;
  /** IANA zone; '' means UTC. */
  timezone: string;
}

export interface SyncCounts {
  added: number;
  updated: number;
  removed: number;
}

/** At most this many rows per statement (SQLite's bound parameters, PostgreSQL's packet size). */
const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

interface ExistingRow {
  id: string;
  sync_key: string;
  title: string;
  start_ms: number;
  end_ms: number;
  all_day: number;
  category_id: string;
  timezone: string;
}

function differs(row: ExistingRow, event: SyncedEventInput): boolean {
  return (
    row.title !== event.title ||
    Number(row.start_ms) !== event.start ||
    Number(row.end_ms) !== event.end ||
    row.all_day !== (event.allDay ? 1 : 0) ||
    row.category_id !== event.categoryId ||
    row.timezone !== event.timezone
  );
}

async function existingRows(
  db: Db,
  userId: string,
  origin: string,
  keys?: readonly string[],
): Promise<Map<string, ExistingRow>> {
  const base = db
    .selectFrom('events')
    .select(['id', 'sync_key', 'title', 'start_ms', 'end_ms', 'all_day', 'category_id', 'timezone'])
    .where('user_id', '=', userId)
    .where('sync_origin', '=', origin);
  const rows: ExistingRow[] = [];
  if (keys === undefined) rows.push(...(await base.execute()));
  else
    for (const part of chunks(keys))
      rows.push(...(await base.where('sync_key', 'in', part).execute()));
  return new Map(rows.map((row) => [row.sync_key, row]));
}

function insertRow(
  userId: string,
  source: SyncSource,
  origin: string,
  e: SyncedEventInput,
  now: number,
) {
  return {
    user_id: userId,
    id: randomUUID(),
    title: e.title,
    start_ms: e.start,
    end_ms: e.end,
    all_day: e.allDay ? 1 : 0,
    category_id: e.categoryId,
    travel_top: 0,
    travel_bottom: 0,
    notifications: '[]',
    recurrence_rule: '',
    timezone: e.timezone,
    note: '',
    checklist: '[]',
    source,
    root_id: '',
    original_instance: -1,
    exceptions: '[]',
    last_end_ms: e.end,
    sync_origin: origin,
    sync_key: e.syncKey,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Adds or changes `upserts` and removes the occurrences named by `removals`, all under one
 * origin. Unchanged occurrences are not written. When anything changed, the user's calendar
 * revision and timeline change mark are bumped (the planner then treats the new busy time like
 * any event edit); the caller publishes the realtime message after commit (`publishSyncChange`).
 * Run it inside a transaction.
 */
export async function applySyncedChanges(
  db: Db,
  userId: string,
  change: {
    source: SyncSource;
    origin: string;
    upserts: readonly SyncedEventInput[];
    removals: readonly string[];
    now: number;
  },
): Promise<SyncCounts> {
  const { source, origin, now } = change;
  const byKey = new Map(change.upserts.map((e) => [e.syncKey, e]));
  const existing = await existingRows(db, userId, origin, [...byKey.keys(), ...change.removals]);
  const inserts = [...byKey.values()].filter((e) => !existing.has(e.syncKey));
  const updates = [...byKey.values()].filter((e) => {
    const row = existing.get(e.syncKey);
    return row !== undefined && differs(row, e);
  });
  const removedIds = change.removals
    .filter((key) => !byKey.has(key))
    .map((key) => existing.get(key)?.id)
    .filter((id): id is string => id !== undefined);
  await write(db, userId, { source, origin, inserts, updates, removedIds, existing, now });
  return { added: inserts.length, updated: updates.length, removed: removedIds.length };
}

/**
 * Makes the origin's synced events exactly `events` (a full sync): new ones are added, changed
 * ones updated, and every other occurrence under the origin removed. Run it in a transaction.
 */
export async function replaceSyncedEvents(
  db: Db,
  userId: string,
  change: { source: SyncSource; origin: string; events: readonly SyncedEventInput[]; now: number },
): Promise<SyncCounts> {
  const { source, origin, now } = change;
  const existing = await existingRows(db, userId, origin);
  const byKey = new Map(change.events.map((e) => [e.syncKey, e]));
  const inserts = [...byKey.values()].filter((e) => !existing.has(e.syncKey));
  const updates = [...byKey.values()].filter((e) => {
    const row = existing.get(e.syncKey);
    return row !== undefined && differs(row, e);
  });
  const removedIds = [...existing.values()]
    .filter((row) => !byKey.has(row.sync_key))
    .map((r) => r.id);
  await write(db, userId, { source, origin, inserts, updates, removedIds, existing, now });
  return { added: inserts.length, updated: updates.length, removed: removedIds.length };
}

/** Removes every synced event of an origin (a calendar unchosen, an account removed). */
export async function removeSyncedOrigin(
  db: Db,
  userId: string,
  origin: string,
  now: number,
): Promise<number> {
  return (await replaceSyncedEvents(db, userId, { source: 'google', origin, events: [], now }))
    .removed;
}

/** Origins of the user's synced events that start with `prefix` (e.g. every `google:` one). */
export async function listSyncedOrigins(db: Db, userId: string, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('sync_origin')
    .distinct()
    .where('user_id', '=', userId)
    .where('sync_origin', '<>', '')
    .execute();
  return rows.map((r) => r.sync_origin).filter((origin) => origin.startsWith(prefix));
}

async function write(
  db: Db,
  userId: string,
  w: {
    source: SyncSource;
    origin: string;
    inserts: readonly SyncedEventInput[];
    updates: readonly SyncedEventInput[];
    removedIds: readonly string[];
    existing: ReadonlyMap<string, ExistingRow>;
    now: number;
  },
): Promise<void> {
  if (w.inserts.length + w.updates.length + w.removedIds.length === 0) return;
  await bumpCalendarRevision(db, userId);
  for (const part of chunks(w.inserts)) {
    await db
      .insertInto('events')
      .values(part.map((e) => insertRow(userId, w.source, w.origin, e, w.now)))
      .execute();
  }
  for (const e of w.updates) {
    const id = w.existing.get(e.syncKey)?.id ?? '';
    await db
      .updateTable('events')
      .set({
        title: e.title,
        start_ms: e.start,
        end_ms: e.end,
        last_end_ms: e.end,
        all_day: e.allDay ? 1 : 0,
        category_id: e.categoryId,
        timezone: e.timezone,
        updated_at: w.now,
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }
  for (const part of chunks(w.removedIds)) {
    await db.deleteFrom('events').where('user_id', '=', userId).where('id', 'in', part).execute();
  }
  await recordChange(db, userId, 'timelineStateUpdated', w.now);
}

/** After the sync's transaction committed: every open tab and device of the user refetches. */
export async function publishSyncChange(realtime: RealtimeHub, userId: string): Promise<void> {
  await realtime.publish({ userId, type: 'timelineStateUpdated', originSessionId: '' });
}
