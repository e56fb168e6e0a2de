import { ErrorCode } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import { expectRpcError, MINUTE } from '../timeline/planning-test-kit';
import {
  FRONTEND_LOG_WINDOW_MS,
  FRONTEND_LOGS_KEPT,
  FRONTEND_LOGS_PER_WINDOW,
} from './frontend-log-service';
import { SHOWN_SILENCE_MS, userActiveStatus } from './presence';
import type { AppStatusTables } from './tables';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: { cloudConfig: { socialLinks: '[{"network":"x"}]', apiTest: 'https://test.example' } },
  });
});
afterAll(async () => server.close());

/** The same account signed in a second time: another device. */
async function secondDevice(user: SignedUpUser) {
  const { authToken } = await server
    .client()
    .call('CreateSession', { email: user.email, password: user.password });
  return server.client(authToken);
}

const logsOf = (userId: string) =>
  server.database.db
    .withTables<AppStatusTables>()
    .selectFrom('frontend_logs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

const report = (message: string, extra: Record<string, string> = {}) => ({
  level: 'error',
  message,
  stack: `Error: ${message}\n    at render (AgendaPage.tsx:1:1)`,
  deviceType: 'web',
  appVersion: '1.3.143',
  nativeVersion: '',
  view: '/agenda',
  ...extra,
});

describe('app visibility', () => {
  it("tells a device whether the user's other devices show the app, and since when not", async () => {
    server.clock.set(TEST_NOW);
    const user = await server.signUp();
    const phone = await secondDevice(user);

    // Neither has said anything yet: nothing is known to show the app.
    expect(await user.client.call('GetUserActiveStatus')).toEqual({
      active: false,
      lastActiveTime: 0,
    });
    // The web app asked, so it shows the app.
    expect(await phone.call('GetUserActiveStatus')).toEqual({
      active: true,
      lastActiveTime: TEST_NOW,
    });

    server.clock.advance(MINUTE);
    await user.client.call('OnAppInactive');
    server.clock.advance(MINUTE);
    expect(await phone.call('GetUserActiveStatus')).toEqual({
      active: false,
      lastActiveTime: TEST_NOW + MINUTE,
    });

    // Shown again.
    await user.client.call('GetUserActiveStatus');
    expect(await phone.call('GetUserActiveStatus')).toMatchObject({ active: true });
  });

  it('counts a shown app as gone after minutes of silence', async () => {
    server.clock.set(TEST_NOW);
    const user = await server.signUp();
    const phone = await secondDevice(user);
    await user.client.call('GetUserActiveStatus');

    server.clock.advance(SHOWN_SILENCE_MS);
    expect(await phone.call('GetUserActiveStatus')).toMatchObject({ active: true });
    server.clock.advance(1);
    expect(await phone.call('GetUserActiveStatus')).toEqual({
      active: false,
      lastActiveTime: TEST_NOW,
    });
  });

  it('answers the status of all devices to the server itself (push messages)', async () => {
    server.clock.set(TEST_NOW);
    const user = await server.signUp();
    const db = server.database.db;
    await user.client.call('GetUserActiveStatus');
    await db.transaction().execute(async (trx) => {
      expect(await userActiveStatus(trx, user.userId, TEST_NOW)).toEqual({
        active: true,
        lastActiveTime: TEST_NOW,
      });
    });
    await user.client.call('OnAppInactive');
    await db.transaction().execute(async (trx) => {
      expect(await userActiveStatus(trx, user.userId, TEST_NOW)).toMatchObject({ active: false });
    });
  });

  it("never shows one user another user's devices", async () => {
    server.clock.set(TEST_NOW);
    const ann = await server.signUp();
    const bob = await server.signUp();
    await ann.client.call('GetUserActiveStatus');
    expect(await bob.client.call('GetUserActiveStatus')).toEqual({
      active: false,
      lastActiveTime: 0,
    });
    // Bob's OnAppInactive changes nothing of Ann's.
    const annPhone = await secondDevice(ann);
    await bob.client.call('OnAppInactive');
    expect(await annPhone.call('GetUserActiveStatus')).toMatchObject({ active: true });
  });

  it('forgets a device that signed out', async () => {
    server.clock.set(TEST_NOW);
    const user = await server.signUp();
    const phone = await secondDevice(user);
    await phone.call('GetUserActiveStatus');
    await phone.call('RevokeSession', { session: '' });
    expect(await user.client.call('GetUserActiveStatus')).toEqual({
      active: false,
      lastActiveTime: 0,
    });
  });

  it('needs a session', async () => {
    await expectRpcError(server.client().call('OnAppInactive'), ErrorCode.SessionInvalid);
    await expectRpcError(server.client().call('GetUserActiveStatus'), ErrorCode.SessionInvalid);
  });
});

describe('frontend logs', () => {
  it('stores a report masked, and logs it as a warning without the secrets', async () => {
    server.clock.set(TEST_NOW);
    const user = await server.signUp();
    const secretBody =
      'PutTask failed for {"title":"Divorce lawyer","note":"call at 5","id":"t1"} ann@example.com';
    await user.client.call(
      'CreateFrontendLog',
      report(secretBody, {
        stack: 'at save (password=hunter2&token=abc)',
        view: '/login?email=ann@example.com',
      }),
    );
    const [row] = await logsOf(user.userId);
    expect(row).toMatchObject({
      level: 'error',
      message: 'PutTask failed for {"title":"***","note":"***","id":"t1"} ***',
      stack: 'at save (password=***&token=***)',
      view: '/login?email=***',
      device_type: 'web',
      app_version: '1.3.143',
    });
    const line = server.logs.find((l) => l.includes('frontend error') && l.includes(user.userId));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      level: 40,
      reportLevel: 'error',
      message: row?.message,
    });
    for (const secret of ['Divorce', 'call at 5', 'ann@example.com', 'hunter2', 'abc)']) {
      expect(line).not.toContain(secret);
    }
  });

  it("accepts the ignore list's errors without keeping them", async () => {
    const user = await server.signUp();
    for (const message of ['TypeError: Failed to fetch', 'Invalid session', 'password not match']) {
      await user.client.call('CreateFrontendLog', report(message));
    }
    expect(await logsOf(user.userId)).toEqual([]);
  });

  it('answers 400 naming the field past its bound, or a level it does not know', async () => {
    const user = await server.signUp();
    const cases: [Record<string, string>, string][] = [
      [{ message: 'x'.repeat(2001) }, 'field "message"'],
      [{ stack: 'x'.repeat(8001) }, 'field "stack"'],
      [{ view: 'x'.repeat(501) }, 'field "view"'],
      [{ deviceType: 'x'.repeat(101) }, 'field "deviceType"'],
      [{ appVersion: 'x'.repeat(41) }, 'field "appVersion"'],
      [{ nativeVersion: 'x'.repeat(41) }, 'field "nativeVersion"'],
      [{ level: 'fatal' }, 'field "level"'],
      [{ message: '  ' }, 'field "message"'],
    ];
    for (const [fields, message] of cases) {
      await expectRpcError(
        user.client.call('CreateFrontendLog', report('boom', fields)),
        ErrorCode.InvalidInput,
        message,
      );
    }
    // At the bound exactly, accepted.
    await user.client.call('CreateFrontendLog', report('y'.repeat(2000)));
    expect(await logsOf(user.userId)).toHaveLength(1);
  });

  it('limits how many reports a user sends per minute, per user', async () => {
    server.clock.set(TEST_NOW);
    const user = await server.signUp();
    const other = await server.signUp();
    for (let i = 0; i < FRONTEND_LOGS_PER_WINDOW; i++) {
      await user.client.call('CreateFrontendLog', report(`loop ${i}`));
    }
    const error = await expectRpcError(
      user.client.call('CreateFrontendLog', report('one more')),
      ErrorCode.RateLimited,
    );
    expect(error.code).toBe(ErrorCode.RateLimited);
    // Someone else is not limited by it.
    await other.client.call('CreateFrontendLog', report('mine'));
    server.clock.advance(FRONTEND_LOG_WINDOW_MS);
    await user.client.call('CreateFrontendLog', report('a minute later'));
    expect(await logsOf(user.userId)).toHaveLength(FRONTEND_LOGS_PER_WINDOW + 1);
    expect(await logsOf(other.userId)).toHaveLength(1);
  });

  it('keeps only the newest reports of a user', async () => {
    server.clock.set(TEST_NOW);
    const user = await server.signUp();
    const total = FRONTEND_LOGS_KEPT + 5;
    for (let i = 0; i < total; i++) {
      // One report a second and a half: never near the rate limit.
      server.clock.advance(2_500);
      await user.client.call('CreateFrontendLog', report(`report ${i}`));
    }
    const rows = await logsOf(user.userId);
    expect(rows).toHaveLength(FRONTEND_LOGS_KEPT);
    expect(rows[0]?.message).toBe('report 5');
    expect(rows.at(-1)?.message).toBe(`report ${total - 1}`);
  });

  it('needs a session', async () => {
    await expectRpcError(
      server.client().call('CreateFrontendLog', report('x')),
      ErrorCode.SessionInvalid,
    );
  });
});

describe('cloud config', () => {
  it('answers the configured items by field, signed in or not', async () => {
    const expected = [
      { field: 'apiTest', value: 'https://test.example' },
      { field: 'socialLinks', value: '[{"network":"x"}]' },
    ];
    expect((await server.client().call('GetCloudConfig')).items).toEqual(expected);
    const user = await server.signUp();
    expect((await user.client.call('GetCloudConfig')).items).toEqual(expected);
  });

  it('answers no items when none are configured', async () => {
    const bare = await startTestServer();
    try {
      expect(await bare.client().call('GetCloudConfig')).toEqual({ items: [] });
    } finally {
      await bare.close();
    }
  });
});
