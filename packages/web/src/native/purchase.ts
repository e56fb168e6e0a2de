import type { Output } from '@planner/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { profileQueryKey } from '../api/profile';
import type { NativeBridge } from './bridge-contract';

export type PlainSku = Output<'GetSubscriptionSkus'>['premiumSkus'][number];

/** The SKUs of a tier the device's store sells (platform android or ios). */
export function skusFor(
  skus: Output<'GetSubscriptionSkus'>,
  tier: 'premium' | 'unlimited',
  platform: string,
): PlainSku[] {
  const list = tier === 'premium' ? skus.premiumSkus : skus.unlimitedSkus;
  return list.filter((sku) => sku.platform === platform);
}

/**
 * Spec: create the subscription, buy it in the store, send the store's proof (the Play purchase
 * token or the App Store receipt), then refresh the profile and the subscriptions.
 */
export async function buySubscription(
  bridge: NativeBridge,
  client: QueryClient,
  sku: PlainSku,
  subscriptionsKey: readonly unknown[],
): Promise<void> {
  const { subscriptionId } = await call('CreateSubscription', { sku: sku.id });
  const proof = await bridge.purchase(sku.platformProductId || sku.id);
  await call('UpdateSubscription', {
    subscriptionId,
    googlePlayPurchaseToken: proof.googlePlayPurchaseToken ?? '',
    appStoreReceipt: proof.appStoreReceipt ?? '',
  });
  await Promise.all([
    client.invalidateQueries({ queryKey: profileQueryKey }),
    client.invalidateQueries({ queryKey: subscriptionsKey }),
  ]);
}
