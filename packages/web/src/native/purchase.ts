import type { Output } from '@planner/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { profileQueryKey } from '../api/profile';
import { APP_VERSION } from '@planner/protocol/client';
import { BridgeError, type NativeBridge, type PurchaseResult } from '../bridge/bridge-contract';

/** GetSubscriptions' cache entry (the premium page's list). */
export const subscriptionsQueryKey = ['subscriptions'] as const;

/** The spec's words when a restore finds no App Store transaction. */
export const NO_RECEIPT = 'Failed to retrieve App Store receipt';

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

/**
 * An App Store transaction the shell reported (a restore, or Transaction.updates): sent with
 * SetAppStoreReceipt, then the profile and subscriptions are fetched again.
 */
export async function sendAppStoreProof(
  client: QueryClient,
  result: PurchaseResult,
): Promise<void> {
  const receipt = result.appStoreReceipt?.trim() ?? '';
  if (receipt === '') throw new BridgeError('restorePurchases', 'FAILED', NO_RECEIPT);
  await call('SetAppStoreReceipt', { packageName: result.packageName ?? '', receipt });
  await Promise.all([
    client.invalidateQueries({ queryKey: profileQueryKey }),
    client.invalidateQueries({ queryKey: subscriptionsQueryKey }),
  ]);
}

/** Restore purchases (iOS): the shell's AppStore.sync, then the latest transaction to the server. */
export async function restoreAppStorePurchases(
  bridge: NativeBridge,
  client: QueryClient,
): Promise<void> {
  await sendAppStoreProof(client, await bridge.restorePurchases());
}

/**
 * Native push (spec 4, device registration): the shell's token goes to RegisterDevice with the
 * device's type (ios or android). Answers the token, or null when the person declined.
 */
export async function registerShellPush(bridge: NativeBridge): Promise<string | null> {
  const token = await bridge.registerPush();
  if (!token) return null;
  const device = await bridge.deviceInfo();
  await call(
    'RegisterDevice',
    {
      fcmDeviceToken: token,
      deviceType: device.platform,
      nativeVersion: device.nativeVersion,
      appVersion: APP_VERSION,
    },
    { showLoading: false },
  );
  return token;
}
