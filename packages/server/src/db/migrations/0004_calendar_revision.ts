import type { Kysely } from 'kysely';

/**
 * A per-user counter bumped by every event and category write, in the writing transaction: the
 * timeline's cache of expanded event instances is keyed on it (timestamps can repeat within a
 * millisecond). It lives on the timeline state row because every calendar write of a user already
 * locks that row, so the bump adds no second lock to order. Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('timeline_state')
    .addColumn('calendar_revision', 'int8', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('timeline_state').dropColumn('calendar_revision').execute();
}
