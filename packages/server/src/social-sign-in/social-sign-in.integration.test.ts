import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, ErrorMessage } from '@planner/protocol';
import {
  rpcError,
  startTestServer,
  STRONG_PASSWORD,
  type TestServer,
} from '../testing/test-server';
import { hashToken } from '../secrets';
import { appChallengeOf } from './app-return';
import { SocialMessage } from './social-sign-in';
import { CookieJar, drivePopup, openCallback } from './testing/popup-driver';
import { facebookIdOf, startFakeFacebook, type FakeFacebook } from './testing/fake-facebook';
import { startOidcTestProvider, type OidcTestProvider } from './testing/oidc-test-provider';

const PUBLIC_URL = 'http://planner.test';
let google: OidcTestProvider;
let facebook: FakeFacebook;
let server: TestServer;

beforeAll(async () => {
  [google, facebook] = await Promise.all([
    startOidcTestProvider({ redirectUris: [`${PUBLIC_URL}/api/oauth/google/callback`] }),
    startFakeFacebook(),
  ]);
  server = await startTestServer({
    config: {
      publicUrl: PUBLIC_URL,
      google: {
        issuer: google.issuer,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
      },
      facebook: {
        issuer: 'https://www.facebook.com',
        clientId: facebook.clientId,
        clientSecret: facebook.clientSecret,
        dialogUrl: facebook.dialogUrl,
        graphUrl: facebook.graphUrl,
      },
    },
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all([google.close(), facebook.close()]);
});

const newState = () => randomBytes(16).toString('base64url');

/** Runs a whole popup and answers the ticket it posted to the opener. */
async function ticketFor(provider: 'google' | 'facebook', login: string): Promise<string> {
  const state = newState();
  const run = await drivePopup({
    serverUrl: server.url,
    publicUrl: PUBLIC_URL,
    provider,
    state,
    login,
  });
  expect(run.message).toMatchObject({ source: 'planner-oauth', state });
  if (!run.message || !('token' in run.message)) throw new Error(`no ticket: ${run.html}`);
  return run.message.token;
}

const uniqueLogin = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

describe('which providers are configured', () => {
  it('answers both here, and neither on a server without their configuration', async () => {
    const answer = await fetch(`${server.url}/api/oauth/providers`);
    expect(await answer.json()).toEqual({ google: true, facebook: true });
    const bare = await startTestServer();
    try {
      expect(await (await fetch(`${bare.url}/api/oauth/providers`)).json()).toEqual({
        google: false,
        facebook: false,
      });
      const start = await fetch(`${bare.url}/api/oauth/google/start?state=${newState()}`, {
        redirect: 'manual',
      });
      expect(start.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('Google sign-in (a real OpenID provider on this machine)', () => {
  it('signs up a new person, then signs the same person in again', async () => {
    const login = uniqueLogin('ada');
    google.setPerson(login, { name: 'Ada Lovelace', email: `${login}@example.com` });
    const { authToken } = await server
      .client()
      .call('CreateSession', { googleToken: await ticketFor('google', login) });
    const { user } = await server.client(authToken).call('GetUserProfile');
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email: `${login}@example.com`,
      emailVerified: true,
      hasPassword: false,
      googleUser: { name: 'Ada Lovelace', avatarUrl: `${google.issuer}/pictures/${login}.png` },
    });
    expect(user?.facebookUser).toBeUndefined();

    // CreateUser with a known person signs them in, as CreateSession does.
    const again = await server
      .client()
      .call('CreateUser', { googleToken: await ticketFor('google', login) });
    const second = await server.client(again.authToken).call('GetUserProfile');
    expect(second.user?.id).toBe(user?.id);
  });

  it('spends a ticket once: a replay is refused', async () => {
    const ticket = await ticketFor('google', uniqueLogin('replay'));
    await server.client().call('CreateSession', { googleToken: ticket });
    const error = await rpcError(server.client().call('CreateSession', { googleToken: ticket }));
    expect(error).toMatchObject({
      code: ErrorCode.InvalidInput,
      message: SocialMessage.ticketInvalid,
    });
  });

  it('refuses a ticket past its five minutes', async () => {
    const ticket = await ticketFor('google', uniqueLogin('late'));
    // Tickets follow the real clock (as the provider's tokens do): its expiry is moved instead.
    await server.database.db
      .updateTable('sign_in_tickets')
      .set({ expires_at: Date.now() - 1 })
      .where('ticket_hash', '=', hashToken(ticket))
      .execute();
    const error = await rpcError(server.client().call('CreateSession', { googleToken: ticket }));
    expect(error.message).toBe(SocialMessage.ticketInvalid);
  });

  it("refuses a Google ticket offered as Facebook's, and a made-up one", async () => {
    const ticket = await ticketFor('google', uniqueLogin('swap'));
    for (const facebookToken of [ticket, 'made-up']) {
      const error = await rpcError(server.client().call('CreateSession', { facebookToken }));
      expect(error.message).toBe(SocialMessage.ticketInvalid);
    }
  });

  it('does not join an existing account by its e-mail; its owner connects Google instead', async () => {
    const owner = await server.signUp();
    const login = uniqueLogin('takeover');
    google.setPerson(login, { name: 'Mallory', email: owner.email.toUpperCase() });
    const refused = await rpcError(
      server.client().call('CreateSession', { googleToken: await ticketFor('google', login) }),
    );
    expect(refused).toMatchObject({
      code: ErrorCode.Conflict,
      message: SocialMessage.emailHasAccount,
    });
    const ownerProfile = await owner.client.call('GetUserProfile');
    expect(ownerProfile.user?.googleUser).toBeUndefined();

    // Signed in with the password, the owner connects the Google account...
    await owner.client.call('SetGoogleUser', { token: await ticketFor('google', login) });
    const connected = await owner.client.call('GetUserProfile');
    expect(connected.user?.googleUser?.name).toBe('Mallory');
    // ...and from then on Google opens that account.
    const { authToken } = await server
      .client()
      .call('CreateSession', { googleToken: await ticketFor('google', login) });
    const viaGoogle = await server.client(authToken).call('GetUserProfile');
    expect(viaGoogle.user?.id).toBe(owner.userId);
  });

  it('refuses to connect a Google account another account already has', async () => {
    const login = uniqueLogin('shared');
    await server.client().call('CreateSession', { googleToken: await ticketFor('google', login) });
    const other = await server.signUp();
    const error = await rpcError(
      other.client.call('SetGoogleUser', { token: await ticketFor('google', login) }),
    );
    expect(error).toMatchObject({ code: ErrorCode.Conflict, message: SocialMessage.identityTaken });
  });

  it('needs a session to connect', async () => {
    const error = await rpcError(
      server.client().call('SetGoogleUser', { token: await ticketFor('google', uniqueLogin('x')) }),
    );
    expect(error.code).toBe(ErrorCode.SessionInvalid);
  });

  it('keeps an address Google does not vouch for off the new account', async () => {
    const login = uniqueLogin('unverified');
    google.setPerson(login, { email: `${login}@example.com`, emailVerified: false });
    const { authToken } = await server
      .client()
      .call('CreateSession', { googleToken: await ticketFor('google', login) });
    const { user } = await server.client(authToken).call('GetUserProfile');
    expect(user).toMatchObject({ email: '', emailVerified: false });
  });
});

describe('the popup flow', () => {
  it('ignores a callback whose state it never issued: no message, no ticket', async () => {
    const run = await openCallback(
      server.url,
      PUBLIC_URL,
      `${PUBLIC_URL}/api/oauth/google/callback?code=abc&state=${newState()}`,
      new CookieJar(),
    );
    expect(run.status).toBe(400);
    expect(run.message).toBeUndefined();
  });

  it('refuses a callback opened in another browser than the one that started it', async () => {
    const state = newState();
    const stopped = await drivePopup({
      serverUrl: server.url,
      publicUrl: PUBLIC_URL,
      provider: 'google',
      state,
      login: uniqueLogin('csrf'),
      stopAtCallback: true,
    });
    const elsewhere = await openCallback(
      server.url,
      PUBLIC_URL,
      stopped.callbackUrl,
      new CookieJar(),
    );
    expect(elsewhere.message).toEqual({ source: 'planner-oauth', state, error: 'failed' });
  });

  it('uses a callback once: the same address again finds no flow', async () => {
    const jar = new CookieJar();
    const stopped = await drivePopup({
      serverUrl: server.url,
      publicUrl: PUBLIC_URL,
      provider: 'google',
      state: newState(),
      login: uniqueLogin('twice'),
      jar,
      stopAtCallback: true,
    });
    const first = await openCallback(server.url, PUBLIC_URL, stopped.callbackUrl, jar);
    expect(first.message && 'token' in first.message).toBe(true);
    const second = await openCallback(server.url, PUBLIC_URL, stopped.callbackUrl, jar);
    expect(second.message).toBeUndefined();
  });

  it('posts to the opener at the public origin only, and never writes the ticket to the log', async () => {
    const ticket = await ticketFor('google', uniqueLogin('log'));
    const run = await drivePopup({
      serverUrl: server.url,
      publicUrl: PUBLIC_URL,
      provider: 'google',
      state: newState(),
      login: uniqueLogin('origin'),
    });
    expect(run.html).toContain('"targetOrigin":"http://planner.test"');
    expect(run.html).toContain('<script src="/api/oauth/finish.js"></script>');
    expect(server.logs.join('\n')).not.toContain(ticket);
  });

  it('refuses a start without a proper state', async () => {
    const start = await fetch(`${server.url}/api/oauth/google/start?state=short`, {
      redirect: 'manual',
    });
    expect(start.status).toBe(400);
  });
});

describe('sign-in from the shells (system browser, app link, PKCE exchange)', () => {
  const newVerifier = () => randomBytes(32).toString('base64url');
  const exchange = (body: unknown) =>
    fetch(`${server.url}/api/oauth/app-ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Runs a shell's flow to its app link; answers the link's parts. */
  async function appFlow(provider: 'google' | 'facebook', login: string, verifier: string) {
    const state = newState();
    const run = await drivePopup({
      serverUrl: server.url,
      publicUrl: PUBLIC_URL,
      provider,
      state,
      login,
      appChallenge: appChallengeOf(verifier),
    });
    expect(run.message).toBeUndefined();
    const link = new URL(run.appUrl ?? 'about:blank');
    return { run, state, link, code: link.searchParams.get('code') ?? '' };
  }

  it('ends at the app link; the code opens a session only after the exchange with the verifier', async () => {
    const verifier = newVerifier();
    const login = uniqueLogin('Shell');
    const { run, state, link, code } = await appFlow('google', login, verifier);
    expect(link.protocol).toBe('app.planner:');
    expect(link.host).toBe('oauth');
    expect(link.searchParams.get('state')).toBe(state);
    expect(run.html).toContain('Return to Planner');

    // The link alone (another app could catch it) opens nothing.
    const early = await rpcError(server.client().call('CreateUser', { googleToken: code }));
    expect(early.message).toBe(SocialMessage.ticketInvalid);
    expect((await exchange({ code, verifier: newVerifier() })).status).toBe(400);

    const answer = await exchange({ code, verifier });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { token } = (await answer.json()) as { token: string };
    expect(token).not.toBe(code);
    const { authToken } = await server.client().call('CreateUser', { googleToken: token });
    const { user } = await server.client(authToken).call('GetUserProfile');
    expect(user?.googleUser?.name).toBe(`Test ${login}`);

    // Once: the code again, or the ticket again, is refused.
    expect((await exchange({ code, verifier })).status).toBe(400);
    const replay = await rpcError(server.client().call('CreateSession', { googleToken: token }));
    expect(replay.message).toBe(SocialMessage.ticketInvalid);
    expect(server.logs.join('\n')).not.toContain(code);
  });

  it('brings a cancel back to the app as a cancel, and a popup flow never gets an app link', async () => {
    const verifier = newVerifier();
    const state = newState();
    const run = await drivePopup({
      serverUrl: server.url,
      publicUrl: PUBLIC_URL,
      provider: 'facebook',
      state,
      login: 'nobody',
      choice: 'cancel',
      appChallenge: appChallengeOf(verifier),
    });
    expect(run.appUrl).toBe(`app.planner://oauth?state=${state}&error=cancelled`);
    const popup = await drivePopup({
      serverUrl: server.url,
      publicUrl: PUBLIC_URL,
      provider: 'google',
      state: newState(),
      login: uniqueLogin('popup'),
    });
    expect(popup.appUrl).toBeUndefined();
  });

  it('refuses malformed starts and exchanges, and an expired code', async () => {
    const badStart = await fetch(
      `${server.url}/api/oauth/google/start?state=${newState()}&app_challenge=short`,
      { redirect: 'manual' },
    );
    expect(badStart.status).toBe(400);
    for (const body of [{}, { code: 'x', verifier: newVerifier() }, { code: 'a'.repeat(43) }]) {
      expect((await exchange(body)).status).toBe(400);
    }
    const notJson = await fetch(`${server.url}/api/oauth/app-ticket`, {
      method: 'POST',
      body: 'code=1',
    });
    expect(notJson.status).toBe(400);

    const verifier = newVerifier();
    const { code } = await appFlow('google', uniqueLogin('slow'), verifier);
    await server.database.db
      .updateTable('sign_in_tickets')
      .set({ expires_at: Date.now() - 1 })
      .where('ticket_hash', '=', hashToken(code))
      .execute();
    expect((await exchange({ code, verifier })).status).toBe(400);
  });
});

describe('Facebook sign-in (a fake of its dialog, token and /me endpoints)', () => {
  it('signs up with the name Facebook gives, then signs in again to the same account', async () => {
    const login = uniqueLogin('Grace');
    const { authToken } = await server
      .client()
      .call('CreateUser', { facebookToken: await ticketFor('facebook', login) });
    const { user } = await server.client(authToken).call('GetUserProfile');
    expect(user).toMatchObject({
      name: login,
      // Facebook does not say whether the address is confirmed: it is not taken over.
      email: '',
      hasPassword: false,
      facebookUser: {
        name: login,
        avatarUrl: `https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=${facebookIdOf(login)}`,
      },
    });
    const again = await server
      .client()
      .call('CreateSession', { facebookToken: await ticketFor('facebook', login) });
    expect((await server.client(again.authToken).call('GetUserProfile')).user?.id).toBe(user?.id);
  });

  it('answers a cancelled dialog as a cancel', async () => {
    const state = newState();
    const run = await drivePopup({
      serverUrl: server.url,
      publicUrl: PUBLIC_URL,
      provider: 'facebook',
      state,
      login: 'nobody',
      choice: 'cancel',
    });
    expect(run.message).toEqual({ source: 'planner-oauth', state, error: 'cancelled' });
  });

  it('refuses a new Facebook sign-in whose e-mail has an account', async () => {
    const owner = await server.signUp();
    const login = uniqueLogin('fbtakeover');
    facebook.setEmail(login, owner.email);
    const error = await rpcError(
      server.client().call('CreateSession', { facebookToken: await ticketFor('facebook', login) }),
    );
    expect(error.message).toBe(SocialMessage.emailHasAccount);
    await owner.client.call('SetFacebookUser', { token: await ticketFor('facebook', login) });
    expect((await owner.client.call('GetUserProfile')).user?.facebookUser?.name).toBe(login);
  });
});

describe('accounts without an e-mail', () => {
  it('live beside each other and beside e-mail accounts; e-mail sign-up and sign-in still work', async () => {
    for (const name of ['first', 'second']) {
      await server.client().call('CreateSession', {
        facebookToken: await ticketFor('facebook', uniqueLogin(name)),
      });
    }
    const user = await server.signUp();
    const taken = await rpcError(
      server.client().call('CreateUser', { email: user.email, password: STRONG_PASSWORD }),
    );
    expect(taken.message).toBe(ErrorMessage.emailTaken);
    await server.client().call('CreateSession', { email: user.email, password: user.password });
    // An empty e-mail is no way into an account without one.
    const empty = await rpcError(
      server.client().call('CreateSession', { email: '', password: 'x' }),
    );
    expect(empty.code).toBe(ErrorCode.InvalidInput);
  });
});

describe('sign-in limits', () => {
  it('do not count popup sign-ins from one address against one e-mail-less bucket', async () => {
    const limited = await startTestServer({
      config: {
        publicUrl: PUBLIC_URL,
        google: server.config.google,
        rateLimits: { signInPerIpAndEmail: { points: 2, durationSec: 900 } },
      },
    });
    try {
      for (let n = 0; n < 4; n++) {
        const state = newState();
        const run = await drivePopup({
          serverUrl: limited.url,
          publicUrl: PUBLIC_URL,
          provider: 'google',
          state,
          login: uniqueLogin('office'),
        });
        const token = run.message && 'token' in run.message ? run.message.token : '';
        await limited.client().call('CreateSession', { googleToken: token });
      }
    } finally {
      await limited.close();
    }
  });
});
