import type { Kysely } from 'kysely';

/**
 * Store subscriptions (issue 16). Same DDL on SQLite and PostgreSQL. A row starts pending
 * (CreateSubscription) and becomes a bound purchase once the store confirmed its proof; the
 * derived premium level reads `active` and `expires_at` (docs/subscriptions.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('sku_id', 'text', (c) => c.notNull())
    // google_play or app_store once bound; '' while pending.
    .addColumn('store', 'text', (c) => c.notNull())
    // The store's purchase identity: the Play purchase token or the original transaction id.
    .addColumn('purchase_key', 'text', (c) => c.notNull())
    .addColumn('google_play_purchase_token', 'text', (c) => c.notNull())
    .addColumn('app_store_receipt', 'text', (c) => c.notNull())
    .addColumn('active', 'int4', (c) => c.notNull())
    .addColumn('expires_at', 'int8', (c) => c.notNull())
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addColumn('checked_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscriptions_pk', ['user_id', 'subscription_id'])
    .execute();
  // One purchase belongs to one account: a token already bound elsewhere is refused.
  await db.schema
    .createIndex('subscriptions_by_purchase')
    .on('subscriptions')
    .columns(['store', 'purchase_key'])
    .unique()
    .where('purchase_key', '<>', '')
    .execute();
  // The re-verification pass looks for active rows near their end.
  await db.schema
    .createIndex('subscriptions_by_expiry')
    .on('subscriptions')
    .columns(['active', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscriptions').execute();
}
