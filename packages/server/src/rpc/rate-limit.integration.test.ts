import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessage } from '@planner/protocol';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: {
      rateLimits: {
        signInPerIpAndEmail: { points: 3, durationSec: 60 },
        signInPerIp: { points: 5, durationSec: 60 },
        passwordResetPerEmail: { points: 1, durationSec: 60 },
      },
    },
  });
});
afterAll(() => server.close());

describe('rate limits', () => {
  it('stops sign-in attempts per address and e-mail, then per address, with 429 and retry-after', async () => {
    const attempt = (email: string) =>
      server.postJson('CreateSession', { email, password: 'guess guess guess' });
    for (let i = 0; i < 3; i++) expect((await attempt('target@example.com')).status).toBe(400);
    const limited = await attempt('target@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 429, message: ErrorMessage.tooManyAttempts });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await attempt('other@example.com')).status).toBe(400);
    expect((await attempt('third@example.com')).status).toBe(429);
  });

  it('limits reset requests per e-mail', async () => {
    const request = () => server.postJson('RequestPasswordReset', { email: 'reset@example.com' });
    expect((await request()).status).toBe(204);
    expect((await request()).status).toBe(429);
  });
});
