import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { Db, ReadOnlyDb } from '../rpc/context';
import type { StoreVerdict } from './store-verdict';
import { forgetTierFacts, type PremiumLevelSource } from '../tiers/tiers-repository';
import { SKUS } from './skus';
import type { SubscriptionRow, SubscriptionsTables } from './tables';

type SubscriptionsDb = Kysely<Schema & SubscriptionsTables>;

/** The call's transaction typed with this domain's table (types only; queries unchanged). */
const withSubscriptions = (db: Kysely<Schema>): SubscriptionsDb =>
  db.withTables<SubscriptionsTables>();

/**
 * A prepare step's read-only handle typed with this domain's table: ReadOnlyDb is the shared
 * schema's `selectFrom` only, and this table joins it through withTables like the others.
 */
const readSubscriptions = (db: ReadOnlyDb): Pick<SubscriptionsDb, 'selectFrom'> =>
  db as unknown as Pick<SubscriptionsDb, 'selectFrom'>;

export async function insertSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  forgetTierFacts(db, row.user_id);
  await withSubscriptions(db).insertInto('subscriptions').values(row).execute();
}

export async function userSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return withSubscriptions(db)
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('subscription_id')
    .execute();
}

export async function findSubscription(
  db: Db,
  userId: string,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  return withSubscriptions(db)
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
}

/** Who holds a store purchase, if anyone (the unique index allows one row). */
export async function findByPurchase(
  db: Db,
  store: string,
  purchaseKey: string,
): Promise<SubscriptionRow | undefined> {
  return (
    withSubscriptions(db)
      .selectFrom('subscriptions')
      .selectAll()
      .where('store', '=', store)
      .where('purchase_key', '=', purchaseKey)
      // Names the partial index's condition, which both databases need to pick that index.
      .where('purchase_key', '<>', sql.lit(''))
      .executeTakeFirst()
  );
}

/** The user's bound subscriptions whose paid period has ended by `now` but are still active. */
export async function userRowsDue(
  db: ReadOnlyDb,
  userId: string,
  now: number,
): Promise<SubscriptionRow[]> {
  return readSubscriptions(db)
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .where('expires_at', '<=', now)
    .execute();
}

/** Active subscriptions of anyone ending before `until` and not asked since `askedBefore`. */
export async function rowsDue(
  db: Kysely<Schema>,
  until: number,
  askedBefore: number,
  limit: number,
): Promise<SubscriptionRow[]> {
  return withSubscriptions(db)
    .selectFrom('subscriptions')
    .selectAll()
    .where('active', '=', 1)
    .where('expires_at', '<=', until)
    .where('checked_at', '<', askedBefore)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Records what the store said; `proof` is the token or receipt the user sent, when new. */
export async function applyVerdict(
  db: Kysely<Schema>,
  row: Pick<SubscriptionRow, 'user_id' | 'subscription_id'>,
  verdict: StoreVerdict,
  now: number,
  proof?: { googlePlayPurchaseToken: string } | { appStoreReceipt: string },
): Promise<void> {
  forgetTierFacts(db, row.user_id);
  await withSubscriptions(db)
    .updateTable('subscriptions')
    .set({
      store: verdict.store,
      purchase_key: verdict.purchaseKey,
      active: verdict.entitled && verdict.expiresAt > now ? 1 : 0,
      expires_at: verdict.expiresAt,
      checked_at: now,
      ...(proof && 'googlePlayPurchaseToken' in proof
        ? { google_play_purchase_token: proof.googlePlayPurchaseToken }
        : {}),
      ...(proof && 'appStoreReceipt' in proof ? { app_store_receipt: proof.appStoreReceipt } : {}),
    })
    .where('user_id', '=', row.user_id)
    .where('subscription_id', '=', row.subscription_id)
    .execute();
}

export async function deleteSubscription(
  db: Db,
  userId: string,
  subscriptionId: string,
): Promise<void> {
  forgetTierFacts(db, userId);
  await withSubscriptions(db)
    .deleteFrom('subscriptions')
    .where('user_id', '=', userId)
    .where('subscription_id', '=', subscriptionId)
    .execute();
}

/**
 * The level the user's subscriptions grant now: 2 with an active Unlimited one, 1 with an
 * active Premium one, else 0. "Active" is the stored flag AND an expiry still ahead, so a
 * lapsed subscription stops counting the moment it ends, before any re-verification ran.
 */
export async function subscriptionLevel(
  db: Kysely<Schema>,
  userId: string,
  now: number,
  levelOfSku: (skuId: string) => number,
): Promise<number> {
  const rows = await withSubscriptions(db)
    .selectFrom('subscriptions')
    .select('sku_id')
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .where('expires_at', '>', now)
    .execute();
  return rows.reduce((level, row) => Math.max(level, levelOfSku(row.sku_id)), 0);
}

/**
 * The subscriptions' source of the premium level (tiers/tiers-repository.ts): when the user's
 * active subscriptions of `level` or higher end. "Active" is the stored flag; the tier compares
 * the end with the call's time, so a lapsed subscription stops counting the moment it ends.
 */
export const subscriptionGrants: PremiumLevelSource = (userId, level) => {
  // The ids findSku knows (ours; App Store product ids are accepted too).
  const skus = SKUS.filter((sku) => sku.level >= level).flatMap((sku) => [
    sql.lit(sku.id),
    sql.lit(sku.iosProductId),
  ]);
  return sql`select expires_at as until from subscriptions where user_id = ${userId} and active = 1 and sku_id in (${sql.join(skus)})`;
};
