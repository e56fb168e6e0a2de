import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

type Db = Kysely<Schema>;

/** The stored status string, '' when the user never finished a tutorial. */
export async function findTutorialStatus(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('tutorial_status')
    .select('status')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.status ?? '';
}

export async function saveTutorialStatus(
  db: Db,
  userId: string,
  status: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('tutorial_status')
    .values({ user_id: userId, status, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ status, updated_at: now }))
    .execute();
}
