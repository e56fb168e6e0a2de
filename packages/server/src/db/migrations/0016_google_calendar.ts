import type { Kysely } from 'kysely';

/**
 * Google Calendar sync (issue 17): the grant (refresh token sealed) and the account's calendars
 * with their sync tokens, per user. Same DDL on SQLite and PostgreSQL (docs/google-calendar.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('google_calendar_grants')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('refresh_token_sealed', 'text', (c) => c.notNull())
    .addColumn('sync_enabled', 'int4', (c) => c.notNull())
    .addColumn('token_expired', 'int4', (c) => c.notNull())
    .addColumn('synced_at', 'int8', (c) => c.notNull())
    .addColumn('failures', 'int4', (c) => c.notNull())
    .addColumn('retry_at', 'int8', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .execute();
  // The periodic job looks for enabled, unexpired grants whose last sync is old enough.
  await db.schema
    .createIndex('google_calendar_grants_due')
    .on('google_calendar_grants')
    .columns(['sync_enabled', 'token_expired', 'synced_at'])
    .execute();
  await db.schema
    .createTable('google_calendar_entries')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('calendar_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('is_primary', 'int4', (c) => c.notNull())
    .addColumn('position', 'int4', (c) => c.notNull())
    .addColumn('sync_enabled', 'int4', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('sync_token', 'text', (c) => c.notNull())
    .addColumn('full_synced_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('google_calendar_entries_pk', ['user_id', 'calendar_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('google_calendar_entries').execute();
  await db.schema.dropTable('google_calendar_grants').execute();
}
