import type { Config } from '../config';
import { parsePriceParams, type Frequency, type Tier } from './price-params';

export type Platform = 'web' | 'android' | 'ios';

export interface SkuDefinition {
  /** Our id, the same on every platform. */
  id: string;
  tier: Tier;
  /** 1 premium, 2 unlimited: the level an active subscription grants. */
  level: 1 | 2;
  frequency: Frequency;
  name: string;
  /** The product id in the App Store (store-specific, as the spec says). */
  iosProductId: string;
}

/**
 * The four subscriptions, one table for every platform: Google Play's product ids are our ids;
 * the App Store's are its own.
 */
export const SKUS: readonly SkuDefinition[] = [
  {
    id: 'premium_one_month',
    tier: 'premium',
    level: 1,
    frequency: 'monthly',
    name: 'Premium (1 month)',
    iosProductId: 'planner.premium.monthly',
  },
  {
    id: 'premium_one_year',
    tier: 'premium',
    level: 1,
    frequency: 'yearly',
    name: 'Premium (1 year)',
    iosProductId: 'planner.premium.yearly',
  },
  {
    id: 'unlimited_one_month',
    tier: 'unlimited',
    level: 2,
    frequency: 'monthly',
    name: 'Unlimited (1 month)',
    iosProductId: 'planner.unlimited.monthly',
  },
  {
    id: 'unlimited_one_year',
    tier: 'unlimited',
    level: 2,
    frequency: 'yearly',
    name: 'Unlimited (1 year)',
    iosProductId: 'planner.unlimited.yearly',
  },
];

/** Our id or an App Store product id to the SKU; undefined for anything else. */
export function findSku(id: string): SkuDefinition | undefined {
  return SKUS.find((sku) => sku.id === id || sku.iosProductId === id);
}

/** The product id a store reports for this SKU. */
export function storeProductId(sku: SkuDefinition, store: 'google_play' | 'app_store'): string {
  return store === 'app_store' ? sku.iosProductId : sku.id;
}

export interface SkuMessage {
  id: string;
  name: string;
  type: string;
  platform: string;
  platformProductId: string;
  packageName: string;
  price: string;
  displayName: string;
}

/** A SKU as the API shows it on one platform, priced from PRICE_PARAMS (or the defaults). */
export function skuMessage(sku: SkuDefinition, platform: Platform, config: Config): SkuMessage {
  const prices = parsePriceParams(config.cloudConfig.PRICE_PARAMS);
  const price = prices[sku.tier][sku.frequency].current;
  return {
    id: platform === 'ios' ? sku.iosProductId : sku.id,
    name: sku.name,
    type: 'subscription',
    platform,
    platformProductId: platform === 'ios' ? sku.iosProductId : sku.id,
    packageName:
      platform === 'ios'
        ? (config.appStore?.bundleId ?? '')
        : platform === 'android'
          ? (config.googlePlay?.packageName ?? '')
          : '',
    price: price.toFixed(2),
    displayName: `${sku.name} – USD ${price.toFixed(2)}`,
  };
}
