import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';

const SIGN_INS = 10;

let server: TestServer;
let users: SignedUpUser[];
let reader: SignedUpUser;
beforeAll(async () => {
  server = await startTestServer();
  users = [];
  for (let i = 0; i < SIGN_INS; i++) users.push(await server.signUp());
  reader = await server.signUp();
});
afterAll(() => server.close());

describe('sign-ins under load', () => {
  it("do not hold up another user's calls while their passwords are verified", async () => {
    let arrived = 0;
    server.app.server.on('request', (request: { url?: string }) => {
      if (request.url?.endsWith('/CreateSession')) arrived += 1;
    });
    let signedIn = 0;
    const signIns = users.map((user) =>
      server
        .client()
        .call('CreateSession', { email: user.email, password: user.password })
        .then(() => (signedIn += 1)),
    );
    // Every sign-in reaches the server first. When hashing ran inside the transaction, the
    // profile then queued behind all of them for SQLite's single connection (and, on
    // PostgreSQL, for a pooled connection: the test pool has 4).
    while (arrived < SIGN_INS) await new Promise((resolve) => setTimeout(resolve, 1));
    const profile = await reader.client.call('GetUserProfile');
    const signedInWhenAnswered = signedIn;
    await Promise.all(signIns);
    expect(profile.user?.id).toBe(reader.userId);
    expect(signedIn).toBe(SIGN_INS);
    // Ordering, not timing: a loaded machine slows both sides alike.
    expect(signedInWhenAnswered).toBeLessThan(SIGN_INS);
  });
});
