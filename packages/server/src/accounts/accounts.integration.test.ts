import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, ErrorMessage } from '@planner/protocol';
import {
  rpcError,
  startTestServer,
  STRONG_PASSWORD,
  TEST_NOW,
  type TestServer,
} from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sign up', () => {
  it('creates the account with the spec defaults and signs it in', async () => {
    const email = 'New.Person@Example.com';
    const { authToken } = await server.client().call('CreateUser', {
      email: `  ${email} `,
      password: STRONG_PASSWORD,
      options: { locale: 'fr' },
    });
    expect(authToken).toMatch(/^[\w-]{43}$/);
    const profile = await server.client(authToken).call('GetUserProfile');
    expect(profile.user).toMatchObject({
      email: 'new.person@example.com',
      hasPassword: true,
      premiumLevel: 0,
      createdAt: TEST_NOW,
    });
    expect(profile.options).toMatchObject({
      locale: 'fr',
      firstDayOfWeek: 'MON',
      version: 3,
      timezone: 'UTC',
    });
  });

  it('refuses a second account for the same e-mail with 409', async () => {
    const { email } = await server.signUp();
    const error = await rpcError(
      server.client().call('CreateUser', { email: email.toUpperCase(), password: STRONG_PASSWORD }),
    );
    expect(error).toMatchObject({ code: ErrorCode.Conflict, message: ErrorMessage.emailTaken });
  });

  it('refuses a weak password and a bad e-mail with the spec keys', async () => {
    const weak = await server.postJson('CreateUser', {
      email: 'weak@example.com',
      password: 'password1',
    });
    expect(weak.status).toBe(400);
    expect(weak.headers.get('error-code')).toBe('400');
    expect(weak.headers.get('error-message')).toBe('invalid.passwordTooWeak');
    expect(weak.body).toEqual({ code: 400, message: 'invalid.passwordTooWeak' });
    const badEmail = await rpcError(
      server.client().call('CreateUser', { email: 'nope', password: STRONG_PASSWORD }),
    );
    expect(badEmail.message).toBe('invalid.enterEmail');
  });

  it('starts the timeline with the sign-up choices', async () => {
    const { authToken } = await server.client().call('CreateUser', {
      email: 'paused@example.com',
      password: STRONG_PASSWORD,
      options: { autoExtend: false, isPaused: true, locale: 'en' },
    });
    expect(authToken).not.toBe('');
    const row = await server.database.db
      .selectFrom('timeline_state')
      .innerJoin('users', 'users.user_id', 'timeline_state.user_id')
      .select(['auto_extend', 'is_paused'])
      .where('users.email', '=', 'paused@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ auto_extend: 0, is_paused: 1 });
  });
});

describe('log in', () => {
  it('opens a new session with the right password', async () => {
    const user = await server.signUp();
    const { authToken } = await server.client().call('CreateSession', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(authToken).not.toBe(user.token);
    const sessions = await server.client(authToken).call('GetSessionRecords');
    expect(sessions.sessions).toHaveLength(2);
    expect(sessions.sessions.filter((s) => s.isThis)).toHaveLength(1);
  });

  it('answers a wrong password exactly like an unknown e-mail', async () => {
    const user = await server.signUp();
    const wrong = await server.postJson('CreateSession', {
      email: user.email,
      password: 'not the password',
    });
    const unknown = await server.postJson('CreateSession', {
      email: 'nobody@example.com',
      password: 'not the password',
    });
    expect(wrong.status).toBe(400);
    expect([unknown.status, unknown.body, unknown.headers.get('error-message')]).toEqual([
      wrong.status,
      wrong.body,
      wrong.headers.get('error-message'),
    ]);
    expect(wrong.body).toEqual({ code: 400, message: ErrorMessage.wrongCredentials });
  });

  it('asks for the missing field first', async () => {
    const error = await rpcError(server.client().call('CreateSession', { email: 'a@b.co' }));
    expect(error.message).toBe('invalid.enterPassword');
  });
});

describe('log in adopts the device zone', () => {
  /** The stored options JSON with `timezone` replaced (undefined: the key is absent). */
  async function storeTimezone(userId: string, timezone: string | undefined): Promise<void> {
    const row = await server.database.db
      .selectFrom('users')
      .select('options')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const options: Record<string, unknown> = { ...JSON.parse(row.options), timezone };
    await server.database.db
      .updateTable('users')
      .set({ options: JSON.stringify(options) })
      .where('user_id', '=', userId)
      .execute();
  }

  async function logInFrom(user: { email: string; password: string }, zone: string) {
    const { authToken } = await server
      .client(undefined, { timezone: zone })
      .call('CreateSession', { email: user.email, password: user.password });
    return (await server.client(authToken).call('GetUserProfile')).options?.timezone;
  }

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ["literally 'undefined'", 'undefined'],
    ['not a zone', 'Mars/Olympus_Mons'],
  ])('sets it when the stored zone is %s', async (_, stored) => {
    const user = await server.signUp();
    await storeTimezone(user.userId, stored);
    expect(await logInFrom(user, 'Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('keeps a valid stored zone, and never stores an invalid device zone', async () => {
    const user = await server.signUp();
    await storeTimezone(user.userId, 'Asia/Tokyo');
    expect(await logInFrom(user, 'Europe/Berlin')).toBe('Asia/Tokyo');
    await storeTimezone(user.userId, 'undefined');
    expect(await logInFrom(user, 'undefined')).toBe('undefined');
    expect(await logInFrom(user, 'Nowhere/Special')).toBe('undefined');
  });

  it('leaves the other options as stored', async () => {
    const user = await server.signUp({ locale: 'de' });
    await storeTimezone(user.userId, undefined);
    const before = (await user.client.call('GetUserProfile')).options;
    await logInFrom(user, 'America/New_York');
    const after = (await user.client.call('GetUserProfile')).options;
    expect(after).toEqual({ ...before, timezone: 'America/New_York' });
  });
});

describe('sessions', () => {
  it('answers code 16 (HTTP 401) for a missing, unknown or revoked token', async () => {
    const user = await server.signUp();
    await expect(server.client().call('GetUserProfile')).rejects.toMatchObject({ code: 16 });
    await expect(server.client('made-up').call('GetUserProfile')).rejects.toMatchObject({
      code: 16,
    });
    await user.client.call('RevokeSession', {});
    const response = await server.post('GetUserProfile', new Uint8Array(), {
      authorization: `Bearer ${user.token}`,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('error-code')).toBe(String(ErrorCode.SessionInvalid));
  });

  it('revokes another session by id, and only the owner can', async () => {
    const user = await server.signUp();
    const { authToken: second } = await server
      .client()
      .call('CreateSession', { email: user.email, password: user.password });
    const { sessions } = await user.client.call('GetSessionRecords');
    const other = sessions.find((s) => !s.isThis);
    if (!other) throw new Error('the second session is missing');
    const stranger = await server.signUp();
    await stranger.client.call('RevokeSession', { session: other.id });
    await expect(server.client(second).call('GetUserProfile')).resolves.toBeDefined();
    await user.client.call('RevokeSession', { session: other.id });
    await expect(server.client(second).call('GetUserProfile')).rejects.toMatchObject({ code: 16 });
  });

  it('records the device and updates lastActiveTime at most once a minute', async () => {
    const user = await server.signUp();
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    const { authToken } = await server
      .client(undefined, {
        fetch: (input, init) =>
          fetch(input, { ...init, headers: { ...init?.headers, 'user-agent': chrome } }),
      })
      .call('CreateSession', { email: user.email, password: user.password });
    const client = server.client(authToken);
    server.clock.advance(30_000);
    await client.call('GetUserProfile');
    const read = async () =>
      (await client.call('GetSessionRecords')).sessions.find((s) => s.isThis);
    expect(await read()).toMatchObject({
      device: 'Chrome 126 on Linux',
      lastActiveTime: TEST_NOW,
      ip: '127.0.0.1',
    });
    server.clock.advance(31_000);
    expect((await read())?.lastActiveTime).toBe(TEST_NOW + 61_000);
    server.clock.set(TEST_NOW);
  });
});

describe('profile', () => {
  it('renames the user', async () => {
    const user = await server.signUp();
    await user.client.call('UpdateUser', { name: '  Ada Lovelace ' });
    expect((await user.client.call('GetUserProfile')).user?.name).toBe('Ada Lovelace');
    await user.client.call('UpdateUser', {});
    expect((await user.client.call('GetUserProfile')).user?.name).toBe('Ada Lovelace');
  });

  it('refuses a name over 100 characters instead of cutting it', async () => {
    const user = await server.signUp();
    const longest = `  ${'a'.repeat(100)}  `;
    await user.client.call('UpdateUser', { name: longest });
    expect((await user.client.call('GetUserProfile')).user?.name).toBe('a'.repeat(100));
    await expect(user.client.call('UpdateUser', { name: 'b'.repeat(101) })).rejects.toMatchObject({
      message: 'invalid.nameTooLong',
    });
    expect((await user.client.call('GetUserProfile')).user?.name).toBe('a'.repeat(100));
  });

  it('shows the tier', async () => {
    const premium = await server.signUp({ premiumLevel: 1 });
    expect((await premium.client.call('GetUserProfile')).user?.premiumLevel).toBe(1);
    await server.setPremiumLevel(premium.userId, 2);
    expect((await premium.client.call('GetUserProfile')).user?.premiumLevel).toBe(2);
  });

  it('answers Meta without a session', async () => {
    await expect(server.client().call('Meta')).resolves.toEqual({
      version: '1.3.143',
      algorithm: { version: '1' },
    });
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const user = await server.signUp();
    await server.client().call('RequestPasswordReset', { email: user.email });
    // Besides the sign-up's verification link.
    const mail = (await server.mailsTo(user.email, 2)).find((m) => m.link?.includes('reset='));
    const link = mail?.link ?? '';
    expect(link).toMatch(/^http:\/\/planner\.test\/login\?reset=[\w-]{43}$/);
    const token = new URL(link).searchParams.get('reset') ?? '';
    // The outbox is where a local user finds it: the log names neither the link nor the address.
    expect(server.logs.some((line) => line.includes('outbox'))).toBe(true);
    expect(server.logs.join('\n')).not.toContain(token);
    expect(server.logs.join('\n')).not.toContain(user.email);

    const weak = await rpcError(
      server.client().call('ResetPassword', { id: token, password: 'short' }),
    );
    expect(weak.message).toBe('invalid.passwordTooWeak');
    const newPassword = 'a brand new passphrase 77';
    await server.client().call('ResetPassword', { id: token, password: newPassword });
    await expect(user.client.call('GetUserProfile')).rejects.toMatchObject({ code: 16 });
    const again = await rpcError(
      server.client().call('ResetPassword', { id: token, password: newPassword }),
    );
    expect(again.message).toBe(ErrorMessage.resetLinkInvalid);
    await expect(
      server.client().call('CreateSession', { email: user.email, password: user.password }),
    ).rejects.toMatchObject({
      message: ErrorMessage.wrongCredentials,
    });
    await expect(
      server.client().call('CreateSession', { email: user.email, password: newPassword }),
    ).resolves.toHaveProperty('authToken');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const answer = await server.postJson('RequestPasswordReset', { email: 'ghost@example.com' });
    expect(answer.status).toBe(204);
    expect(await server.mailsTo('ghost@example.com', 0)).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const user = await server.signUp();
    await server.client().call('RequestPasswordReset', { email: user.email });
    // Besides the sign-up's verification link.
    const mail = (await server.mailsTo(user.email, 2)).find((m) => m.link?.includes('reset='));
    const token = new URL(mail?.link ?? 'http://x').searchParams.get('reset') ?? '';
    server.clock.advance(60 * 60 * 1000);
    const error = await rpcError(
      server.client().call('ResetPassword', { id: token, password: 'a brand new passphrase 77' }),
    );
    expect(error.message).toBe(ErrorMessage.resetLinkInvalid);
    server.clock.set(TEST_NOW);
  });
});
