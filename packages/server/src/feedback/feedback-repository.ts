import type { Db } from '../rpc/context';
import type { FeedbackRow, FeedbackTables } from './tables';

/** The call's transaction typed with this domain's table (types only; queries unchanged). */
const withFeedback = (db: Db) => db.withTables<FeedbackTables>();

export async function insertFeedback(db: Db, row: FeedbackRow): Promise<void> {
  await withFeedback(db).insertInto('feedback').values(row).execute();
}

/** When the user's feedback sent at or after `since` was sent, oldest first. */
export async function feedbackTimesSince(db: Db, userId: string, since: number): Promise<number[]> {
  const rows = await withFeedback(db)
    .selectFrom('feedback')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => Number(row.created_at));
}

/** The sender's account e-mail, for the mail to the team. */
export async function accountEmail(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.email ?? '';
}
