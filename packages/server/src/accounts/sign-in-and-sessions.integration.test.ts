import { ErrorMessage } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcError, startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DEFAULT_RATE_LIMITS } from '../config';
import { SESSION_IDLE_LIMIT_MS } from './accounts-service';
import { DEFAULT_SIGN_IN_DELAY } from '../config';
import { delayAfter } from './sign-in-throttle';

const DAY = 24 * 60 * 60 * 1000;
const ATTACKER = '203.0.113.9';
const OWNER = '198.51.100.7';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: {
      rateLimits: DEFAULT_RATE_LIMITS,
      signInDelay: { freeFailures: 5, firstDelayMs: 100, maxDelayMs: 1000, windowSec: 15 * 60 },
      // The test client talks through "a proxy" on loopback that names the client's address.
      trustProxy: ['loopback'],
    },
  });
});
afterAll(() => server.close());

function signInFrom(address: string, email: string, password: string) {
  return server.postJson('CreateSession', { email, password }, { 'x-forwarded-for': address });
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('sign-in limits', () => {
  it('stops the guessing address, slows the account, and never locks out its owner', async () => {
    const user = await server.signUp();
    for (let i = 0; i < 10; i++) {
      expect((await signInFrom(ATTACKER, user.email, 'wrong guess number one')).status).toBe(400);
    }
    const limited = await signInFrom(ATTACKER, user.email, user.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 429, message: ErrorMessage.tooManyAttempts });

    // Ten wrong passwords in a row: the account's sign-ins wait (the cap, 1 s) but succeed.
    const owner = await timed(() => signInFrom(OWNER, user.email, user.password));
    expect(owner.result.status).toBe(200);
    expect(owner.result.body.authToken).toEqual(expect.any(String));
    expect(owner.ms).toBeGreaterThanOrEqual(990);
    // The right password started the count over.
    const next = await timed(() => signInFrom(OWNER, user.email, user.password));
    expect(next.result.status).toBe(200);
    expect(next.ms).toBeLessThan(990);
  });

  it('lets a few typos cost nothing, then doubles the pause with each wrong password', async () => {
    expect([0, 4, 5, 6, 7, 8, 9, 10, 50].map((n) => delayAfter(n, DEFAULT_SIGN_IN_DELAY))).toEqual([
      0, 0, 250, 500, 1000, 2000, 4000, 8000, 8000,
    ]);
    const user = await server.signUp();
    const wrong = () => timed(() => signInFrom(OWNER, user.email, 'not my password at all'));
    const pauses: number[] = [];
    for (let i = 0; i < 7; i++) pauses.push((await wrong()).ms);
    expect(pauses[5]).toBeGreaterThanOrEqual(100);
    expect(pauses[6]).toBeGreaterThanOrEqual(200);
  });

  it('counts behind a trusted proxy per client address, and ignores the header otherwise', async () => {
    const direct = await startTestServer({
      config: { rateLimits: { signInPerIp: { points: 2, durationSec: 60 } } },
    });
    try {
      const attempt = (address: string) =>
        direct.postJson(
          'CreateSession',
          { email: 'nobody@example.com', password: 'guess guess guess' },
          { 'x-forwarded-for': address },
        );
      // Not trusted: every attempt is the socket's own address, whatever the header says.
      expect((await attempt('192.0.2.1')).status).toBe(400);
      expect((await attempt('192.0.2.2')).status).toBe(400);
      expect((await attempt('192.0.2.3')).status).toBe(429);
    } finally {
      await direct.close();
    }
    const user = await server.signUp();
    const token = (await signInFrom('192.0.2.44', user.email, user.password)).body.authToken;
    const sessions = await server.client(String(token)).call('GetSessionRecords');
    expect(sessions.sessions.find((s) => s.isThis)?.ip).toBe('192.0.2.44');
  });
});

describe('sessions', () => {
  it('end after 90 days unused; each use keeps a session alive', async () => {
    const user = await server.signUp();
    const kept = await server.signUp();
    try {
      server.clock.set(TEST_NOW + 60 * DAY);
      await kept.client.call('GetUserProfile');
      server.clock.set(TEST_NOW + SESSION_IDLE_LIMIT_MS);
      await user.client.call('GetUserProfile');
      server.clock.set(TEST_NOW + 2 * SESSION_IDLE_LIMIT_MS + 1);
      expect((await rpcError(user.client.call('GetUserProfile'))).code).toBe(16);
      server.clock.set(TEST_NOW + 60 * DAY + SESSION_IDLE_LIMIT_MS + 1);
      expect((await rpcError(kept.client.call('GetUserProfile'))).code).toBe(16);
    } finally {
      server.clock.set(TEST_NOW);
    }
  });
});

describe('password reset links', () => {
  /** Asks for one more link; answers it (mails are written in the same millisecond here). */
  async function requestLink(email: string, count: number): Promise<string> {
    // The sign-up's verification link is the first mail.
    const before = new Set((await server.mailsTo(email, count)).map((m) => m.file));
    await server.client().call('RequestPasswordReset', { email });
    const mail = (await server.mailsTo(email, count + 1)).find((m) => !before.has(m.file));
    return new URL(mail?.link ?? '').searchParams.get('reset') ?? '';
  }

  it('stop working once a newer one was used', async () => {
    const user = await server.signUp();
    const older = await requestLink(user.email, 1);
    const newer = await requestLink(user.email, 2);
    expect(newer).not.toBe(older);
    await server
      .client()
      .call('ResetPassword', { id: newer, password: 'the newest passphrase 11' });
    const stale = await rpcError(
      server.client().call('ResetPassword', { id: older, password: 'an older passphrase 22' }),
    );
    expect(stale.message).toBe(ErrorMessage.resetLinkInvalid);
    await expect(
      server.client().call('CreateSession', {
        email: user.email,
        password: 'the newest passphrase 11',
      }),
    ).resolves.toHaveProperty('authToken');
  });

  it('and e-mail addresses never reach the log, from the mail to the page it opens', async () => {
    const user = await server.signUp();
    const token = await requestLink(user.email, 1);
    // The browser opens the link: a page request whose address carries the token.
    await fetch(`${server.url}/login?reset=${token}`);
    await server.client().call('ResetPassword', { id: token, password: 'a fresh passphrase 33' });
    const log = server.logs.join('\n');
    expect(log).toContain('/login');
    expect(log).not.toContain(token);
    expect(log).not.toContain(user.email);
  });
});
