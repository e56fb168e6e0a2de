import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { TiersTables } from './tables';

type Db = Kysely<Schema>;

/** The account whose referral code is `code`, if any. */
export async function ownerOfCode(db: Db, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where('referral_code', '=', code)
    // Names the partial index's condition: without it both databases read every account.
    .where('referral_code', '<>', sql.lit(''))
    .executeTakeFirst();
  return row?.user_id;
}

/** Records the referral unless the user was referred already; false then. */
export async function insertReferral(
  db: Db,
  referral: { userId: string; referrerId: string; now: number },
): Promise<boolean> {
  const inserted = await db
    .withTables<TiersTables>()
    .insertInto('referrals')
    .values({
      user_id: referral.userId,
      referrer_id: referral.referrerId,
      created_at: referral.now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Who referred the user, if anyone. */
export async function referrerOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .withTables<TiersTables>()
    .selectFrom('referrals')
    .select('referrer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.referrer_id;
}
