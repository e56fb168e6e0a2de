import { lookup } from 'node:dns/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../net/private-hosts';
import { expectRpcError, signUpPlanner } from '../timeline/planning-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { TestPushEndpoint } from './testing/push-endpoint';
import { tokenDigest } from './devices-repository';

/**
 * A server as production runs it (no test clock): push endpoints on loopback, private and
 * link-local addresses are refused when registered and never connected to when sending.
 */
let server: TestServer;
let keys: { p256dh: string; auth: string };
/** Counts every connection made to it (nothing should reach it). */
let trap: Server;
let trapPort: number;
let connections = 0;

beforeAll(async () => {
  server = await startTestServer();
  const endpoint = new TestPushEndpoint();
  keys = (JSON.parse(endpoint.subscription().token) as { keys: typeof keys }).keys;
  trap = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, '0.0.0.0', resolve));
  trapPort = (trap.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => trap.close(() => resolve()));
});

const token = (endpoint: string) => JSON.stringify({ endpoint, expirationTime: null, keys });

/** This machine's name: it resolves to a loopback or private address (checked first). */
async function privateName(): Promise<string> {
  const name = hostname();
  const addresses = await lookup(name, { all: true });
  expect(addresses.every((a) => isPrivateAddress(a.address))).toBe(true);
  return name;
}

describe('push endpoints on private hosts', () => {
  it('RegisterDevice refuses loopback, private and link-local endpoints, by name and by address', async () => {
    const user = await signUpPlanner(server);
    const refused = [
      `https://127.0.0.1:${trapPort}/push/1`,
      'https://localhost/push/1',
      'https://LOCALHOST./push/1',
      'https://push.localhost/push/1',
      'https://[::1]/push/1',
      'https://[::ffff:127.0.0.1]/push/1',
      'https://10.0.0.1/push/1',
      'https://192.168.1.20/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/push/1',
      'https://0.0.0.0/push/1',
      // A name that resolves to a private address.
      `https://${await privateName()}:${trapPort}/push/1`,
    ];
    for (const endpoint of refused) {
      const error = await expectRpcError(
        user.client.call('RegisterDevice', { fcmDeviceToken: token(endpoint), deviceType: 'web' }),
        400,
      );
      expect(error.message, endpoint).toMatch(/fcmDeviceToken/);
    }
    // A public address is still taken.
    await user.client.call('RegisterDevice', {
      fcmDeviceToken: token('https://93.184.216.34/push/1'),
      deviceType: 'web',
    });
    const rows = await server.database.db
      .selectFrom('devices')
      .select('push_token')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows.map((r) => JSON.parse(r.push_token).endpoint)).toEqual([
      'https://93.184.216.34/push/1',
    ]);
    expect(connections).toBe(0);
  });

  it('the sender never connects to a private address, even one stored before the rule', async () => {
    const user = await signUpPlanner(server);
    const db = server.database.db;
    await db
      .updateTable('users')
      .set({ debug_enabled: 1 })
      .where('user_id', '=', user.userId)
      .execute();
    const session = await db
      .selectFrom('sessions')
      .select('session_id')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    const now = server.clock.now();
    const byName = token(`https://${await privateName()}:${trapPort}/push/2`);
    const byAddress = token(`https://127.0.0.1:${trapPort}/push/3`);
    for (const pushToken of [byName, byAddress]) {
      await db
        .insertInto('devices')
        .values({
          user_id: user.userId,
          token_digest: tokenDigest(pushToken),
          push_token: pushToken,
          device_type: 'web',
          app_version: '1.3.143',
          native_version: '',
          session_id: session.session_id,
          last_seen_at: now,
          created_at: now,
        })
        .execute();
    }
    await user.client.call('TestNotification', { kind: 'nearEnd' });
    // The address literal is refused outright (the device is dropped); the name fails at its
    // lookup, before any connection, and is logged as not delivered.
    for (let waited = 0; ; waited += 20) {
      const left = await db
        .selectFrom('devices')
        .select('push_token')
        .where('user_id', '=', user.userId)
        .execute();
      const failed = server.logs.some((line) => line.includes('push not delivered'));
      if (failed && left.length === 1) {
        expect(left[0]?.push_token).toBe(byName);
        break;
      }
      if (waited > 5000) throw new Error('the push was not attempted');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(connections).toBe(0);
  });
});
