import type { Kysely } from 'kysely';

/** Feedback sent from the app (issue 13), kept per user. Same DDL on SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('feedback_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('app_version', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feedback_pk', ['user_id', 'feedback_id'])
    .execute();
  // The per-user limit counts a user's recent feedback.
  await db.schema
    .createIndex('feedback_by_user_time')
    .on('feedback')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
}
