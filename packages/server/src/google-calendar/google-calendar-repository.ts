import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { GoogleCalendarEntryRow, GoogleCalendarGrantRow } from './tables';

type Db = Pick<Kysely<Schema>, 'selectFrom'>;
type WriteDb = Kysely<Schema>;

/** Every query names the user: one user's calls never read or change another's rows. */
export async function getGrant(
  db: Db,
  userId: string,
): Promise<GoogleCalendarGrantRow | undefined> {
  return db
    .selectFrom('google_calendar_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listEntries(db: Db, userId: string): Promise<GoogleCalendarEntryRow[]> {
  return db
    .selectFrom('google_calendar_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('calendar_id')
    .execute();
}

/** Stores a new grant (a new consent), keeping the sync switch of an earlier one. */
export async function saveGrant(
  db: WriteDb,
  userId: string,
  refreshTokenSealed: string,
  now: number,
): Promise<void> {
  const existing = await getGrant(db, userId);
  if (existing) {
    await db
      .updateTable('google_calendar_grants')
      .set({
        refresh_token_sealed: refreshTokenSealed,
        token_expired: 0,
        failures: 0,
        retry_at: 0,
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .execute();
    return;
  }
  await db
    .insertInto('google_calendar_grants')
    .values({
      user_id: userId,
      refresh_token_sealed: refreshTokenSealed,
      sync_enabled: 0,
      token_expired: 0,
      synced_at: 0,
      failures: 0,
      retry_at: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateGrant(
  db: WriteDb,
  userId: string,
  values: Partial<Omit<GoogleCalendarGrantRow, 'user_id' | 'created_at'>>,
): Promise<void> {
  await db
    .updateTable('google_calendar_grants')
    .set(values)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteGrant(db: WriteDb, userId: string): Promise<void> {
  await db.deleteFrom('google_calendar_entries').where('user_id', '=', userId).execute();
  await db.deleteFrom('google_calendar_grants').where('user_id', '=', userId).execute();
}

export async function insertEntry(db: WriteDb, row: GoogleCalendarEntryRow): Promise<void> {
  await db.insertInto('google_calendar_entries').values(row).execute();
}

export async function updateEntry(
  db: WriteDb,
  userId: string,
  calendarId: string,
  values: Partial<Omit<GoogleCalendarEntryRow, 'user_id' | 'calendar_id'>>,
): Promise<void> {
  await db
    .updateTable('google_calendar_entries')
    .set(values)
    .where('user_id', '=', userId)
    .where('calendar_id', '=', calendarId)
    .execute();
}

export async function deleteEntry(db: WriteDb, userId: string, calendarId: string): Promise<void> {
  await db
    .deleteFrom('google_calendar_entries')
    .where('user_id', '=', userId)
    .where('calendar_id', '=', calendarId)
    .execute();
}

/**
 * Users the periodic sync should run for: sync on, grant not refused, last sync at or before
 * `syncedBefore`, not backed off past `now`; the longest waiting first.
 */
export async function dueUsers(
  db: Db,
  now: number,
  syncedBefore: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('google_calendar_grants')
    .select('user_id')
    .where('sync_enabled', '=', 1)
    .where('token_expired', '=', 0)
    .where('synced_at', '<=', syncedBefore)
    .where('retry_at', '<=', now)
    .orderBy('synced_at')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The user's first category (the default for a calendar's events), '' when none. */
export async function firstCategoryId(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? '';
}

/** Synced occurrences of a deleted series: every key `{seriesId}_...` under the origin. */
export async function keysOfSeries(
  db: Db,
  userId: string,
  origin: string,
  seriesIds: readonly string[],
): Promise<string[]> {
  if (seriesIds.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select('sync_key')
    .where('user_id', '=', userId)
    .where('sync_origin', '=', origin)
    .execute();
  const prefixes = seriesIds.map((id) => `${id}_`);
  return rows.map((r) => r.sync_key).filter((key) => prefixes.some((p) => key.startsWith(p)));
}
