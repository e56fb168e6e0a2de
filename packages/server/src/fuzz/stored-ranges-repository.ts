import type { Database } from '../db/database';

/** Every row of the user in one of the item tables, every column. */
export function userRowsOf(
  database: Database,
  table:
    | 'tasks'
    | 'task_series'
    | 'events'
    | 'reminders'
    | 'reminder_occurrences'
    | 'timeblocks'
    | 'categories',
  userId: string,
): Promise<Record<string, unknown>[]> {
  return database.db.selectFrom(table).selectAll().where('user_id', '=', userId).execute();
}
