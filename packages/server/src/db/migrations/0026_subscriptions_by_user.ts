import type { Kysely } from 'kysely';

/**
 * The tier columns read with every session (tiers/tiers-repository.ts) look for the user's
 * active subscriptions. Without an index led by the user, SQLite chose `subscriptions_by_expiry`
 * (`active = 1`) and walked every active subscription of every account on every call: 3.4 ms a
 * call with 20,000 subscribers, against 15 µs with this index (docs/running-in-production.md,
 * "Every statement finds its rows by a key").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('subscriptions_by_user')
    .on('subscriptions')
    .columns(['user_id', 'active', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_by_user').execute();
}
