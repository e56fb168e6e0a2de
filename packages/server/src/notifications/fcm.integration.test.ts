import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE, signUpPlanner } from '../timeline/planning-test-kit';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { runNotificationPass } from './notification-pass';
import { PushDelivery } from './push-delivery';

/**
 * Google's edge as FCM HTTP v1 has it: the OAuth token endpoint takes a service-account JWT
 * (RFC 7523) and answers an access token; messages:send takes one message per device and
 * answers 404 UNREGISTERED for a token the app no longer holds.
 */
interface FakeFcm {
  url: string;
  exchanges: { grantType: string; claims: Record<string, unknown> }[];
  messages: {
    authorization: string;
    project: string;
    body: { message: Record<string, unknown> };
  }[];
  close(): Promise<void>;
}

async function startFakeFcm(
  publicKey: Awaited<ReturnType<typeof generateKeyPair>>['publicKey'],
  clientEmail: string,
  /** The test clock: the JWT's iat and exp are checked against it. */
  now: () => number,
): Promise<FakeFcm> {
  const fake: FakeFcm = { url: '', exchanges: [], messages: [], close: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const json = (status: number, value: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(value));
      if (request.url === '/token') {
        const form = new URLSearchParams(body);
        jwtVerify(form.get('assertion') ?? '', publicKey, {
          issuer: clientEmail,
          audience: `${fake.url}/token`,
          currentDate: new Date(now()),
        }).then(
          ({ payload }) => {
            fake.exchanges.push({ grantType: form.get('grant_type') ?? '', claims: payload });
            json(200, { access_token: 'ya29.fake-access', expires_in: 3599, token_type: 'Bearer' });
          },
          () => json(400, { error: 'invalid_grant' }),
        );
        return;
      }
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.url ?? '');
      if (!send) return json(404, {});
      const parsed = JSON.parse(body) as { message: Record<string, unknown> };
      fake.messages.push({
        authorization: request.headers.authorization ?? '',
        project: send[1] ?? '',
        body: parsed,
      });
      if (parsed.message.token === 'uninstalled-app') {
        return json(404, {
          error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] },
        });
      }
      json(200, { name: `projects/${send[1] ?? ''}/messages/1` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

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
