import type { Kysely } from 'kysely';
import type { SyncedEventInput } from '../calendar-sync/synced-events';
import type { Schema } from '../db/schema';
import type { AppleRelation } from './apple-calendar-service';
import type { AppleCalendarTables } from './tables';

type Db = Kysely<Schema>;

function apple(db: Db) {
  return db.withTables<AppleCalendarTables>();
}

export async function listRelations(db: Db, userId: string): Promise<AppleRelation[]> {
  const rows = await apple(db)
    .selectFrom('apple_calendar_binds')
    .select(['calendar_title', 'category_id'])
    .where('user_id', '=', userId)
    .orderBy('calendar_title')
    .execute();
  return rows.map((r) => ({ calendarTitle: r.calendar_title, categoryId: r.category_id }));
}

export async function readHash(db: Db, userId: string): Promise<string> {
  const row = await apple(db)
    .selectFrom('apple_calendar_uploads')
    .select('version_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.version_hash ?? '';
}

export async function writeHash(db: Db, userId: string, hash: string, now: number): Promise<void> {
  await apple(db).deleteFrom('apple_calendar_uploads').where('user_id', '=', userId).execute();
  if (hash === '') return;
  await apple(db)
    .insertInto('apple_calendar_uploads')
    .values({ user_id: userId, version_hash: hash, uploaded_at: now })
    .execute();
}

/** The stored occurrences of one Apple origin, as inputs (to give them another category). */
export async function storedInputs(
  db: Db,
  userId: string,
  origin: string,
): Promise<SyncedEventInput[]> {
  const rows = await db
    .selectFrom('events')
    .select(['sync_key', 'title', 'start_ms', 'end_ms', 'all_day', 'timezone'])
    .where('user_id', '=', userId)
    .where('sync_origin', '=', origin)
    .execute();
  return rows.map((r) => ({
    syncKey: r.sync_key,
    title: r.title,
    start: Number(r.start_ms),
    end: Number(r.end_ms),
    allDay: r.all_day === 1,
    categoryId: '',
    timezone: r.timezone,
  }));
}

/** Makes the user's relations exactly `relations`. */
export async function writeRelations(
  db: Db,
  userId: string,
  relations: readonly AppleRelation[],
): Promise<void> {
  await apple(db).deleteFrom('apple_calendar_binds').where('user_id', '=', userId).execute();
  if (relations.length === 0) return;
  await apple(db)
    .insertInto('apple_calendar_binds')
    .values(
      relations.map((r) => ({
        user_id: userId,
        calendar_title: r.calendarTitle,
        category_id: r.categoryId,
      })),
    )
    .execute();
}
