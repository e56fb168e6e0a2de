import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createClient } from '@planner/protocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ManualClock } from '../clock';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { TestPushEndpoint } from '../notifications/testing/push-endpoint';
import { TEST_NOW } from '../testing/test-server';
import { PgBossJobs } from './pg-boss-jobs';

const url = process.env.DATABASE_URL;
const HOUR = 3_600_000;
const quiet = { error: () => undefined };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  for (let waited = 0; !check() && waited < ms; waited += 50) await wait(50);
}

/** The queue's own schema per test run, dropped afterwards. */
const bossSchema = `pgboss_test_${randomBytes(4).toString('hex')}`;

describe.skipIf(!url)('PgBossJobs (PostgreSQL)', () => {
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${bossSchema} CASCADE`);
    await admin.end();
  });

  it('runs a one-off job at its instant, once per key while it waits', async () => {
    const clock = new ManualClock(TEST_NOW);
    const jobs = new PgBossJobs(url ?? '', quiet, () => clock.now(), {
      schema: bossSchema,
      pollingIntervalSeconds: 0.5,
    });
    const runs: { data: Record<string, unknown>; at: number }[] = [];
    jobs.handle('test-once', async (data) => {
      runs.push({ data, at: Date.now() });
    });
    await jobs.start();
    try {
      const sentAt = Date.now();
      // runAt is on the app's clock: 1.5 s after its now.
      await jobs.send('test-once', { n: 1 }, { runAt: TEST_NOW + 1500, key: 'k' });
      await jobs.send('test-once', { n: 2 }, { runAt: TEST_NOW + 1500, key: 'k' });
      await until(() => runs.length > 0);
      await wait(1500);
      expect(runs.map((r) => r.data)).toEqual([{ n: 1 }]);
      expect((runs[0]?.at ?? 0) - sentAt).toBeGreaterThanOrEqual(1000);
    } finally {
      await jobs.stop();
    }
  });

  it('two server processes on one database send each notification once', async () => {
    const endpoint = new TestPushEndpoint();
    await endpoint.start();
    const first = await createTestDatabase();
    // The second process: its own pool on the same schema.
    const second = await openDatabase({
      dialect: 'postgres',
      url: url ?? '',
      schema: first.connectionName ?? '',
      maxConnections: 4,
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'planner-jobs-'));
    const config: Config = {
      ...loadConfig({}),
      port: 0,
      dataDir,
      publicUrl: 'http://planner.test',
      rateLimits: {},
      webDist: join(dataDir, 'none'),
      testClock: true,
    };
    const clock = new ManualClock(TEST_NOW);
    const apps: FastifyInstance[] = [];
    const startApp = async (database: Database) => {
      const jobs = new PgBossJobs(url ?? '', quiet, () => clock.now(), {
        schema: bossSchema,
        pollingIntervalSeconds: 0.5,
      });
      const app = await buildApp({ config, database, clock, jobs, logStream: { write: () => {} } });
      apps.push(app);
      return app;
    };
    // The user and their data come through an app with in-process jobs, closed before the two
    // processes start, so that their passes start together at the due time.
    const setup = await buildApp({
      config,
      database: first,
      clock,
      logStream: { write: () => {} },
    });
    try {
      const app = setup;
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const anonymous = createClient({
        baseUrl: `http://127.0.0.1:${port}/api`,
        getToken: () => undefined,
        timezone: 'UTC',
        retryPolicy: () => ({ retries: 0, delayMs: 0 }),
      });
      const { authToken } = await anonymous.call('CreateUser', {
        email: `jobs-${randomBytes(3).toString('hex')}@example.com`,
        password: 'correct horse battery staple 42',
        options: { locale: 'en' },
      });
      const client = createClient({
        baseUrl: `http://127.0.0.1:${port}/api`,
        getToken: () => authToken,
        timezone: 'UTC',
        retryPolicy: () => ({ retries: 0, delayMs: 0 }),
      });
      const sub = endpoint.subscription();
      await client.call('RegisterDevice', { fcmDeviceToken: sub.token, deviceType: 'web' });
      await client.call('CreateReminder', {
        reminder: { title: 'Once', start: TEST_NOW + HOUR, allDay: false },
      });
      clock.set(TEST_NOW + HOUR - 5_000);
      await setup.close();
      // Both processes start their pass (each offers a run at start and every 30 s).
      await startApp(first);
      await startApp(second);
      await Promise.all(apps.map((a) => a.ready()));
      await until(() => sub.received().length > 0);
      await wait(2500);
      expect(sub.received().map((p) => p.payload.title)).toEqual(['Once']);
    } finally {
      await setup.close();
      for (const app of apps) await app.close();
      await second.close();
      await first.close();
      await endpoint.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
