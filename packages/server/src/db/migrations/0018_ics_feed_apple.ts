import type { Kysely } from 'kysely';

/**
 * The ICS feed's secret per user and the Apple calendar bind (issue 17, 19). Same DDL on SQLite
 * and PostgreSQL (docs/ics-feed-and-apple-calendar.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One feed per user. The secret of its URL is found by its SHA-256 (`secret_hash`, unique),
  // and kept sealed with the server's SecretBox so Settings can show the URL again; a database
  // copy alone reveals neither.
  await db.schema
    .createTable('ics_feeds')
    .addColumn('user_id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .execute();
  // The native shell's choice: the events of a device calendar (by its title) get a category.
  await db.schema
    .createTable('apple_calendar_binds')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('calendar_title', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('apple_calendar_binds_pk', ['user_id', 'calendar_title'])
    .execute();
  // The shell's hash of the last upload it made: it uploads again only when its own differs.
  await db.schema
    .createTable('apple_calendar_uploads')
    .addColumn('user_id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('version_hash', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'int8', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('apple_calendar_uploads').execute();
  await db.schema.dropTable('apple_calendar_binds').execute();
  await db.schema.dropTable('ics_feeds').execute();
}
