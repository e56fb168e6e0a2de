import type { Kysely } from 'kysely';

/**
 * Shared analysis periods and the estimates done tasks are measured against (docs/shares-and-estimates.md). Same DDL on SQLite and PostgreSQL.
 *
 * A share is a frozen copy: the sharer's name, the points' values and the labels they show are
 * stored as JSON at creation, so later renames, deletions or the clock moving do not change
 * what a link shows. `share_id` is the public address (random, 256 bits); the unique index lets
 * the public read find it without knowing the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statistics_shares')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('share_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** JSON: the points with opaque label ids. */
    .addColumn('points', 'text', (c) => c.notNull())
    /** JSON: { categories, tasks, events } of ShareLabel. */
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('statistics_shares_pk', ['user_id', 'share_id'])
    .execute();
  await db.schema
    .createIndex('statistics_shares_by_id')
    .on('statistics_shares')
    .column('share_id')
    .unique()
    .execute();

  // The estimate a person gave a task (set when it is created or its time scheduled is typed):
  // time_scheduled itself grows with extensions and becomes 0 when the task is done.
  await db.schema
    .createTable('task_estimates')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('estimate', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_estimates_pk', ['user_id', 'task_id'])
    .execute();
}
