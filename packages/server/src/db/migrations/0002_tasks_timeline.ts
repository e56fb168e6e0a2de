import type { Kysely } from 'kysely';

/** Tasks, timeblocks and the timeline state (issue 4). Same DDL on SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tasks')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('time_scheduled', 'int8', (c) => c.notNull())
    .addColumn('deadline', 'int8', (c) => c.notNull())
    .addColumn('is_completed', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('checklist', 'text', (c) => c.notNull())
    .addColumn('order_key', 'double precision')
    .addColumn('recurrence_rule', 'text', (c) => c.notNull())
    .addColumn('recurring_task_id', 'text', (c) => c.notNull())
    .addColumn('instance_number', 'integer', (c) => c.notNull())
    .addColumn('is_unconfirmed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addColumn('completed_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('tasks_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('tasks_by_status')
    .on('tasks')
    .columns(['user_id', 'is_completed', 'updated_at'])
    .execute();

  await db.schema
    .createTable('timeblocks')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text')
    .addColumn('event_id', 'text')
    .addColumn('start_ms', 'int8', (c) => c.notNull())
    .addColumn('end_ms', 'int8', (c) => c.notNull())
    .addColumn('is_fixed', 'integer', (c) => c.notNull())
    .addColumn('is_rest', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('timeblocks_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('timeblocks_by_start')
    .on('timeblocks')
    .columns(['user_id', 'start_ms'])
    .execute();
  await db.schema
    .createIndex('timeblocks_by_end')
    .on('timeblocks')
    .columns(['user_id', 'end_ms'])
    .execute();
  await db.schema
    .createIndex('timeblocks_by_task')
    .on('timeblocks')
    .columns(['user_id', 'task_id', 'start_ms'])
    .execute();

  await db.schema
    .createTable('timeline_state')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('auto_extend', 'integer', (c) => c.notNull())
    .addColumn('is_paused', 'integer', (c) => c.notNull())
    .addColumn('shuffle_seed', 'int8', (c) => c.notNull())
    .addColumn('current_block_id', 'text', (c) => c.notNull())
    .addColumn('advanced_at', 'int8', (c) => c.notNull())
    .addColumn('next_transition_at', 'int8', (c) => c.notNull())
    .addColumn('timeline_updated_at', 'int8', (c) => c.notNull())
    .addColumn('reminder_updated_at', 'int8', (c) => c.notNull())
    .addColumn('has_unconfirmed_task', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('timeline_state').execute();
  await db.schema.dropTable('timeblocks').execute();
  await db.schema.dropTable('tasks').execute();
}
