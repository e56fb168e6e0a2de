import type { Kysely } from 'kysely';

/**
 * Events, reminders and categories (issue 4); tutorial status lives in the user options.
 * Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'int8', (c) => c.notNull())
    .addColumn('end_ms', 'int8', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('travel_top', 'int8', (c) => c.notNull())
    .addColumn('travel_bottom', 'int8', (c) => c.notNull())
    .addColumn('notifications', 'text', (c) => c.notNull())
    .addColumn('recurrence_rule', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('checklist', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('root_id', 'text', (c) => c.notNull())
    .addColumn('original_instance', 'integer', (c) => c.notNull())
    .addColumn('exceptions', 'text', (c) => c.notNull())
    .addColumn('last_end_ms', 'int8', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('events_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('events_by_start')
    .on('events')
    .columns(['user_id', 'start_ms'])
    .execute();
  await db.schema
    .createIndex('events_by_last_end')
    .on('events')
    .columns(['user_id', 'last_end_ms'])
    .execute();
  await db.schema
    .createIndex('events_by_root')
    .on('events')
    .columns(['user_id', 'root_id'])
    .execute();

  await db.schema
    .createTable('reminders')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'int8', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('star', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('recurrence_rule', 'text', (c) => c.notNull())
    .addColumn('root_id', 'text', (c) => c.notNull())
    .addColumn('exceptions', 'text', (c) => c.notNull())
    .addColumn('last_start_ms', 'int8', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminders_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('reminders_by_last_start')
    .on('reminders')
    .columns(['user_id', 'last_start_ms'])
    .execute();

  await db.schema
    .createTable('reminder_occurrences')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reminder_id', 'text', (c) => c.notNull())
    .addColumn('instance_number', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull())
    .addColumn('start_ms', 'int8')
    .addColumn('title', 'text')
    .addColumn('star', 'integer')
    .addColumn('all_day', 'integer')
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_occurrences_pk', [
      'user_id',
      'reminder_id',
      'instance_number',
    ])
    .execute();
  await db.schema
    .createIndex('reminder_occurrences_by_start')
    .on('reminder_occurrences')
    .columns(['user_id', 'start_ms'])
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('categories_pk', ['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('categories').execute();
  await db.schema.dropTable('reminder_occurrences').execute();
  await db.schema.dropTable('reminders').execute();
  await db.schema.dropTable('events').execute();
}
