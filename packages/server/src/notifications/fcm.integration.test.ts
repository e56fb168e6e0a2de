import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE, signUpPlanner } from '../timeline/planning-test-kit';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { runNotificationPass } from './notification-pass';
import { PushDelivery } from './push-delivery';
import { startFakeFcm, type FakeFcm } from './testing/fake-fcm';

let server: TestServer;
let fcm: FakeFcm;
const clientEmail = 'planner-push@planner-test.iam.gserviceaccount.com';

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  fcm = await startFakeFcm(publicKey, clientEmail, () => server.clock.now());
  server = await startTestServer({
    config: {
      fcm: {
        apiUrl: fcm.url,
        projectId: 'planner-test',
        clientEmail,
        privateKey: await exportPKCS8(privateKey),
        tokenUri: `${fcm.url}/token`,
      },
    },
  });
});
afterAll(async () => {
  await server.close();
  await fcm.close();
});

describe('native devices through FCM HTTP v1', () => {
  it('exchange a service-account JWT once, then send each notification; an unregistered token is deleted', async () => {
    const user = await signUpPlanner(server);
    await user.client.call('RegisterDevice', {
      fcmDeviceToken: 'android-token-1',
      deviceType: 'android',
      nativeVersion: '14',
      appVersion: '1.3.143',
    });
    await user.client.call('RegisterDevice', {
      fcmDeviceToken: 'uninstalled-app',
      deviceType: 'ios',
    });
    await user.client.call('CreateReminder', {
      reminder: { title: 'Stretch', start: TEST_NOW + HOUR, allDay: false },
    });
    const delivery = new PushDelivery(server.database.db, server.config, { warn: () => undefined });
    const at = TEST_NOW + HOUR - 10_000;
    server.clock.set(at);
    await runNotificationPass(server.database.db, delivery, { publish: async () => {} }, at);

    expect(fcm.exchanges).toHaveLength(1);
    expect(fcm.exchanges[0]).toMatchObject({
      grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      claims: { scope: 'https://www.googleapis.com/auth/firebase.messaging', iss: clientEmail },
    });
    const sent = fcm.messages.map((m) => m.body.message);
    expect(fcm.messages.every((m) => m.authorization === 'Bearer ya29.fake-access')).toBe(true);
    expect(fcm.messages.every((m) => m.project === 'planner-test')).toBe(true);
    const android = sent.find((m) => m.token === 'android-token-1');
    expect(android).toMatchObject({
      notification: { title: 'Stretch', body: expect.stringMatching(/^Reminder for 10:00\sAM$/u) },
      data: {
        type: 'notification',
        kind: 'reminder',
        title: 'Stretch',
        route: expect.stringMatching(/^\/reminders\//),
        timestamp: String(TEST_NOW + HOUR),
        actions: '[]',
      },
      android: { ttl: `${(HOUR + 10_000) / 1000}s`, priority: 'NORMAL' },
      apns: { headers: { 'apns-priority': '5' } },
    });
    // FCM said the app is gone: the device is deleted, the other kept.
    const devices = await server.database.db
      .selectFrom('devices')
      .select('device_type')
      .where('user_id', '=', user.userId)
      .execute();
    expect(devices.map((d) => d.device_type)).toEqual(['android']);

    // The access token is reused until it nears its expiry.
    await user.client.call('CreateReminder', {
      reminder: { title: 'Water', start: TEST_NOW + HOUR + 30 * MINUTE, allDay: false },
    });
    const later = TEST_NOW + HOUR + 30 * MINUTE - 5_000;
    server.clock.set(later);
    await runNotificationPass(server.database.db, delivery, { publish: async () => {} }, later);
    expect(fcm.messages.at(-1)?.body.message).toMatchObject({ data: { title: 'Water' } });
    expect(fcm.exchanges).toHaveLength(1);
  });
});
