import { ErrorCode } from '@planner/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rpcError } from '../testing/rpc-error';
import {
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import { recheckDueSubscriptions, startSubscriptionRechecks } from './rechecks';
import { createStores } from './stores';
import { activeSubscriptionLevel } from './subscription-level';
import type { SubscriptionsTables } from './tables';
import { startFakeStores, type FakeStores } from './testing/fake-stores';

const DAY = 24 * 3600 * 1000;

let stores: FakeStores;
let server: TestServer;
beforeAll(async () => {
  stores = await startFakeStores(TEST_NOW, () => server.clock.now());
  server = await startTestServer({
    config: { googlePlay: stores.googlePlay, appStore: stores.appStore },
  });
});
afterAll(async () => {
  await server.close();
  await stores.close();
});
beforeEach(() => server.clock.set(TEST_NOW));

/** The premiumLevel the account's profile shows (derived in tiers/premium-level.ts). */
async function level(user: SignedUpUser): Promise<number> {
  const fromSubscriptions = await activeSubscriptionLevel(
    server.database.db,
    user.userId,
    server.clock.now(),
  );
  const profile = await user.client.call('GetUserProfile');
  expect(profile.user?.premiumLevel).toBe(fromSubscriptions);
  return fromSubscriptions;
}

const rowsOf = (user: SignedUpUser) =>
  server.database.db
    .withTables<SubscriptionsTables>()
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', user.userId)
    .execute();

let serial = 0;
/** A Play purchase the fake knows, under a fresh token. */
function playPurchase(productId: string, state: string, expiresAt: number): string {
  const token = `play-token-${++serial}.AO-J1Ox${'x'.repeat(40)}`;
  stores.playPurchases.set(token, { productId, state, expiresAt });
  return token;
}
/** An App Store transaction the fake knows; answers the JWS StoreKit gives the app. */
async function appleTransaction(
  productId: string,
  status: number,
  expiresAt: number,
  extra: { revokedAt?: number; bundleId?: string } = {},
) {
  const id = `20000${++serial}`;
  const transaction = {
    transactionId: id,
    originalTransactionId: id,
    productId,
    status,
    expiresAt,
    ...extra,
  };
  stores.appleTransactions.set(id, transaction);
  return { id, jws: await stores.signTransaction(transaction) };
}

async function buy(user: SignedUpUser, sku: string) {
  const { subscriptionId } = await user.client.call('CreateSubscription', { sku });
  return subscriptionId;
}

describe('GetSubscriptionSkus', () => {
  it('answers the four subscriptions, premium and unlimited apart, at the default prices', async () => {
    const user = await server.signUp();
    const answer = await user.client.call('GetSubscriptionSkus');
    expect(answer.premiumSkus.map((sku) => [sku.id, sku.price, sku.platform])).toEqual([
      ['premium_one_month', '0.99', 'web'],
      ['premium_one_year', '9.99', 'web'],
    ]);
    expect(answer.unlimitedSkus.map((sku) => [sku.id, sku.price])).toEqual([
      ['unlimited_one_month', '1.99'],
      ['unlimited_one_year', '14.99'],
    ]);
    expect(answer.premiumSkus[0]).toMatchObject({
      type: 'subscription',
      platformProductId: 'premium_one_month',
    });
  });

  it('prices come from PRICE_PARAMS when configured (the current, campaign price)', async () => {
    const priced = await startTestServer({
      config: {
        cloudConfig: {
          PRICE_PARAMS: JSON.stringify({
            unlimited: { yearly: { base: 14.99, baseSave: 38, current: 9.99, off: 33 } },
          }),
        },
      },
    });
    try {
      const user = await priced.signUp();
      const answer = await user.client.call('GetSubscriptionSkus');
      expect(answer.unlimitedSkus.map((sku) => sku.price)).toEqual(['1.99', '9.99']);
      expect(answer.premiumSkus.map((sku) => sku.price)).toEqual(['0.99', '9.99']);
    } finally {
      await priced.close();
    }
  });
});

describe('Google Play', () => {
  it('a valid purchase token makes the subscription active until the store says it ends', async () => {
    const user = await server.signUp();
    const id = await buy(user, 'premium_one_month');
    expect(await level(user)).toBe(0);
    const token = playPurchase(
      'premium_one_month',
      'SUBSCRIPTION_STATE_ACTIVE',
      TEST_NOW + 30 * DAY,
    );
    await user.client.call('UpdateSubscription', {
      subscriptionId: id,
      googlePlayPurchaseToken: token,
    });

    const { subscriptions } = await user.client.call('GetSubscriptions');
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      id,
      active: true,
      expiresAt: TEST_NOW + 30 * DAY,
      googlePlayPurchaseToken: token,
      sku: { id: 'premium_one_month', platform: 'android', packageName: 'app.planner.test' },
    });
    expect(await level(user)).toBe(1);
  });

  it('a subscription in its grace period counts; an unlimited one gives level 2', async () => {
    const user = await server.signUp();
    const id = await buy(user, 'unlimited_one_year');
    const token = playPurchase(
      'unlimited_one_year',
      'SUBSCRIPTION_STATE_IN_GRACE_PERIOD',
      TEST_NOW + 3 * DAY,
    );
    await user.client.call('UpdateSubscription', {
      subscriptionId: id,
      googlePlayPurchaseToken: token,
    });
    expect(await level(user)).toBe(2);
  });

  it.each([
    ['expired', 'SUBSCRIPTION_STATE_EXPIRED', TEST_NOW - DAY, 'invalid.purchaseExpired'],
    // A refund revokes at once: Play reports the subscription expired, its end still ahead.
    ['refunded', 'SUBSCRIPTION_STATE_EXPIRED', TEST_NOW + 20 * DAY, 'invalid.purchaseExpired'],
    ['on hold', 'SUBSCRIPTION_STATE_ON_HOLD', TEST_NOW + 20 * DAY, 'invalid.purchaseExpired'],
  ])('a %s purchase is refused and nothing changes', async (_name, state, expiresAt, key) => {
    const user = await server.signUp();
    const id = await buy(user, 'premium_one_year');
    const before = await rowsOf(user);
    const token = playPurchase('premium_one_year', state, expiresAt);
    const error = await rpcError(
      user.client.call('UpdateSubscription', {
        subscriptionId: id,
        googlePlayPurchaseToken: token,
      }),
    );
    expect([error.code, error.message]).toEqual([ErrorCode.InvalidInput, key]);
    expect(await rowsOf(user)).toEqual(before);
    expect(await level(user)).toBe(0);
  });

  it('a token the store does not know (forged) is refused', async () => {
    const user = await server.signUp();
    const id = await buy(user, 'premium_one_month');
    const error = await rpcError(
      user.client.call('UpdateSubscription', {
        subscriptionId: id,
        googlePlayPurchaseToken: 'made-up-token',
      }),
    );
    expect(error.message).toBe('invalid.purchase');
    expect((await user.client.call('GetSubscriptions')).subscriptions[0]?.active).toBe(false);
  });

  it('a token for another product than the subscription is refused', async () => {
    const user = await server.signUp();
    const id = await buy(user, 'unlimited_one_month');
    const token = playPurchase(
      'premium_one_month',
      'SUBSCRIPTION_STATE_ACTIVE',
      TEST_NOW + 30 * DAY,
    );
    const error = await rpcError(
      user.client.call('UpdateSubscription', {
        subscriptionId: id,
        googlePlayPurchaseToken: token,
      }),
    );
    expect(error.message).toBe('invalid.purchaseProduct');
    expect(await level(user)).toBe(0);
  });

  it('a token bound to one account is refused to another; its owner may send it again', async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    const token = playPurchase(
      'premium_one_month',
      'SUBSCRIPTION_STATE_ACTIVE',
      TEST_NOW + 30 * DAY,
    );
    const ownerSub = await buy(owner, 'premium_one_month');
    await owner.client.call('UpdateSubscription', {
      subscriptionId: ownerSub,
      googlePlayPurchaseToken: token,
    });

    const otherSub = await buy(other, 'premium_one_month');
    const error = await rpcError(
      other.client.call('UpdateSubscription', {
        subscriptionId: otherSub,
        googlePlayPurchaseToken: token,
      }),
    );
    expect([error.code, error.message]).toEqual([ErrorCode.Conflict, 'invalid.purchaseInUse']);
    expect(await level(other)).toBe(0);

    // A retry from the owner's app (a new pending row) refreshes the bound one instead.
    const retry = await buy(owner, 'premium_one_month');
    await owner.client.call('UpdateSubscription', {
      subscriptionId: retry,
      googlePlayPurchaseToken: token,
    });
    const rows = await rowsOf(owner);
    expect(rows.map((row) => row.subscription_id)).toEqual([ownerSub]);
  });

  it("another user's subscription id is not found, and bad input names the field", async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    const id = await buy(owner, 'premium_one_month');
    const token = playPurchase(
      'premium_one_month',
      'SUBSCRIPTION_STATE_ACTIVE',
      TEST_NOW + 30 * DAY,
    );
    const error = await rpcError(
      other.client.call('UpdateSubscription', {
        subscriptionId: id,
        googlePlayPurchaseToken: token,
      }),
    );
    expect(error.code).toBe(ErrorCode.NotFound);
    expect(
      (await rpcError(owner.client.call('CreateSubscription', { sku: 'gold_forever' }))).message,
    ).toBe('invalid.sku');
    const both = await rpcError(
      owner.client.call('UpdateSubscription', {
        subscriptionId: id,
        googlePlayPurchaseToken: 'a',
        appStoreReceipt: 'b',
      }),
    );
    expect(both.message).toMatch(/googlePlayPurchaseToken/);
    const long = await rpcError(
      owner.client.call('UpdateSubscription', {
        subscriptionId: id,
        googlePlayPurchaseToken: 'x'.repeat(2001),
      }),
    );
    expect(long.message).toMatch(/field "googlePlayPurchaseToken"/);
  });
});

describe('App Store', () => {
  it('a signed transaction from the trusted chain makes the subscription active', async () => {
    const user = await server.signUp();
    const id = await buy(user, 'unlimited_one_month');
    const { jws } = await appleTransaction('planner.unlimited.monthly', 1, TEST_NOW + 30 * DAY);
    await user.client.call('UpdateSubscription', { subscriptionId: id, appStoreReceipt: jws });
    const { subscriptions } = await user.client.call('GetSubscriptions');
    expect(subscriptions[0]).toMatchObject({
      active: true,
      expiresAt: TEST_NOW + 30 * DAY,
      sku: { id: 'planner.unlimited.monthly', platform: 'ios', packageName: 'app.planner.ios' },
    });
    expect(await level(user)).toBe(2);
    expect(await user.client.call('GetAppStoreReceiptStatus')).toEqual({ expired: false });
  });

  it('a transaction signed by another chain (forged) is refused', async () => {
    const user = await server.signUp();
    const id = await buy(user, 'premium_one_month');
    const transaction = {
      transactionId: '999',
      originalTransactionId: '999',
      productId: 'planner.premium.monthly',
      status: 1,
      expiresAt: TEST_NOW + 30 * DAY,
    };
    stores.appleTransactions.set('999', transaction);
    const forged = await stores.signTransaction(transaction, stores.forgedChain);
    const error = await rpcError(
      user.client.call('UpdateSubscription', { subscriptionId: id, appStoreReceipt: forged }),
    );
    expect(error.message).toBe('invalid.purchase');
    // A trusted signature over a changed payload is refused too.
    const genuine = await stores.signTransaction(transaction);
    const [header, , signature] = genuine.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...transaction, bundleId: 'app.planner.ios' }),
    ).toString('base64url');
    const tampered = await rpcError(
      user.client.call('UpdateSubscription', {
        subscriptionId: id,
        appStoreReceipt: `${header}.${payload}.${signature}`,
      }),
    );
    expect(tampered.message).toBe('invalid.purchase');
    expect(await level(user)).toBe(0);
  });

  it('a revoked (refunded) or expired transaction is refused; another app is refused', async () => {
    const user = await server.signUp();
    const id = await buy(user, 'premium_one_year');
    const revoked = await appleTransaction('planner.premium.yearly', 5, TEST_NOW + 300 * DAY, {
      revokedAt: TEST_NOW - DAY,
    });
    const expired = await appleTransaction('planner.premium.yearly', 2, TEST_NOW - DAY);
    const otherApp = await appleTransaction('planner.premium.yearly', 1, TEST_NOW + 300 * DAY, {
      bundleId: 'com.someone.else',
    });
    for (const [jws, key] of [
      [revoked.jws, 'invalid.purchaseExpired'],
      [expired.jws, 'invalid.purchaseExpired'],
      [otherApp.jws, 'invalid.purchase'],
    ]) {
      const error = await rpcError(
        user.client.call('UpdateSubscription', { subscriptionId: id, appStoreReceipt: jws }),
      );
      expect(error.message).toBe(key);
    }
    expect(await level(user)).toBe(0);
    expect(await user.client.call('GetAppStoreReceiptStatus')).toEqual({ expired: true });
  });

  it('SetAppStoreReceipt restores a purchase onto the account; another account cannot take it', async () => {
    const user = await server.signUp();
    const { jws } = await appleTransaction('planner.premium.monthly', 1, TEST_NOW + 10 * DAY);
    expect(await user.client.call('GetAppStoreReceiptStatus')).toEqual({ expired: true });
    await user.client.call('SetAppStoreReceipt', { packageName: 'app.planner.ios', receipt: jws });
    expect(await user.client.call('GetAppStoreReceiptStatus')).toEqual({ expired: false });
    expect(await level(user)).toBe(1);
    // Restoring twice keeps one subscription.
    await user.client.call('SetAppStoreReceipt', { packageName: 'app.planner.ios', receipt: jws });
    expect((await user.client.call('GetSubscriptions')).subscriptions).toHaveLength(1);

    const other = await server.signUp();
    const error = await rpcError(
      other.client.call('SetAppStoreReceipt', { packageName: 'app.planner.ios', receipt: jws }),
    );
    expect(error.message).toBe('invalid.purchaseInUse');
    const wrongApp = await rpcError(
      other.client.call('SetAppStoreReceipt', { packageName: 'com.other', receipt: jws }),
    );
    expect(wrongApp.message).toMatch(/packageName/);
  });
});

describe('expiry', () => {
  it('a subscription stops counting when it ends; a read asks the store again and sees a renewal', async () => {
    const user = await server.signUp();
    const id = await buy(user, 'premium_one_month');
    const token = playPurchase(
      'premium_one_month',
      'SUBSCRIPTION_STATE_ACTIVE',
      TEST_NOW + 30 * DAY,
    );
    await user.client.call('UpdateSubscription', {
      subscriptionId: id,
      googlePlayPurchaseToken: token,
    });

    server.clock.set(TEST_NOW + 30 * DAY);
    expect(await level(user)).toBe(0); // ended, before anyone asked the store

    // The store renewed it meanwhile: reading the subscriptions asks again.
    stores.playPurchases.set(token, {
      productId: 'premium_one_month',
      state: 'SUBSCRIPTION_STATE_ACTIVE',
      expiresAt: TEST_NOW + 60 * DAY,
    });
    const renewed = (await user.client.call('GetSubscriptions')).subscriptions[0];
    expect(renewed).toMatchObject({ active: true, expiresAt: TEST_NOW + 60 * DAY });
    expect(await level(user)).toBe(1);

    // Cancelled: at the next end the store says expired, and it stays inactive.
    server.clock.set(TEST_NOW + 61 * DAY);
    stores.playPurchases.set(token, {
      productId: 'premium_one_month',
      state: 'SUBSCRIPTION_STATE_EXPIRED',
      expiresAt: TEST_NOW + 60 * DAY,
    });
    expect((await user.client.call('GetSubscriptions')).subscriptions[0]?.active).toBe(false);
    expect((await rowsOf(user))[0]?.active).toBe(0);
    expect(await level(user)).toBe(0);
  });

  it('an App Store subscription refunded after purchase is seen as ended at its next check', async () => {
    const user = await server.signUp();
    const id = await buy(user, 'unlimited_one_year');
    const { id: transactionId, jws } = await appleTransaction(
      'planner.unlimited.yearly',
      1,
      TEST_NOW + DAY,
    );
    await user.client.call('UpdateSubscription', { subscriptionId: id, appStoreReceipt: jws });
    const stored = stores.appleTransactions.get(transactionId);
    if (stored)
      Object.assign(stored, {
        status: 5,
        revokedAt: TEST_NOW + DAY / 2,
        expiresAt: TEST_NOW + 365 * DAY,
      });
    server.clock.set(TEST_NOW + 2 * DAY);
    expect((await user.client.call('GetSubscriptions')).subscriptions[0]?.active).toBe(false);
    expect(await level(user)).toBe(0);
  });
});

describe('limits', () => {
  it('proofs checked with a store are counted per address (429 past the limit)', async () => {
    const limited = await startTestServer({
      config: {
        googlePlay: stores.googlePlay,
        appStore: stores.appStore,
        rateLimits: { storeCheckPerIp: { points: 2, durationSec: 3600 } },
      },
    });
    try {
      const user = await limited.signUp();
      const id = (await user.client.call('CreateSubscription', { sku: 'premium_one_month' }))
        .subscriptionId;
      for (let i = 0; i < 2; i += 1) {
        const error = await rpcError(
          user.client.call('UpdateSubscription', {
            subscriptionId: id,
            googlePlayPurchaseToken: 'unknown',
          }),
        );
        expect(error.message).toBe('invalid.purchase');
      }
      const error = await rpcError(
        user.client.call('SetAppStoreReceipt', {
          packageName: 'app.planner.ios',
          receipt: 'x.y.z',
        }),
      );
      expect(error.code).toBe(ErrorCode.RateLimited);
    } finally {
      await limited.close();
    }
  });
});

describe('secrets', () => {
  it('store keys never reach the app, and purchase proofs never reach the log', async () => {
    const user = await server.signUp();
    const { items } = await user.client.call('GetCloudConfig');
    const answer = JSON.stringify(items);
    expect(answer).not.toContain('PRIVATE KEY');
    const id = await buy(user, 'premium_one_month');
    const token = playPurchase('premium_one_month', 'SUBSCRIPTION_STATE_ACTIVE', TEST_NOW + DAY);
    await user.client.call('UpdateSubscription', {
      subscriptionId: id,
      googlePlayPurchaseToken: token,
    });
    const log = server.logs.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain('PRIVATE KEY');
  });
});

describe('periodic re-verification', () => {
  it('asks about active subscriptions near their end: renewals move it, refunds end it', async () => {
    const renewing = await server.signUp();
    const refunded = await server.signUp();
    const later = await server.signUp();
    const renewToken = playPurchase(
      'premium_one_month',
      'SUBSCRIPTION_STATE_ACTIVE',
      TEST_NOW + 2 * DAY,
    );
    const refundToken = playPurchase(
      'premium_one_month',
      'SUBSCRIPTION_STATE_ACTIVE',
      TEST_NOW + 2 * DAY,
    );
    const laterToken = playPurchase(
      'premium_one_year',
      'SUBSCRIPTION_STATE_ACTIVE',
      TEST_NOW + 300 * DAY,
    );
    for (const [user, sku, token] of [
      [renewing, 'premium_one_month', renewToken],
      [refunded, 'premium_one_month', refundToken],
      [later, 'premium_one_year', laterToken],
    ] as const) {
      const id = await buy(user, sku);
      await user.client.call('UpdateSubscription', {
        subscriptionId: id,
        googlePlayPurchaseToken: token,
      });
    }
    stores.playPurchases.set(renewToken, {
      productId: 'premium_one_month',
      state: 'SUBSCRIPTION_STATE_ACTIVE',
      expiresAt: TEST_NOW + 32 * DAY,
    });
    stores.playPurchases.set(refundToken, {
      productId: 'premium_one_month',
      state: 'SUBSCRIPTION_STATE_EXPIRED',
      expiresAt: TEST_NOW + 1 * DAY,
    });
    const stores_ = createStores(server.config);
    server.clock.set(TEST_NOW + 1.5 * DAY);
    const asked = await recheckDueSubscriptions(
      server.database.db,
      stores_,
      server.clock.now(),
      server.app.log,
    );
    expect(asked).toBeGreaterThanOrEqual(2);
    expect((await rowsOf(renewing))[0]).toMatchObject({ active: 1 });
    expect(Number((await rowsOf(renewing))[0]?.expires_at)).toBe(TEST_NOW + 32 * DAY);
    expect((await rowsOf(refunded))[0]).toMatchObject({ active: 0 });
    expect(await level(refunded)).toBe(0);
    expect(Number((await rowsOf(later))[0]?.checked_at)).toBe(TEST_NOW); // not due: not asked
    // Asked a moment ago: the next pass leaves them alone.
    expect(
      await recheckDueSubscriptions(
        server.database.db,
        stores_,
        server.clock.now(),
        server.app.log,
      ),
    ).toBe(0);
  });
});

describe('the re-check timer', () => {
  it('runs the pass on its interval until stopped', async () => {
    const user = await server.signUp();
    const token = playPurchase('unlimited_one_month', 'SUBSCRIPTION_STATE_ACTIVE', TEST_NOW + DAY);
    const id = await buy(user, 'unlimited_one_month');
    await user.client.call('UpdateSubscription', {
      subscriptionId: id,
      googlePlayPurchaseToken: token,
    });
    stores.playPurchases.set(token, {
      productId: 'unlimited_one_month',
      state: 'SUBSCRIPTION_STATE_ACTIVE',
      expiresAt: TEST_NOW + 31 * DAY,
    });
    server.clock.set(TEST_NOW + 12 * 3600 * 1000);
    const stop = startSubscriptionRechecks({
      db: server.database.db,
      stores: createStores(server.config),
      now: () => server.clock.now(),
      log: server.app.log,
      intervalMs: 20,
    });
    try {
      await expect
        .poll(async () => Number((await rowsOf(user))[0]?.expires_at), { timeout: 5000 })
        .toBe(TEST_NOW + 31 * DAY);
    } finally {
      stop();
    }
  });
});
