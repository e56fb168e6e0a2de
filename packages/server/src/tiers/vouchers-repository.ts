import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema';
import type { TiersTables } from './tables';

type Db = Kysely<Schema>;

/** Stores a new code unless it exists; false on a clash. */
export async function insertVoucher(
  db: Db,
  voucher: { code: string; level: 1 | 2; days: number; uses: number },
  now: number,
): Promise<boolean> {
  const { code, ...spec } = voucher;
  const inserted = await db
    .withTables<TiersTables>()
    .insertInto('vouchers')
    .values({ voucher_id: code, ...spec, used: 0, created_at: now })
    .onConflict((oc) => oc.column('voucher_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findVoucher(
  db: Db,
  code: string,
): Promise<Selectable<TiersTables['vouchers']> | undefined> {
  return db
    .withTables<TiersTables>()
    .selectFrom('vouchers')
    .selectAll()
    .where('voucher_id', '=', code)
    .executeTakeFirst();
}

/** When the user's latest running grant of `level` or higher ends (0 when none runs). */
export async function latestGrantEnd(
  db: Db,
  userId: string,
  level: number,
  now: number,
): Promise<number> {
  const latest = await db
    .withTables<TiersTables>()
    .selectFrom('voucher_grants')
    .select((eb) => eb.fn.max('expires_at').as('end'))
    .where('user_id', '=', userId)
    .where('level', '>=', level)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(latest?.end ?? 0);
}

/** Grants the code to the user once; false when the user had it before. */
export async function insertGrant(
  db: Db,
  grant: { userId: string; code: string; level: number; now: number; expiresAt: number },
): Promise<boolean> {
  const granted = await db
    .withTables<TiersTables>()
    .insertInto('voucher_grants')
    .values({
      user_id: grant.userId,
      voucher_id: grant.code,
      level: grant.level,
      granted_at: grant.now,
      expires_at: grant.expiresAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'voucher_id']).doNothing())
    .executeTakeFirst();
  return Number(granted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Counts one use in one conditional update; false when every use is taken. */
export async function countVoucherUse(db: Db, code: string): Promise<boolean> {
  const counted = await db
    .withTables<TiersTables>()
    .updateTable('vouchers')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('voucher_id', '=', code)
    .whereRef('used', '<', 'uses')
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) > 0;
}
