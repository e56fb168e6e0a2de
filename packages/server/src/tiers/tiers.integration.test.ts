import { DAY_MS } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, AdminUsageError } from '../admin/admin';
import {
  rpcError,
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import { RedeemMessage } from './redeem';
import { ALREADY_REFERRED, INVALID_REFERRAL, REFERRAL_CYCLE } from './referrals';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function profile(user: SignedUpUser) {
  const { user: found } = await user.client.call('GetUserProfile');
  if (!found) throw new Error('no profile');
  return found;
}

/** Follows the verification link mailed to the user at sign-up. */
async function verifyEmail(user: SignedUpUser): Promise<void> {
  const [mail] = await server.mailsTo(user.email);
  const token = new URL(mail?.link ?? '').searchParams.get('token') ?? '';
  await server.client().call('VerifyEmail', { token });
}

/** Adds custom categories until the server refuses one; answers how many it took and the refusal. */
async function fillCategories(user: SignedUpUser, max = 12) {
  for (let i = 0; i < max; i += 1) {
    const error = await user.client.call('PutCategory', { category: { title: `Extra ${i}` } }).then(
      () => undefined,
      (e: unknown) => e as { code: number; message: string },
    );
    if (error) return { added: i, error };
  }
  return { added: max, error: undefined };
}

const admin = (...args: string[]) => runAdmin(server.database.db, args, server.clock.now());

describe('referral codes', () => {
  it('gives every account a unique six-character code without look-alike characters', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const { referralCode } = await profile(await server.signUp());
      expect(referralCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      codes.add(referralCode);
    }
    expect(codes.size).toBe(5);
  });

  it('ValidateReferralCode works signed out, trims and uppercases the code', async () => {
    const { referralCode } = await profile(await server.signUp());
    const anonymous = server.client();
    expect(
      await anonymous.call('ValidateReferralCode', { code: ` ${referralCode.toLowerCase()} ` }),
    ).toEqual({
      valid: true,
    });
    expect(await anonymous.call('ValidateReferralCode', { code: 'ZZZZZZ' })).toEqual({
      valid: false,
    });
    expect(await anonymous.call('ValidateReferralCode', { code: '' })).toEqual({ valid: false });
  });

  it('counts a friend once the friend verified the e-mail, and the friend is referred', async () => {
    const referrer = await server.signUp();
    const { referralCode } = await profile(referrer);
    const friend = await server.signUp();
    await friend.client.call('AddReferral', { code: referralCode.toLowerCase() });

    expect(await profile(referrer)).toMatchObject({
      activeReferralCount: 0,
      unverifiedReferralCount: 1,
      isReferred: false,
    });
    expect(await profile(friend)).toMatchObject({ isReferred: true, activeReferralCount: 0 });

    await verifyEmail(friend);
    expect(await profile(referrer)).toMatchObject({
      activeReferralCount: 1,
      unverifiedReferralCount: 0,
    });
  });

  it('refuses your own code, an unknown one, and a second code once referred', async () => {
    const user = await server.signUp();
    const own = (await profile(user)).referralCode;
    expect((await rpcError(user.client.call('AddReferral', { code: own }))).message).toBe(
      INVALID_REFERRAL,
    );
    expect((await rpcError(user.client.call('AddReferral', { code: 'ZZZZZZ' }))).message).toBe(
      INVALID_REFERRAL,
    );
    const first = (await profile(await server.signUp())).referralCode;
    const second = (await profile(await server.signUp())).referralCode;
    await user.client.call('AddReferral', { code: first });
    const again = await rpcError(user.client.call('AddReferral', { code: second }));
    expect({ code: again.code, message: again.message }).toEqual({
      code: 409,
      message: ALREADY_REFERRED,
    });
    expect(await profile(user)).toMatchObject({ isReferred: true });
  });

  it('refuses a referral that would close a circle: two accounts referring each other', async () => {
    const [a, b, c] = [await server.signUp(), await server.signUp(), await server.signUp()];
    const code = async (user: typeof a) => (await profile(user)).referralCode;
    await b.client.call('AddReferral', { code: await code(a) });
    const back = await rpcError(a.client.call('AddReferral', { code: await code(b) }));
    expect({ code: back.code, message: back.message }).toEqual({
      code: 409,
      message: REFERRAL_CYCLE,
    });
    // Longer circles too: c was referred by b (referred by a); a cannot enter c's code.
    await c.client.call('AddReferral', { code: await code(b) });
    const around = await rpcError(a.client.call('AddReferral', { code: await code(c) }));
    expect(around.message).toBe(REFERRAL_CYCLE);
    expect(await profile(a)).toMatchObject({ isReferred: false, unverifiedReferralCount: 1 });
  });

  it('lifts the free limits by the referral count (being referred counts one)', async () => {
    const alone = await server.signUp();
    const before = await fillCategories(alone);
    expect(before.added).toBe(1);
    expect(before.error?.code).toBe(4201);

    const referrer = await server.signUp();
    const friend = await server.signUp();
    await friend.client.call('AddReferral', { code: (await profile(referrer)).referralCode });
    // The friend is referred: one referral, one more category.
    expect((await fillCategories(friend)).added).toBe(2);
    // The referrer counts the friend only once verified.
    expect((await fillCategories(referrer)).added).toBe(1);
    await verifyEmail(friend);
    expect((await fillCategories(referrer)).added).toBe(1);
  });
});

describe('redeem codes', () => {
  it("grants the level for the code's days, then the account is free again", async () => {
    const code = await admin(
      'redeem-code',
      'create',
      '--level',
      '1',
      '--days',
      '30',
      '--uses',
      '10',
    );
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const user = await server.signUp();
    await user.client.call('Redeem', {
      redeemCode: code.toLowerCase(),
      email: user.email.toUpperCase(),
    });
    expect((await profile(user)).premiumLevel).toBe(1);
    // The profile says until when (the premium screen shows it).
    expect((await profile(user)).premiumUntil).toBe(TEST_NOW + 30 * DAY_MS);
    // Premium: 50 custom categories instead of one.
    expect((await fillCategories(user, 3)).added).toBe(3);

    server.clock.set(TEST_NOW + 30 * DAY_MS + 1);
    try {
      expect((await profile(user)).premiumLevel).toBe(0);
      expect((await profile(user)).premiumUntil).toBe(0);
      const refused = await rpcError(
        user.client.call('PutCategory', { category: { title: 'More' } }),
      );
      expect(refused.code).toBe(4201);
    } finally {
      server.clock.set(TEST_NOW);
    }
  });

  it('stacks: a second code of the level starts when the first ends', async () => {
    const first = await admin(
      'redeem-code',
      'create',
      '--level',
      '2',
      '--days',
      '10',
      '--uses',
      '1',
    );
    const second = await admin(
      'redeem-code',
      'create',
      '--level',
      '2',
      '--days',
      '10',
      '--uses',
      '1',
    );
    const user = await server.signUp();
    await user.client.call('Redeem', { redeemCode: first, email: user.email });
    await user.client.call('Redeem', { redeemCode: second, email: user.email });
    server.clock.set(TEST_NOW + 15 * DAY_MS);
    try {
      expect((await profile(user)).premiumLevel).toBe(2);
      expect((await profile(user)).premiumUntil).toBe(TEST_NOW + 20 * DAY_MS);
      server.clock.set(TEST_NOW + 20 * DAY_MS + 1);
      expect((await profile(user)).premiumLevel).toBe(0);
    } finally {
      server.clock.set(TEST_NOW);
    }
  });

  it("refuses an unknown code, another account's e-mail, a second redeem and a used-up code", async () => {
    const code = await admin('redeem-code', 'create', '--level', '1', '--days', '5', '--uses', '2');
    const a = await server.signUp();
    const b = await server.signUp();
    const c = await server.signUp();
    const message = async (promise: Promise<unknown>) => (await rpcError(promise)).message;

    expect(
      await message(a.client.call('Redeem', { redeemCode: 'NOSUCHCODE', email: a.email })),
    ).toBe(RedeemMessage.unknownCode);
    expect(await message(a.client.call('Redeem', { redeemCode: code, email: b.email }))).toBe(
      RedeemMessage.wrongEmail,
    );
    await a.client.call('Redeem', { redeemCode: code, email: a.email });
    expect(await message(a.client.call('Redeem', { redeemCode: code, email: a.email }))).toBe(
      RedeemMessage.alreadyRedeemed,
    );
    await b.client.call('Redeem', { redeemCode: code, email: b.email });
    expect(await message(c.client.call('Redeem', { redeemCode: code, email: c.email }))).toBe(
      RedeemMessage.usedUp,
    );
    // The refused account got nothing.
    expect((await profile(c)).premiumLevel).toBe(0);
    expect((await profile(b)).premiumLevel).toBe(1);
  });

  it('counts uses atomically: ten accounts racing for three uses, three win', async () => {
    const code = await admin('redeem-code', 'create', '--level', '1', '--days', '5', '--uses', '3');
    const users = await Promise.all(Array.from({ length: 10 }, () => server.signUp()));
    const results = await Promise.allSettled(
      users.map((u) => u.client.call('Redeem', { redeemCode: code, email: u.email })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const levels = await Promise.all(users.map(async (u) => (await profile(u)).premiumLevel));
    expect(levels.filter((l) => l === 1)).toHaveLength(3);
  });
});

describe('admin commands', () => {
  it("set-level sets the account's own level, which the derived level keeps as a floor", async () => {
    const user = await server.signUp();
    expect(await admin('set-level', user.email.toUpperCase(), '2')).toContain('level 2');
    expect((await profile(user)).premiumLevel).toBe(2);
    expect((await fillCategories(user, 3)).added).toBe(3);
    await admin('set-level', user.email, '0');
    expect((await profile(user)).premiumLevel).toBe(0);
  });

  it('refuses what it cannot do with a clear line', async () => {
    await expect(admin('set-level', 'nobody@example.com', '1')).rejects.toThrow(/no account/);
    await expect(admin('set-level', 'x@example.com', '3')).rejects.toThrow(AdminUsageError);
    await expect(admin('redeem-code', 'create', '--level', '1')).rejects.toThrow(/--days/);
    await expect(
      admin('redeem-code', 'create', '--level', '1', '--days', '1', '--bogus', '1'),
    ).rejects.toThrow(/unexpected/);
    await expect(admin('frobnicate')).rejects.toThrow(/unknown command/);
  });
});
