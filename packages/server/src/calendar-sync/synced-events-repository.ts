import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { SyncedEventInput, SyncSource } from './synced-events';

type Db = Kysely<Schema>;

/** At most this many rows per statement (SQLite's bound parameters, PostgreSQL's packet size). */
const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface ExistingRow {
  id: string;
  sync_key: string;
  title: string;
  start_ms: number;
  end_ms: number;
  all_day: number;
  category_id: string;
  timezone: string;
}

export async function existingRows(
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

/** What one sync writes for an origin: the rows to insert, update and remove. */
export interface SyncedRowsWrite {
  source: SyncSource;
  origin: string;
  inserts: readonly SyncedEventInput[];
  updates: readonly SyncedEventInput[];
  removedIds: readonly string[];
  existing: ReadonlyMap<string, ExistingRow>;
  now: number;
}

/** Inserts, updates and removes the origin's rows (synced-events.ts decided which). */
export async function writeSyncedRows(db: Db, userId: string, w: SyncedRowsWrite): Promise<void> {
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
}
