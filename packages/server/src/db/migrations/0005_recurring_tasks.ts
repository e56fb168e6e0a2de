import { sql, type Kysely } from 'kysely';

/** Number.MAX_SAFE_INTEGER: no series is due (the timeline's NEVER). */
const NEVER = '9007199254740991';

/**
 * Recurring tasks make instances (issue 4). Same DDL on SQLite and PostgreSQL:
 * - `tasks.expected_start`: the occurrence start of a series' task (-1 for other tasks);
 * - `task_series`: one row per series (id = its first task's id): the rule, where its
 *   occurrence numbering is anchored, the last instance made, the next occurrence start, and the
 *   template new instances copy;
 * - a unique (user, series, instance number) index on tasks, so an instance is never made twice;
 * - `timeline_state.next_recurring_task_at`: the user's earliest next occurrence, read with the
 *   state row, so a timeline read does no recurring-task work before it. No series exists before
 *   this migration, so every existing row starts at "never".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('expected_start', 'int8', (c) => c.notNull().defaultTo(-1))
    .execute();
  await db.schema
    .createIndex('tasks_series_instance')
    .on('tasks')
    .columns(['user_id', 'recurring_task_id', 'instance_number'])
    .unique()
    .where(sql.ref('recurring_task_id'), '<>', sql.lit(''))
    .execute();
  await db.schema
    .createTable('task_series')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('anchor_start', 'int8', (c) => c.notNull())
    .addColumn('anchor_number', 'integer', (c) => c.notNull())
    .addColumn('last_instance', 'integer', (c) => c.notNull())
    .addColumn('last_start', 'int8', (c) => c.notNull())
    .addColumn('next_at', 'int8', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('time_scheduled', 'int8', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('checklist', 'text', (c) => c.notNull())
    .addColumn('deadline_offset', 'int8')
    .addPrimaryKeyConstraint('task_series_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('task_series_by_next')
    .on('task_series')
    .columns(['user_id', 'next_at'])
    .execute();
  await db.schema
    .alterTable('timeline_state')
    .addColumn('next_recurring_task_at', 'int8', (c) => c.notNull().defaultTo(sql.raw(NEVER)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('timeline_state').dropColumn('next_recurring_task_at').execute();
  await db.schema.dropTable('task_series').execute();
  await db.schema.dropIndex('tasks_series_instance').execute();
  await db.schema.alterTable('tasks').dropColumn('expected_start').execute();
}
