import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { openStream } from './stream-reader';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { maxStreamsPerUser: 2 } });
});
afterAll(() => server.close());

describe('an open event stream', () => {
  it('ends when its session is revoked; the other sessions keep theirs', async () => {
    const user = await server.signUp();
    const { authToken: laptop } = await server
      .client()
      .call('CreateSession', { email: user.email, password: user.password });
    const revoked = await openStream(server.url, laptop);
    const kept = await openStream(server.url, user.token);
    expect(await revoked.waitFor(1)).toEqual(['ready']);
    const { sessions } = await user.client.call('GetSessionRecords');
    const other = sessions.find((s) => !s.isThis);
    await user.client.call('RevokeSession', { session: other?.id ?? '' });

    expect(await revoked.ended()).toBe(true);
    expect(await kept.ended(300)).toBe(false);
    await kept.close();
  });

  it("ends, with every other of the user's streams, when the password is reset", async () => {
    const user = await server.signUp();
    const stream = await openStream(server.url, user.token);
    await server.client().call('RequestPasswordReset', { email: user.email });
    // Besides the sign-up's verification link.
    const mail = (await server.mailsTo(user.email, 2)).find((m) => m.link?.includes('reset='));
    const token = new URL(mail?.link ?? '').searchParams.get('reset') ?? '';
    await server.client().call('ResetPassword', { id: token, password: 'a new passphrase 404' });
    expect(await stream.ended()).toBe(true);
  });

  it('is refused with 429 beyond the per-user cap, and allowed again once one closes', async () => {
    const user = await server.signUp();
    const first = await openStream(server.url, user.token);
    const second = await openStream(server.url, user.token);
    const third = await openStream(server.url, user.token);
    expect(first.response.status).toBe(200);
    expect(second.response.status).toBe(200);
    expect(third.response.status).toBe(429);
    // Another user's cap is their own.
    const stranger = await server.signUp();
    const theirs = await openStream(server.url, stranger.token);
    expect(theirs.response.status).toBe(200);

    await first.close();
    let again = await openStream(server.url, user.token);
    for (let tries = 0; again.response.status !== 200 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      again = await openStream(server.url, user.token);
    }
    expect(again.response.status).toBe(200);
    await Promise.all([second.close(), third.close(), theirs.close(), again.close()]);
  });

  it('ends when the server closes, which then does not wait for it', async () => {
    const closing = await startTestServer();
    const user = await closing.signUp();
    const stream = await openStream(closing.url, user.token);
    expect(await stream.waitFor(1)).toEqual(['ready']);
    const started = Date.now();
    await closing.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await stream.ended()).toBe(true);
  });
});
