import { ErrorMessage } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../realtime/stream-reader';
import {
  rpcError,
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import { VERIFICATION_RESEND_GAP_MS, VERIFICATION_TTL_MS } from './email-verification';

const MINUTE = 60_000;
const NEW_PASSWORD = 'Quiet-Lantern-Fjord-38';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: {
      // One wrong password is free; the next sign-ins to the account wait 300 ms.
      signInDelay: { freeFailures: 1, firstDelayMs: 300, maxDelayMs: 300, windowSec: 15 * 60 },
    },
  });
});
afterAll(() => server.close());

/** The token of the verification link in the newest mail to `to` among `count` expected. */
async function verificationToken(to: string, count = 1): Promise<string> {
  const mails = await server.mailsTo(to, count);
  expect(mails).toHaveLength(count);
  const links = mails.flatMap((m) => (m.link?.includes('/verify-email?') ? [m.link] : []));
  // Names sort by time; the mails of one millisecond carry a counter, so take the unseen one.
  const link = links.find((l) => !seenLinks.has(l)) ?? '';
  seenLinks.add(link);
  expect(link).toMatch(/^http:\/\/planner\.test\/verify-email\?token=[\w-]{43}$/);
  return new URL(link).searchParams.get('token') ?? '';
}
const seenLinks = new Set<string>();

async function profileOf(user: SignedUpUser) {
  const { user: profile } = await user.client.call('GetUserProfile');
  return { email: profile?.email, emailVerified: profile?.emailVerified };
}

const uniqueEmail = (name: string) =>
  `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('e-mail verification', () => {
  it('mails a new account a single-use link that verifies its address, signed in or not', async () => {
    const user = await server.signUp();
    expect(await profileOf(user)).toEqual({ email: user.email, emailVerified: false });
    const token = await verificationToken(user.email);

    // Opened in another browser: no session needed.
    await server.client().call('VerifyEmail', { token });
    expect(await profileOf(user)).toEqual({ email: user.email, emailVerified: true });
    const again = await rpcError(server.client().call('VerifyEmail', { token }));
    expect(again.message).toBe('invalid.verificationLinkUsed');
    // Neither the link nor the address reaches the log.
    expect(server.logs.join('\n')).not.toContain(token);
    expect(server.logs.join('\n')).not.toContain(user.email);
  });

  it('SetEmail checks, normalises and moves the account to an unverified new address', async () => {
    const user = await server.signUp();
    await server.client().call('VerifyEmail', { token: await verificationToken(user.email) });

    for (const bad of ['', 'ann', 'ann@example', 'an n@example.com', 'a@b.']) {
      const error = await rpcError(user.client.call('SetEmail', { email: bad }));
      expect([error.code, error.message]).toEqual([400, 'invalid.enterEmail']);
    }
    const tooLong = await rpcError(
      user.client.call('SetEmail', { email: `${'a'.repeat(400)}@example.com` }),
    );
    expect(tooLong.message).toBe('invalid.enterEmail');
    expect(await profileOf(user)).toEqual({ email: user.email, emailVerified: true });

    const next = uniqueEmail('Moved');
    await user.client.call('SetEmail', {
      email: `  ${next.toUpperCase()} `,
      password: user.password,
    });
    expect(await profileOf(user)).toEqual({ email: next.toLowerCase(), emailVerified: false });
    const token = await verificationToken(next.toLowerCase());

    // The account signs in with its new address only.
    await expect(
      server.client().call('CreateSession', { email: next, password: user.password }),
    ).resolves.toHaveProperty('authToken');
    const old = await rpcError(
      server.client().call('CreateSession', { email: user.email, password: user.password }),
    );
    expect(old.message).toBe(ErrorMessage.wrongCredentials);

    await server.client().call('VerifyEmail', { token });
    expect(await profileOf(user)).toEqual({ email: next.toLowerCase(), emailVerified: true });
  });

  it('answers the changed profile in the same Chain (SetEmail then GetUserProfile)', async () => {
    const user = await server.signUp();
    const next = uniqueEmail('chained');
    const [, profile] = await user.client.chain([
      { method: 'SetEmail', data: { email: next, password: user.password } },
      { method: 'GetUserProfile' },
    ]);
    expect(profile.user?.email).toBe(next);
    expect(profile.user?.emailVerified).toBe(false);
  });

  it('a change of address asks for the current password and tells the old address', async () => {
    const user = await server.signUp();
    const next = uniqueEmail('taken-over');
    for (const [password, message] of [
      ['', 'invalid.enterPassword'],
      ['not the password', 'invalid.wrongPassword'],
    ] as const) {
      const error = await rpcError(user.client.call('SetEmail', { email: next, password }));
      expect([error.code, error.message]).toEqual([400, message]);
    }
    expect((await profileOf(user)).email).toBe(user.email);
    await user.client.call('SetEmail', { email: next, password: user.password });
    expect((await profileOf(user)).email).toBe(next.toLowerCase());
    const told = (await server.mailsTo(user.email, 2)).find((m) => m.raw.includes('was changed'));
    expect(told?.raw).toContain(next.toLowerCase());
  });

  it("refuses another account's address and says no more than that it is taken", async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    const error = await rpcError(
      other.client.call('SetEmail', {
        email: owner.email.toUpperCase(),
        password: other.password,
      }),
    );
    expect([error.code, error.message]).toEqual([409, 'invalid.emailInUse']);
    expect(await profileOf(other)).toEqual({ email: other.email, emailVerified: false });
    expect(await profileOf(owner)).toEqual({ email: owner.email, emailVerified: false });
  });

  it('re-sends for the same address, at most once a minute and five times an hour', async () => {
    const user = await server.signUp();
    await verificationToken(user.email);
    // The sign-up mail was just sent: a re-send at once is too soon.
    const soon = await rpcError(user.client.call('SetEmail', { email: user.email }));
    expect(soon.code).toBe(429);
    expect(soon.message).toBe(ErrorMessage.tooManyAttempts);
    try {
      for (let i = 2; i <= 5; i++) {
        server.clock.advance(VERIFICATION_RESEND_GAP_MS);
        await user.client.call('SetEmail', { email: user.email });
        await verificationToken(user.email, i);
      }
      server.clock.advance(VERIFICATION_RESEND_GAP_MS);
      const sixth = await rpcError(user.client.call('SetEmail', { email: user.email }));
      expect(sixth.code).toBe(429);
      // An hour after the first, one more may go.
      server.clock.advance(60 * MINUTE - 5 * VERIFICATION_RESEND_GAP_MS);
      await user.client.call('SetEmail', { email: user.email });
      const token = await verificationToken(user.email, 6);
      await server.client().call('VerifyEmail', { token });
      // A verified address has nothing to re-send: no mail, no error.
      await user.client.call('SetEmail', { email: user.email });
      expect(await server.mailsTo(user.email, 7)).toHaveLength(6);
    } finally {
      server.clock.set(TEST_NOW);
    }
  });

  it('refuses an expired link, and a link for an address the account no longer has', async () => {
    const user = await server.signUp();
    const first = await verificationToken(user.email);
    try {
      server.clock.advance(VERIFICATION_TTL_MS);
      const expired = await rpcError(server.client().call('VerifyEmail', { token: first }));
      expect(expired.message).toBe('invalid.verificationLinkExpired');

      await user.client.call('SetEmail', { email: user.email });
      const fresh = await verificationToken(user.email, 2);
      await user.client.call('SetEmail', {
        email: uniqueEmail('elsewhere'),
        password: user.password,
      });
      const outdated = await rpcError(server.client().call('VerifyEmail', { token: fresh }));
      expect(outdated.message).toBe('invalid.verificationLinkOutdated');
      expect((await profileOf(user)).emailVerified).toBe(false);
    } finally {
      server.clock.set(TEST_NOW);
    }
  });

  it("verifies only the link's own account, whoever opens it", async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    const token = await verificationToken(owner.email);
    await other.client.call('VerifyEmail', { token });
    expect((await profileOf(owner)).emailVerified).toBe(true);
    expect((await profileOf(other)).emailVerified).toBe(false);
  });

  it('refuses an unknown, empty or oversized token', async () => {
    for (const token of ['not-a-real-token', '', 'x'.repeat(101)]) {
      const error = await rpcError(server.client().call('VerifyEmail', { token }));
      expect([error.code, error.message]).toEqual([400, 'invalid.verificationLinkInvalid']);
    }
  });
});

describe('SetPassword', () => {
  it('needs the right old password and ends every other session and its stream', async () => {
    const user = await server.signUp();
    const { authToken: laptop } = await server
      .client()
      .call('CreateSession', { email: user.email, password: user.password });
    const laptopStream = await openStream(server.url, laptop);
    const thisStream = await openStream(server.url, user.token);
    expect(await laptopStream.waitFor(1)).toEqual(['ready']);
    expect(await thisStream.waitFor(1)).toEqual(['ready']);

    const missing = await rpcError(user.client.call('SetPassword', { newPassword: NEW_PASSWORD }));
    expect(missing.message).toBe('invalid.enterPassword');
    const wrong = await rpcError(
      user.client.call('SetPassword', {
        oldPassword: 'not my password',
        newPassword: NEW_PASSWORD,
      }),
    );
    expect([wrong.code, wrong.message]).toEqual([400, 'invalid.wrongPassword']);
    const weak = await rpcError(
      user.client.call('SetPassword', { oldPassword: user.password, newPassword: 'password1' }),
    );
    expect(weak.message).toBe('invalid.passwordTooWeak');
    const short = await rpcError(
      user.client.call('SetPassword', { oldPassword: user.password, newPassword: 'Xy7#' }),
    );
    expect(short.message).toBe('invalid.passwordTooWeak');
    // Nothing changed yet: the laptop is still signed in.
    await expect(server.client(laptop).call('GetUserProfile')).resolves.toBeDefined();

    await user.client.call('SetPassword', {
      oldPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expect(await laptopStream.ended()).toBe(true);
    expect(await thisStream.ended(300)).toBe(false);
    await thisStream.close();
    expect((await rpcError(server.client(laptop).call('GetUserProfile'))).code).toBe(16);
    const { sessions } = await user.client.call('GetSessionRecords');
    expect(sessions.map((s) => s.isThis)).toEqual([true]);

    const old = await rpcError(
      server.client().call('CreateSession', { email: user.email, password: user.password }),
    );
    expect(old.message).toBe(ErrorMessage.wrongCredentials);
    await expect(
      server.client().call('CreateSession', { email: user.email, password: NEW_PASSWORD }),
    ).resolves.toHaveProperty('authToken');
    expect(server.logs.join('\n')).not.toContain(NEW_PASSWORD);
  });

  it("counts wrong old passwords against the account's sign-in throttle", async () => {
    const user = await server.signUp();
    for (let i = 0; i < 2; i++) {
      await rpcError(
        user.client.call('SetPassword', { oldPassword: `guess ${i}`, newPassword: NEW_PASSWORD }),
      );
    }
    const started = performance.now();
    await server.client().call('CreateSession', { email: user.email, password: user.password });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('lets an account without a password (social or phone sign-in) set its first', async () => {
    const user = await server.signUp();
    await server.database.db
      .updateTable('users')
      .set({ password_hash: '' })
      .where('user_id', '=', user.userId)
      .execute();
    expect((await user.client.call('GetUserProfile')).user?.hasPassword).toBe(false);
    const weak = await rpcError(user.client.call('SetPassword', { newPassword: 'abcdefgh' }));
    expect(weak.message).toBe('invalid.passwordTooWeak');
    await user.client.call('SetPassword', { newPassword: NEW_PASSWORD });
    expect((await user.client.call('GetUserProfile')).user?.hasPassword).toBe(true);
    await expect(
      server.client().call('CreateSession', { email: user.email, password: NEW_PASSWORD }),
    ).resolves.toHaveProperty('authToken');
  });
});

describe('the region of a session', () => {
  async function regionsSeenBy(target: TestServer, headers: Record<string, string>) {
    const user = await target.signUp();
    const signIn = await target.postJson(
      'CreateSession',
      { email: user.email, password: user.password },
      headers,
    );
    const { sessions } = await target
      .client(String(signIn.body.authToken))
      .call('GetSessionRecords');
    return sessions.find((s) => s.isThis)?.region;
  }

  it('comes from the configured header only, bounded to a short printable text', async () => {
    const withHeader = await startTestServer({ config: { regionHeader: 'x-client-region' } });
    try {
      expect(await regionsSeenBy(withHeader, { 'x-client-region': 'DE' })).toBe('DE');
      expect(await regionsSeenBy(withHeader, { 'x-client-region': ' Bavaria, DE ' })).toBe(
        'Bavaria, DE',
      );
      expect(await regionsSeenBy(withHeader, { 'x-client-region': 'D' })).toBe('');
      expect(await regionsSeenBy(withHeader, { 'x-client-region': 'x'.repeat(65) })).toBe('');
      expect(await regionsSeenBy(withHeader, { 'cf-ipcountry': 'FR' })).toBe('');
    } finally {
      await withHeader.close();
    }
    // Not configured: no header is trusted, whatever a client sends.
    expect(await regionsSeenBy(server, { 'cf-ipcountry': 'FR', 'x-client-region': 'DE' })).toBe('');
  });
});
