import { generateKeyPairSync } from 'node:crypto';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { runNotificationPass } from './notification-pass';
import { PushDelivery } from './push-delivery';
import { topicOf } from './push-senders';
import { startFakeApns, type FakeApns } from './testing/fake-apns';
import { startFakeFcm, type FakeFcm } from './testing/fake-fcm';

const KEY_ID = 'ABC123DEFG';
const TEAM_ID = 'DEF123GHIJ';
const TOPIC = 'app.planner.ios';
const clientEmail = 'planner-push@planner-test.iam.gserviceaccount.com';

let server: TestServer;
let apns: FakeApns;
let fcm: FakeFcm;
const deliveries: PushDelivery[] = [];

beforeAll(async () => {
  const apple = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  apns = await startFakeApns({
    publicKey: apple.publicKey,
    keyId: KEY_ID,
    teamId: TEAM_ID,
    now: () => server.clock.now(),
  });
  const google = await generateKeyPair('RS256', { extractable: true });
  fcm = await startFakeFcm(google.publicKey, clientEmail, () => server.clock.now());
  server = await startTestServer({
    config: {
      fcm: {
        apiUrl: fcm.url,
        projectId: 'planner-test',
        clientEmail,
        privateKey: await exportPKCS8(google.privateKey),
        tokenUri: `${fcm.url}/token`,
      },
      apns: {
        url: apns.url,
        privateKey: apple.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        keyId: KEY_ID,
        teamId: TEAM_ID,
        topic: TOPIC,
      },
    },
  });
});
afterAll(async () => {
  for (const delivery of deliveries) delivery.close();
  await server.close();
  await apns.close();
  await fcm.close();
});

function newDelivery(): PushDelivery {
  const delivery = new PushDelivery(server.database.db, server.config, { warn: () => undefined });
  deliveries.push(delivery);
  return delivery;
}

/** A user with one iOS device (its APNs token) and, optionally, an Android one. */
async function userWithDevices(iosToken: string | undefined, androidToken?: string) {
  const user = await signUpPlanner(server);
  if (iosToken) {
    await user.client.call('RegisterDevice', {
      fcmDeviceToken: iosToken,
      deviceType: 'ios',
      nativeVersion: '18.1',
      appVersion: '1.3.143',
    });
  }
  if (androidToken) {
    await user.client.call('RegisterDevice', {
      fcmDeviceToken: androidToken,
      deviceType: 'android',
    });
  }
  return user;
}

/** A reminder at `start`, and the pass run 10 s before it. */
async function remindAndPass(user: Planner, delivery: PushDelivery, title: string, start: number) {
  await user.client.call('CreateReminder', { reminder: { title, start, allDay: false } });
  const at = start - 10_000;
  server.clock.set(at);
  await runNotificationPass(server.database.db, delivery, { publish: async () => {} }, at);
  return at;
}

async function deviceTypesOf(user: Planner): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom('devices')
    .select('device_type')
    .where('user_id', '=', user.userId)
    .orderBy('device_type')
    .execute();
  return rows.map((row) => row.device_type);
}

const toDevice = (token: string) => apns.requests.filter((r) => r.path === `/3/device/${token}`);

describe('iOS devices through APNs', () => {
  it('a due reminder reaches the iOS device through APNs and the Android one through FCM', async () => {
    const iosToken = 'a1'.repeat(32);
    const user = await userWithDevices(iosToken, 'android-token-apns-test');
    const delivery = newDelivery();
    const at = await remindAndPass(user, delivery, 'Stretch', TEST_NOW + HOUR);

    const [request, ...more] = toDevice(iosToken);
    expect(more).toEqual([]);
    expect(request).toMatchObject({
      method: 'POST',
      headers: {
        'apns-topic': TOPIC,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        // The same TTL as Web Push and FCM: until an hour after the reminder.
        'apns-expiration': String(Math.floor(at / 1000) + (HOUR + 10_000) / 1000),
        'content-type': 'application/json',
      },
      body: {
        aps: {
          alert: { title: 'Stretch', body: expect.stringMatching(/^Reminder for 10:00\sAM$/u) },
          sound: 'default',
        },
        type: 'notification',
        kind: 'reminder',
        title: 'Stretch',
        route: expect.stringMatching(/^\/reminders\//),
        timestamp: TEST_NOW + HOUR,
        actions: [],
      },
    });
    // The collapse id is the key's Topic hash, as Web Push has it.
    const tag = String(request?.body.tag);
    expect(request?.headers['apns-collapse-id']).toBe(topicOf(tag));
    // The fake checked the provider token's signature, kid and iss; iat is the pass's time.
    const claims = JSON.parse(
      Buffer.from(request?.token.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toEqual({ iss: TEAM_ID, iat: Math.floor(at / 1000) });

    const android = fcm.messages.map((m) => m.body.message).filter((m) => m.token !== undefined);
    expect(android.map((m) => m.token)).toContain('android-token-apns-test');
    expect(android.map((m) => m.token)).not.toContain(iosToken);
  });

  it('one connection and one provider token serve many pushes; a new token after 50 minutes, a new connection after GOAWAY', async () => {
    const iosToken = 'b2'.repeat(32);
    const user = await userWithDevices(iosToken);
    const delivery = newDelivery();
    const connectionsBefore = apns.connections();
    await remindAndPass(user, delivery, 'One', TEST_NOW + 2 * HOUR);
    await remindAndPass(user, delivery, 'Two', TEST_NOW + 2 * HOUR + 30 * MINUTE);
    const [first, second] = toDevice(iosToken);
    expect(second?.connection).toBe(first?.connection);
    expect(second?.token).toBe(first?.token);
    expect(apns.connections()).toBe(connectionsBefore + 1);

    // Apple closes the connection: the next push opens a new one. 50 minutes on: a new token.
    apns.goAway();
    await remindAndPass(user, delivery, 'Three', TEST_NOW + 2 * HOUR + 55 * MINUTE);
    const third = toDevice(iosToken)[2];
    expect(third?.body).toMatchObject({ title: 'Three' });
    expect(third?.connection).not.toBe(first?.connection);
    expect(third?.token).not.toBe(first?.token);
  });

  it('a refresh goes out as a background push', async () => {
    const iosToken = 'c3'.repeat(32);
    const user = await userWithDevices(iosToken);
    const now = TEST_NOW + 3 * HOUR;
    server.clock.set(now);
    expect(await newDelivery().refresh(user.userId, 'timelineStateUpdated', now)).toBe(1);
    expect(toDevice(iosToken)).toEqual([
      expect.objectContaining({
        headers: expect.objectContaining({
          'apns-push-type': 'background',
          'apns-priority': '5',
          'apns-expiration': String(Math.floor(now / 1000) + 300),
        }),
        body: { type: 'timelineStateUpdated', aps: { 'content-available': 1 } },
      }),
    ]);
  });

  it('410 Unregistered, BadDeviceToken and DeviceTokenNotForTopic delete the device; 429 and 503 keep it', async () => {
    const cases = [
      { token: 'd4'.repeat(32), reply: { status: 410, reason: 'Unregistered' }, kept: false },
      { token: 'd5'.repeat(32), reply: { status: 400, reason: 'BadDeviceToken' }, kept: false },
      {
        token: 'd6'.repeat(32),
        reply: { status: 400, reason: 'DeviceTokenNotForTopic' },
        kept: false,
      },
      { token: 'd7'.repeat(32), reply: { status: 429, reason: 'TooManyRequests' }, kept: true },
      { token: 'd8'.repeat(32), reply: { status: 503, reason: 'ServiceUnavailable' }, kept: true },
    ];
    const delivery = newDelivery();
    for (const [index, { token, reply, kept }] of cases.entries()) {
      apns.replyFor(token, reply);
      const user = await userWithDevices(token, `android-kept-${index}`);
      await remindAndPass(user, delivery, 'Water', TEST_NOW + 4 * HOUR + index * MINUTE);
      expect(toDevice(token)).toHaveLength(1);
      expect(await deviceTypesOf(user)).toEqual(kept ? ['android', 'ios'] : ['android']);
    }
  });

  it('an expired provider token is made anew once, and the push is sent again with it', async () => {
    const iosToken = 'e5'.repeat(32);
    const user = await userWithDevices(iosToken);
    const delivery = newDelivery();
    await remindAndPass(user, delivery, 'First', TEST_NOW + 5 * HOUR);
    const first = toDevice(iosToken)[0]?.token ?? '';
    apns.expireToken(first);
    await remindAndPass(user, delivery, 'Second', TEST_NOW + 5 * HOUR + 10 * MINUTE);
    const [, refused, renewed, ...more] = toDevice(iosToken);
    expect(refused?.token).toBe(first);
    expect(renewed?.token).not.toBe(first);
    expect(renewed?.body).toMatchObject({ title: 'Second' });
    expect(more).toEqual([]);

    // Apple keeps refusing: one new token, then the push is given up (the device is kept).
    apns.expireEveryToken();
    await remindAndPass(user, delivery, 'Third', TEST_NOW + 5 * HOUR + 20 * MINUTE);
    expect(
      toDevice(iosToken)
        .slice(3)
        .map((r) => r.body.title),
    ).toEqual(['Third', 'Third']);
    expect(await deviceTypesOf(user)).toEqual(['ios']);
  });
});

describe('without APNs for the device', () => {
  it('an Android device gets nothing through APNs', async () => {
    const user = await userWithDevices(undefined, 'android-only-token');
    const before = apns.requests.length;
    await remindAndPass(user, newDelivery(), 'Walk', TEST_NOW + 6 * HOUR);
    expect(apns.requests.length).toBe(before);
    expect(fcm.messages.at(-1)?.body.message).toMatchObject({
      token: 'android-only-token',
      data: { title: 'Walk' },
    });
  });

  it("an iOS shell's FCM token (Firebase Messaging in the shell) still goes through FCM", async () => {
    const fcmToken = 'fGx2:APA91bH-ios-firebase-token';
    const user = await userWithDevices(fcmToken);
    const before = apns.requests.length;
    await remindAndPass(user, newDelivery(), 'Read', TEST_NOW + 7 * HOUR);
    expect(apns.requests.length).toBe(before);
    expect(fcm.messages.at(-1)?.body.message).toMatchObject({ token: fcmToken });
  });
});
