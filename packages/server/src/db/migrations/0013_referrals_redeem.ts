import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/** The referral code alphabet: no 0/O or 1/I, so a code read aloud or from paper is typed right. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * Referrals and redeem codes (issue 16; docs/tiers-and-referrals.md): every account gets its
 * referral code (accounts made before had ''), codes are unique; who referred whom; the
 * operator's redeem codes and the levels they grant. Same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const raw = db as unknown as Kysely<{
    users: { user_id: string; referral_code: string };
  }>;
  const missing = await raw
    .selectFrom('users')
    .select('user_id')
    .where('referral_code', '=', '')
    .execute();
  const taken = new Set(
    (
      await raw
        .selectFrom('users')
        .select('referral_code')
        .where('referral_code', '<>', '')
        .execute()
    ).map((row) => row.referral_code),
  );
  for (const { user_id } of missing) {
    let code = newCode();
    while (taken.has(code)) code = newCode();
    taken.add(code);
    await raw
      .updateTable('users')
      .set({ referral_code: code })
      .where('user_id', '=', user_id)
      .execute();
  }
  await db.schema
    .createIndex('users_referral_code')
    .on('users')
    .column('referral_code')
    .unique()
    .where(sql.ref('referral_code'), '<>', '')
    .execute();

  await db.schema
    .createTable('referrals')
    .addColumn('user_id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('referrer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('referrals_by_referrer')
    .on('referrals')
    .column('referrer_id')
    .execute();

  await db.schema
    .createTable('vouchers')
    .addColumn('voucher_id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('voucher_grants')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('voucher_id', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('granted_at', 'int8', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_grants_pk', ['user_id', 'voucher_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voucher_grants').execute();
  await db.schema.dropTable('vouchers').execute();
  await db.schema.dropTable('referrals').execute();
  await db.schema.dropIndex('users_referral_code').execute();
}
