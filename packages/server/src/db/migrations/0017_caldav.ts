import type { Kysely } from 'kysely';

/**
 * CalDAV accounts (issue 17, docs/caldav.md): the server, user and sealed app password, the
 * calendars found there with the user's choices, and the plan's blocks published into one of
 * them (UID -> href and ETag). Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('caldav_accounts')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('server_url', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    // SecretBox-sealed app password (AES-256-GCM); never answered, never logged.
    .addColumn('password_sealed', 'text', (c) => c.notNull())
    // '' when the last sync worked, else a message key (calendar.wrongPassword, ...).
    .addColumn('error', 'text', (c) => c.notNull())
    // Failed syncs in a row (backoff); a wrong password waits for a new one instead.
    .addColumn('failures', 'int4', (c) => c.notNull())
    .addColumn('next_sync_at', 'int8', (c) => c.notNull())
    .addColumn('last_synced_at', 'int8', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('caldav_accounts_pk', ['user_id', 'account_id'])
    .execute();
  // The periodic pass looks for accounts due.
  await db.schema
    .createIndex('caldav_accounts_by_due')
    .on('caldav_accounts')
    .columns(['next_sync_at'])
    .execute();
  await db.schema
    .createTable('caldav_calendars')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('calendar_url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('position', 'int4', (c) => c.notNull())
    .addColumn('sync_enabled', 'int4', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('publish', 'int4', (c) => c.notNull())
    // The server's ctag and sync token when its events were last read ('' never): unchanged
    // means the calendar is skipped.
    .addColumn('synced_version', 'text', (c) => c.notNull())
    .addColumn('synced_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('caldav_calendars_pk', ['user_id', 'account_id', 'calendar_url'])
    .execute();
  await db.schema
    .createTable('caldav_published')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    // {taskId}-{n}@planner: the n-th coming block of a task, stable across re-plans.
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('calendar_url', 'text', (c) => c.notNull())
    .addColumn('href', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'int8', (c) => c.notNull())
    .addColumn('end_ms', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('caldav_published_pk', ['user_id', 'account_id', 'uid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('caldav_published').execute();
  await db.schema.dropTable('caldav_calendars').execute();
  await db.schema.dropTable('caldav_accounts').execute();
}
