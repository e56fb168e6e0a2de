import type { Kysely } from 'kysely';

/**
 * Which of a user's sessions shows the app, and the error reports of the apps (issue 13).
 * Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_presence')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('is_shown', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_presence_pk', ['user_id', 'session_id'])
    .execute();

  await db.schema
    .createTable('frontend_logs')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('log_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('app_version', 'text', (c) => c.notNull())
    .addColumn('native_version', 'text', (c) => c.notNull())
    .addColumn('view', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('frontend_logs_pk', ['user_id', 'log_id'])
    .execute();
  // The rate limit counts a user's recent reports; the cap drops the oldest.
  await db.schema
    .createIndex('frontend_logs_by_user_time')
    .on('frontend_logs')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('frontend_logs').execute();
  await db.schema.dropTable('app_presence').execute();
}
