import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';

/** Sets the account's own premium level by its (normalised) e-mail; false when none has it. */
export async function setLevelByEmail(
  db: Kysely<Schema>,
  email: string,
  level: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ premium_level: level })
    .where('email', '=', email)
    // Names the partial index's condition: without it both databases read every account.
    .where('email', '<>', sql.lit(''))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
