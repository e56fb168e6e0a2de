import type { Kysely } from 'kysely';

/**
 * Events synced from outside calendars (Google, CalDAV, Apple) are ordinary events rows with
 * `source` set, plus where they came from: `sync_origin` names the connected calendar
 * (`google:{calendarId}`, `caldav:{accountId}:{calendarUrl}`, `apple:{calendarTitle}`) and
 * `sync_key` the occurrence in it. One occurrence is one row, so a sync writes each at most once
 * (calendar-sync/synced-events.ts). Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('sync_origin', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('sync_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('events_by_sync_key')
    .on('events')
    .columns(['user_id', 'sync_origin', 'sync_key'])
    .unique()
    .where('sync_origin', '<>', '')
    .execute();
}
