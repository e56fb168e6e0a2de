import { TiersService } from '@planner/protocol';
import { newId } from '../secrets';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { idBound, text } from '../rpc/bounds';
import type { AuthedContext } from '../rpc/context';
import { conflict, invalid, notFound } from '../rpc/errors';
import type { ServiceDeps } from '../service-deps';
import { registerPremiumLevelSource } from '../tiers/premium-level';
import { findSku, SKUS, skuMessage, storeProductId, type Platform } from './skus';
import { PurchaseRejected, type StoreVerdict } from './store-verdict';
import { createStores, recheck, type Stores } from './stores';
import {
  applyVerdict,
  deleteSubscription,
  subscriptionGrants,
  findByPurchase,
  findSubscription,
  insertSubscription,
  userRowsDue,
  userSubscriptions,
} from './subscriptions-repository';
import type { SubscriptionRow } from './tables';

/** A Play purchase token is a few hundred characters; a StoreKit JWS with its chain a few KB. */
const PURCHASE_TOKEN_CHARS = 2_000;
const SIGNED_TRANSACTION_CHARS = 16_000;

/** Each proof costs a call to a store: counted per address (config's storeCheckPerIp). */
const STORE_CHECK_LIMIT = [
  { bucket: 'storeCheckPerIp', key: (_input: unknown, request: { ip: string }) => request.ip },
];

type Proof = { googlePlayPurchaseToken: string } | { appStoreReceipt: string };

/** The store's answer, asked before the transaction opens (never hold a transaction on HTTP). */
async function askStore(stores: Stores, proof: Proof, now: number): Promise<StoreVerdict> {
  try {
    if ('googlePlayPurchaseToken' in proof) {
      if (!stores.googlePlay) throw invalid('invalid.storeNotConfigured');
      return await stores.googlePlay.verify(proof.googlePlayPurchaseToken, now);
    }
    if (!stores.appStore) throw invalid('invalid.storeNotConfigured');
    return await stores.appStore.verify(proof.appStoreReceipt, now);
  } catch (error) {
    if (error instanceof PurchaseRejected) throw invalid('invalid.purchase');
    throw error;
  }
}

/** Refuses a verdict that does not pay for `skuId` now, or a purchase another account holds. */
async function checkVerdict(
  ctx: AuthedContext,
  verdict: StoreVerdict,
  skuId: string,
  ownRow: string | undefined,
): Promise<SubscriptionRow | undefined> {
  const sku = findSku(skuId);
  if (!sku || storeProductId(sku, verdict.store) !== verdict.productId) {
    throw invalid('invalid.purchaseProduct');
  }
  if (!verdict.entitled || verdict.expiresAt <= ctx.now()) throw invalid('invalid.purchaseExpired');
  const holder = await findByPurchase(ctx.db, verdict.store, verdict.purchaseKey);
  if (holder && holder.user_id !== ctx.userId) throw conflict('invalid.purchaseInUse');
  return holder && holder.subscription_id !== ownRow ? holder : undefined;
}

function subscriptionMessage(
  row: SubscriptionRow,
  now: number,
  platform: Platform,
  deps: ServiceDeps,
) {
  const sku = findSku(row.sku_id);
  return {
    id: row.subscription_id,
    sku: sku && skuMessage(sku, platform, deps.config),
    googlePlayPurchaseToken: row.google_play_purchase_token,
    appStoreReceipt: row.app_store_receipt,
    active: row.active === 1 && row.expires_at > now,
    expiresAt: Number(row.expires_at),
  };
}

/** A bound purchase the store no longer knows: kept for the record, paying for nothing. */
const lapsed = (row: SubscriptionRow): StoreVerdict => ({
  store: row.store === 'app_store' ? 'app_store' : 'google_play',
  productId: '',
  purchaseKey: row.purchase_key,
  expiresAt: row.expires_at,
  entitled: false,
});

/** A new row waiting for its proof of purchase. */
const pendingRow = (userId: string, skuId: string, now: number): SubscriptionRow => ({
  user_id: userId,
  subscription_id: newId(),
  sku_id: skuId,
  store: '',
  purchase_key: '',
  google_play_purchase_token: '',
  app_store_receipt: '',
  active: 0,
  expires_at: 0,
  created_at: now,
  checked_at: 0,
});

/** The platform a bound row was bought on; pending rows and the web read as web. */
const platformOf = (row: SubscriptionRow): Platform =>
  row.store === 'google_play' ? 'android' : row.store === 'app_store' ? 'ios' : 'web';

/**
 * GetSubscriptionSkus, GetSubscriptions, CreateSubscription, UpdateSubscription,
 * SetAppStoreReceipt, GetAppStoreReceiptStatus (docs/subscriptions.md).
 */
/** What the subscription methods share: the deps and the stores' clients. */
interface SubscriptionsKit {
  deps: ServiceDeps;
  stores: ReturnType<typeof createStores>;
}

export function createSubscriptionsMethods(deps: ServiceDeps): MethodDefinition[] {
  const stores = createStores(deps.config);
  // The derived premiumLevel (tiers/premium-level.ts) reads this source with every session.
  registerPremiumLevelSource('subscriptions', subscriptionGrants);

  const kit: SubscriptionsKit = { deps, stores };
  return [
    getSubscriptionSkusMethod(kit),
    getSubscriptionsMethod(kit),
    createSubscriptionMethod(kit),
    updateSubscriptionMethod(kit),
    setAppStoreReceiptMethod(kit),
    getAppStoreReceiptStatusMethod(kit),
  ];
}

function getSubscriptionSkusMethod({ deps }: SubscriptionsKit): MethodDefinition {
  // The calls carry no device type: the web's ids (the same as Google Play's) are answered;
  // the App Store's own product ids are accepted wherever a SKU id is.
  return defineMethod(TiersService.method.getSubscriptionSkus, {
    auth: 'required',
    handler: () => {
      const of = (tier: string) =>
        SKUS.filter((sku) => sku.tier === tier).map((sku) => skuMessage(sku, 'web', deps.config));
      return Promise.resolve({ premiumSkus: of('premium'), unlimitedSkus: of('unlimited') });
    },
  });
}

function getSubscriptionsMethod({ deps, stores }: SubscriptionsKit): MethodDefinition {
  return defineMethod(TiersService.method.getSubscriptions, {
    auth: 'required',
    // Subscriptions past their end are asked about again first: a renewal extends them.
    prepare: async (_input, ctx) => {
      const due = await userRowsDue(ctx.db, ctx.userId, ctx.now());
      const verdicts: { row: SubscriptionRow; verdict: StoreVerdict }[] = [];
      for (const row of due) {
        try {
          const verdict = await recheck(stores, row, ctx.now());
          if (verdict) verdicts.push({ row, verdict });
        } catch (error) {
          if (!(error instanceof PurchaseRejected)) {
            deps.log.warn({ err: error }, 'subscription re-check failed; kept as it was');
            continue;
          }
          // Unknown to the store now: it pays for nothing.
          verdicts.push({ row, verdict: lapsed(row) });
        }
      }
      return verdicts;
    },
    handler: async (_input, ctx, verdicts) => {
      for (const { row, verdict } of verdicts) await applyVerdict(ctx.db, row, verdict, ctx.now());
      const rows = await userSubscriptions(ctx.db, ctx.userId);
      return {
        subscriptions: rows.map((row) =>
          subscriptionMessage(row, ctx.now(), platformOf(row), deps),
        ),
      };
    },
  });
}

function createSubscriptionMethod(_kit: SubscriptionsKit): MethodDefinition {
  return defineMethod(TiersService.method.createSubscription, {
    auth: 'required',
    bounds: { sku: text(64) },
    handler: async (input, ctx) => {
      const sku = findSku(input.sku.trim());
      if (!sku) throw invalid('invalid.sku');
      const row = pendingRow(ctx.userId, sku.id, ctx.now());
      await insertSubscription(ctx.db, row);
      return { subscriptionId: row.subscription_id };
    },
  });
}

function updateSubscriptionMethod({ stores }: SubscriptionsKit): MethodDefinition {
  return defineMethod(TiersService.method.updateSubscription, {
    auth: 'required',
    bounds: {
      subscriptionId: idBound,
      googlePlayPurchaseToken: text(PURCHASE_TOKEN_CHARS),
      appStoreReceipt: text(SIGNED_TRANSACTION_CHARS),
    },
    rateLimit: STORE_CHECK_LIMIT,
    prepare: (input, ctx) => {
      const token = input.googlePlayPurchaseToken.trim();
      const receipt = input.appStoreReceipt.trim();
      if (!token === !receipt) {
        throw invalid('field "googlePlayPurchaseToken" or "appStoreReceipt": exactly one');
      }
      const proof: Proof = token
        ? { googlePlayPurchaseToken: token }
        : { appStoreReceipt: receipt };
      return askStore(stores, proof, ctx.now()).then((verdict) => ({ verdict, proof }));
    },
    handler: async (input, ctx, { verdict, proof }) => {
      const row = await findSubscription(ctx.db, ctx.userId, input.subscriptionId);
      if (!row) throw notFound();
      const other = await checkVerdict(ctx, verdict, row.sku_id, row.subscription_id);
      if (other) {
        // The user bound this purchase before (a retry, a restore): refresh that row.
        await applyVerdict(ctx.db, other, verdict, ctx.now(), proof);
        if (row.store === '') await deleteSubscription(ctx.db, ctx.userId, row.subscription_id);
      } else {
        await applyVerdict(ctx.db, row, verdict, ctx.now(), proof);
      }
      return {};
    },
  });
}

function setAppStoreReceiptMethod({ deps, stores }: SubscriptionsKit): MethodDefinition {
  // A restore on iOS: the app hands over its signed transaction; the matching subscription
  // is bound to the account (or refreshed) once Apple confirmed it.
  return defineMethod(TiersService.method.setAppStoreReceipt, {
    auth: 'required',
    bounds: { packageName: text(200), receipt: text(SIGNED_TRANSACTION_CHARS) },
    rateLimit: STORE_CHECK_LIMIT,
    prepare: (input, ctx) => {
      if (deps.config.appStore && input.packageName !== deps.config.appStore.bundleId) {
        throw invalid('field "packageName": not this app');
      }
      return askStore(stores, { appStoreReceipt: input.receipt.trim() }, ctx.now());
    },
    handler: async (input, ctx, verdict) => {
      const sku = findSku(verdict.productId);
      if (!sku) throw invalid('invalid.purchaseProduct');
      const held = await checkVerdict(ctx, verdict, sku.id, undefined);
      const proof = { appStoreReceipt: input.receipt.trim() };
      if (held) {
        await applyVerdict(ctx.db, held, verdict, ctx.now(), proof);
        return {};
      }
      const row = pendingRow(ctx.userId, sku.id, ctx.now());
      await insertSubscription(ctx.db, row);
      await applyVerdict(ctx.db, row, verdict, ctx.now(), proof);
      return {};
    },
  });
}

function getAppStoreReceiptStatusMethod(_kit: SubscriptionsKit): MethodDefinition {
  return defineMethod(TiersService.method.getAppStoreReceiptStatus, {
    auth: 'required',
    handler: async (_input, ctx) => {
      const rows = await userSubscriptions(ctx.db, ctx.userId);
      const paid = rows.some(
        (row) => row.store === 'app_store' && row.active === 1 && row.expires_at > ctx.now(),
      );
      return { expired: !paid };
    },
  });
}
