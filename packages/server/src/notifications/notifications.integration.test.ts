import { importJWK, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRpcError,
  HOUR,
  MINUTE,
  signUpPlanner,
  type Planner,
} from '../timeline/planning-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { runNotificationPass } from './notification-pass';
import { PushDelivery } from './push-delivery';
import {
  TestPushEndpoint,
  type ReceivedPush,
  type TestSubscription,
} from './testing/push-endpoint';

/** 29 March 2026, the day Berlin moves to summer time (02:00 becomes 03:00): h:m:s CEST. */
const berlin = (h: number, m = 0, s = 0) => Date.UTC(2026, 2, 29, h - 2, m, s);
const quietLog = { warn: () => undefined };

let server: TestServer;
let endpoint: TestPushEndpoint;

beforeAll(async () => {
  endpoint = new TestPushEndpoint();
  await endpoint.start();
  // The test clock lets push endpoints on loopback http.
  server = await startTestServer({ now: berlin(8), config: { testClock: true } });
});
afterAll(async () => {
  await server.close();
  await endpoint.close();
});
// Each test's users leave with their devices, so a later pass (at another time) skips them.
afterEach(async () => {
  await server.database.db.deleteFrom('devices').execute();
});

/** One notification pass at `at` (the server's clock too). */
async function pass(at: number): Promise<number> {
  server.clock.set(at);
  const delivery = new PushDelivery(server.database.db, server.config, quietLog);
  return runNotificationPass(server.database.db, delivery, { publish: async () => {} }, at);
}

async function berliner(locale = 'en'): Promise<Planner & { sub: TestSubscription }> {
  const user = await signUpPlanner(server, { timezone: 'Europe/Berlin', locale });
  const sub = endpoint.subscription();
  await user.client.call('RegisterDevice', {
    fcmDeviceToken: sub.token,
    deviceType: 'web',
    appVersion: '1.3.143',
  });
  return { ...user, sub };
}

async function setOptions(user: Planner, options: Record<string, unknown>): Promise<void> {
  const current = (await user.client.call('GetUserOptions')).options;
  await user.client.call('UpdateUserOptions', {
    fields: Object.keys(options),
    options: { ...current, ...options },
  });
}

async function addTask(user: Planner, title: string, hours: number): Promise<string> {
  const { task } = await user.client.call('PutTask', {
    task: { title, category: { id: user.categoryId }, timeScheduled: hours * HOUR },
  });
  return task?.id ?? '';
}

async function currentBlock(user: Planner) {
  return (await user.client.call('GetTimelineState')).currentBlock;
}

function only(sub: TestSubscription): ReceivedPush {
  const received = sub.received();
  expect(received).toHaveLength(1);
  return received[0] as ReceivedPush;
}

async function deviceCount(userId: string): Promise<number> {
  const rows = await server.database.db
    .selectFrom('devices')
    .select('token_digest')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

describe('event notifications', () => {
  it('are pushed at their offset, encrypted for the subscription, signed with VAPID, once', async () => {
    server.clock.set(berlin(9));
    const user = await berliner();
    const { vapidPublicKey } = await user.client.call('GetPushConfig');
    const { event } = await user.client.call('CreateEvent', {
      event: {
        title: 'Dentist',
        start: berlin(10),
        end: berlin(11),
        category: { id: user.categoryId },
        timezone: 'Europe/Berlin',
        notifications: [15 * MINUTE],
      },
    });
    const id = event?.id ?? '';
    await pass(berlin(9, 40));
    expect(user.sub.received()).toHaveLength(0);
    await pass(berlin(9, 44, 50));
    const push = only(user.sub);
    expect(push.payload).toEqual({
      type: 'notification',
      kind: 'event',
      title: 'Dentist',
      body: expect.stringMatching(/^Starts at 10:00\sAM$/u),
      route: expect.stringMatching(
        new RegExp(`^/event/${id}/${berlin(10)}/${berlin(11)}/0/false$`),
      ),
      tag: `event:${id}:${berlin(10)}:${berlin(9, 45)}`,
      timestamp: berlin(9, 45),
      actions: [],
    });
    // Kept until five minutes after the start; not an alert.
    expect(push.headers.ttl).toBe(String((berlin(10, 5) - berlin(9, 44, 50)) / 1000));
    expect(push.headers.urgency).toBe('normal');
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    // VAPID (RFC 8292): a JWT for the push service's origin, signed by the key browsers got.
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? '');
    expect(match?.[2]).toBe(vapidPublicKey);
    const raw = Buffer.from(vapidPublicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(match?.[1] ?? '', key, { audience: endpoint.url });
    expect(payload.sub).toMatch(/^(mailto:|https:)/);
    // Never twice: later passes find it in the sent-log.
    await pass(berlin(9, 45, 10));
    await pass(berlin(9, 46));
    expect(user.sub.received()).toHaveLength(1);
    // The key pair is kept: the same key is answered again.
    expect((await user.client.call('GetPushConfig')).vapidPublicKey).toBe(vapidPublicKey);
  });

  it('are not sent when their time passed long ago (a server back after an hour)', async () => {
    server.clock.set(berlin(9));
    const user = await berliner();
    await user.client.call('CreateEvent', {
      event: {
        title: 'Standup',
        start: berlin(10),
        end: berlin(10, 15),
        category: { id: user.categoryId },
        timezone: 'Europe/Berlin',
        notifications: [0],
      },
    });
    await pass(berlin(11));
    expect(user.sub.received()).toHaveLength(0);
  });

  it('go out once when two passes run at the same time', async () => {
    server.clock.set(berlin(9));
    const user = await berliner();
    await user.client.call('CreateEvent', {
      event: {
        title: 'Call',
        start: berlin(12),
        end: berlin(13),
        category: { id: user.categoryId },
        timezone: 'Europe/Berlin',
        notifications: [30 * MINUTE],
      },
    });
    server.clock.set(berlin(11, 30));
    const delivery = () => new PushDelivery(server.database.db, server.config, quietLog);
    const noRealtime = { publish: async () => {} };
    await Promise.all([
      runNotificationPass(server.database.db, delivery(), noRealtime, berlin(11, 30)),
      runNotificationPass(server.database.db, delivery(), noRealtime, berlin(11, 30)),
      runNotificationPass(server.database.db, delivery(), noRealtime, berlin(11, 30, 1)),
    ]);
    expect(only(user.sub).payload).toMatchObject({ kind: 'event', title: 'Call' });
  });
});

describe('reminders', () => {
  it('are pushed at their time in the user language and zone', async () => {
    server.clock.set(berlin(9));
    const user = await berliner('de');
    const { reminder } = await user.client.call('CreateReminder', {
      reminder: { title: 'Mama anrufen', start: berlin(14, 30), allDay: false },
    });
    await pass(berlin(14, 29, 50));
    const push = only(user.sub);
    expect(push.payload).toMatchObject({
      type: 'notification',
      kind: 'reminder',
      title: 'Mama anrufen',
      body: 'Erinnerung für 14:30',
      route: `/reminders/${reminder?.id ?? ''}/${berlin(14, 30)}`,
      timestamp: berlin(14, 30),
      actions: [],
    });
    expect(push.payload.actionToken).toBeUndefined();
    expect(push.headers.ttl).toBe(String((berlin(15, 30) - berlin(14, 29, 50)) / 1000));
  });
});

describe('the task up next', () => {
  it('is pushed taskNotificationOffset before its block; startNow starts it; the token works once', async () => {
    server.clock.set(berlin(9));
    const user = await berliner();
    const quiet = await berliner();
    await setOptions(user, { taskNotificationOffset: 10 * MINUTE });
    await setOptions(quiet, { taskNotificationEnabled: false });
    const first = await addTask(user, 'Write report', 1);
    const second = await addTask(user, 'Review slides', 1);
    await addTask(quiet, 'Quiet one', 1);
    await addTask(quiet, 'Quiet two', 1);
    const running = (await currentBlock(user))?.task;
    const next = running === first ? second : first;
    const nextTitle = next === first ? 'Write report' : 'Review slides';
    expect(running === first || running === second).toBe(true);

    await pass(berlin(9, 49, 50));
    const push = only(user.sub);
    expect(push.payload).toMatchObject({
      kind: 'task',
      title: nextTitle,
      body: expect.stringMatching(/^Up next at 10:00\sAM$/u),
      route: '/agenda',
      timestamp: berlin(9, 50),
      // The block before it is a task too: going on with it is offered.
      actions: ['startNow', 'moreTime'],
    });
    expect(push.payload.tag).toBe(`task:${next}:${berlin(10)}`);
    expect(push.headers.urgency).toBe('normal');
    // taskNotificationEnabled off: nothing for the other user.
    expect(quiet.sub.received()).toHaveLength(0);

    // The service worker runs the button without a session.
    server.clock.set(berlin(9, 51));
    const anonymous = server.client();
    const actionToken = String(push.payload.actionToken);
    await anonymous.call('RunNotificationAction', { actionToken, action: 'startNow' });
    expect(await currentBlock(user)).toMatchObject({ task: next, start: berlin(9, 51) });
    await expectRpcError(
      anonymous.call('RunNotificationAction', { actionToken, action: 'startNow' }),
      400,
      'invalid.notificationActionExpired',
    );
    await expectRpcError(
      anonymous.call('RunNotificationAction', { actionToken: 'made-up', action: 'takeBreak' }),
      400,
      'invalid.notificationActionExpired',
    );
  });
});

describe('alerts of the running session', () => {
  it('long session: 2 h into a longer block, with takeBreak', async () => {
    server.clock.set(berlin(9));
    const user = await berliner();
    await addTask(user, 'Thesis', 3);
    expect(await currentBlock(user)).toMatchObject({ start: berlin(9), end: berlin(12) });
    await pass(berlin(10, 59, 50));
    const push = only(user.sub);
    expect(push.payload).toMatchObject({
      kind: 'longSession',
      title: 'Thesis',
      body: 'You have been at it for 2 hours. Time for a break?',
      actions: ['takeBreak'],
      timestamp: berlin(11),
    });
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.ttl).toBe(String((berlin(12) - berlin(10, 59, 50)) / 1000));
    server.clock.set(berlin(11));
    await server.client().call('RunNotificationAction', {
      actionToken: String(push.payload.actionToken),
      action: 'takeBreak',
    });
    expect(await currentBlock(user)).toMatchObject({
      isRest: true,
      start: berlin(11),
      end: berlin(11, 30),
    });
  });

  it('near end with moreTime, then the auto-extension; an expired token is refused', async () => {
    server.clock.set(berlin(9));
    const user = await berliner();
    await addTask(user, 'Emails', 1);
    await pass(berlin(9, 56, 50));
    const nearEnd = only(user.sub);
    expect(nearEnd.payload).toMatchObject({
      kind: 'nearEnd',
      title: 'Emails',
      body: 'Ends in 3 minutes. Need more time?',
      actions: ['moreTime'],
      timestamp: berlin(9, 57),
    });
    expect(nearEnd.headers.urgency).toBe('high');
    expect(nearEnd.headers.ttl).toBe('190');
    server.clock.set(berlin(9, 57));
    const anonymous = server.client();
    await anonymous.call('RunNotificationAction', {
      actionToken: String(nearEnd.payload.actionToken),
      action: 'moreTime',
    });
    expect(await currentBlock(user)).toMatchObject({ start: berlin(9), end: berlin(10, 30) });

    // The new end has its own near-end alert.
    await pass(berlin(10, 26, 50));
    const pushes = user.sub.received();
    expect(pushes.map((p) => p.payload.kind)).toEqual(['nearEnd', 'nearEnd']);
    const second = pushes[1] as ReceivedPush;
    expect(second.payload.timestamp).toBe(berlin(10, 27));

    // No time left at its end and auto-extend on: the session is extended, and told.
    await pass(berlin(10, 29, 50));
    await pass(berlin(10, 30, 20));
    const kinds = user.sub.received().map((p) => p.payload.kind);
    expect(kinds).toEqual(['nearEnd', 'nearEnd', 'autoExtended']);
    expect(user.sub.received()[2]?.payload).toMatchObject({
      title: 'Emails',
      body: 'Extended by 30 minutes.',
      actions: [],
      timestamp: berlin(10, 30),
    });
    expect(await currentBlock(user)).toMatchObject({ end: berlin(11) });

    // The second alert's token expired with its block's end.
    server.clock.set(berlin(10, 31));
    await expectRpcError(
      anonymous.call('RunNotificationAction', {
        actionToken: String(second.payload.actionToken),
        action: 'moreTime',
      }),
      400,
      'invalid.notificationActionExpired',
    );
  });
});

describe('devices', () => {
  it('a revoked device and a signed-out session get nothing', async () => {
    server.clock.set(berlin(9));
    const user = await berliner();
    await user.client.call('RevokeInstallation', { fcmDeviceToken: user.sub.token });
    expect(await deviceCount(user.userId)).toBe(0);
    await user.client.call('CreateReminder', {
      reminder: { title: 'Nothing', start: berlin(9, 30), allDay: false },
    });
    await pass(berlin(9, 30));
    expect(user.sub.received()).toHaveLength(0);

    const again = endpoint.subscription();
    await user.client.call('RegisterDevice', { fcmDeviceToken: again.token, deviceType: '' });
    expect(await deviceCount(user.userId)).toBe(1);
    await user.client.call('RevokeSession', {});
    expect(await deviceCount(user.userId)).toBe(0);
  });

  it('a token registered by another user moves to them; registered again it stays one row', async () => {
    const first = await berliner();
    const second = await signUpPlanner(server);
    await first.client.call('RegisterDevice', { fcmDeviceToken: first.sub.token, appVersion: '2' });
    expect(await deviceCount(first.userId)).toBe(1);
    await second.client.call('RegisterDevice', { fcmDeviceToken: first.sub.token });
    expect(await deviceCount(first.userId)).toBe(0);
    expect(await deviceCount(second.userId)).toBe(1);
  });

  it('a push service answering 410 deletes the device', async () => {
    server.clock.set(berlin(9));
    const user = await berliner();
    endpoint.answer(user.sub.path, 410);
    await user.client.call('CreateReminder', {
      reminder: { title: 'Gone', start: berlin(9, 30), allDay: false },
    });
    await pass(berlin(9, 30));
    expect(await deviceCount(user.userId)).toBe(0);
  });

  it('refuses what is not a device', async () => {
    const user = await signUpPlanner(server);
    const sub = endpoint.subscription();
    const plainHttp = sub.token.replace(endpoint.url, 'http://push.example.com');
    for (const [input, message] of [
      [{ fcmDeviceToken: sub.token, deviceType: 'blackberry' }, /deviceType/],
      [{ fcmDeviceToken: plainHttp, deviceType: 'web' }, /fcmDeviceToken/],
      [{ fcmDeviceToken: '{"endpoint":"https://x.test/p"}', deviceType: 'web' }, /fcmDeviceToken/],
      [{ fcmDeviceToken: '', deviceType: 'ios' }, /fcmDeviceToken/],
      [{ fcmDeviceToken: 'x'.repeat(5000), deviceType: 'android' }, /fcmDeviceToken/],
    ] as const) {
      const error = await expectRpcError(user.client.call('RegisterDevice', input), 400);
      expect(error.message).toMatch(message);
    }
    expect(await deviceCount(user.userId)).toBe(0);
    await expectRpcError(server.client().call('RegisterDevice', { fcmDeviceToken: sub.token }), 16);
  });

  it('TestNotification is for debug-enabled accounts only', async () => {
    const user = await berliner();
    await expectRpcError(user.client.call('TestNotification', { kind: 'nearEnd' }), 404);
    await server.database.db
      .updateTable('users')
      .set({ debug_enabled: 1 })
      .where('user_id', '=', user.userId)
      .execute();
    await user.client.call('TestNotification', { kind: 'nearEnd' });
    for (let waited = 0; user.sub.received().length === 0 && waited < 3000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(only(user.sub).payload).toMatchObject({ kind: 'nearEnd', title: 'Test notification' });
  });
});
