import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ManualClock } from '../clock';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { Readiness } from './readiness';

const TEST_NOW = Date.UTC(2026, 0, 5, 9, 0);
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(
  overrides: Partial<Config> = {},
  database?: Database,
): Promise<{ url: string; readiness: Readiness; app: FastifyInstance; database: Database }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'planner-health-'));
  const db = database ?? (await createTestDatabase());
  const readiness = new Readiness();
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      dataDir,
      rateLimits: {},
      webDist: join(dataDir, 'none'),
      ...overrides,
    },
    database: db,
    clock: new ManualClock(TEST_NOW),
    readiness,
    logStream: { write: () => undefined },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  cleanups.push(async () => {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { url: `http://127.0.0.1:${port}`, readiness, app, database: db };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('/healthz and /readyz', () => {
  it('are alive and ready once migrated; a draining node is alive, not ready, and closes connections', async () => {
    const { url, readiness } = await start();
    expect(await get(`${url}/healthz`)).toMatchObject({ status: 200, text: '{"status":"alive"}' });
    const ready = await get(`${url}/readyz`);
    expect(ready).toMatchObject({ status: 200, text: '{"status":"ready"}' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.headers.get('connection')).not.toBe('close');

    readiness.startDraining();
    const draining = await get(`${url}/readyz`);
    expect(draining.status).toBe(503);
    expect(JSON.parse(draining.text)).toEqual({ status: 'not ready', reason: 'draining' });
    expect(draining.headers.get('connection')).toBe('close');
    // Calls are still answered while the balancer moves away, each on a connection that ends.
    const meta = await fetch(`${url}/api/Meta`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(meta.status).toBe(200);
    expect(meta.headers.get('connection')).toBe('close');
    expect((await get(`${url}/healthz`)).status).toBe(200);
  });

  it('is not ready when the database does not answer, and says so without its error', async () => {
    const { url, database } = await start();
    await database.db.destroy();
    const answer = await get(`${url}/readyz`);
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toEqual({
      status: 'not ready',
      reason: 'database unreachable',
    });
    expect((await get(`${url}/healthz`)).status).toBe(200);
  });

  it('is not ready while this code has migrations the database has not run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'planner-unmigrated-'));
    const database = await openDatabase({ dialect: 'sqlite', file: join(dir, 'planner.db') });
    cleanups.push(async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    });
    expect(await new Readiness().check(database.db)).toBe('migrations pending');
  });
});

describe('/metrics', () => {
  it('is off unless a token is configured', async () => {
    const { url } = await start();
    expect((await get(`${url}/metrics`)).status).toBe(404);
  });

  it('answers Prometheus text to the token only: calls per method, streams, jobs, pool', async () => {
    const { url, database } = await start({ metricsToken: 'scrape-token-0123456789' });
    expect((await get(`${url}/metrics`)).status).toBe(401);
    expect((await get(`${url}/metrics`, { authorization: 'Bearer wrong' })).status).toBe(401);
    for (let i = 0; i < 3; i += 1) {
      await fetch(`${url}/api/Meta`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    }
    await fetch(`${url}/api/NoSuchMethod`, { method: 'POST', body: '{}' });
    const scraped = await get(`${url}/metrics`, {
      authorization: 'Bearer scrape-token-0123456789',
    });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    const text = scraped.text;
    expect(text).toContain('planner_http_requests_total{method="Meta",status="200"} 3');
    expect(text).toContain('planner_http_request_duration_seconds_count{method="Meta"} 3');
    // A client's method name never becomes a label of its own.
    expect(text).toContain('method="unknown method"');
    expect(text).not.toContain('NoSuchMethod');
    expect(text).toMatch(/^planner_live_streams 0$/m);
    expect(text).toMatch(/^planner_job_queue_depth \d+$/m);
    expect(text).toContain('planner_process_cpu_seconds_total');
    if (database.dialect === 'postgres') {
      expect(text).toMatch(/^planner_db_pool_connections\{state="total"\} [1-9]/m);
    }
  });
});

describe('readiness under load', () => {
  it('takes a pool with every connection at work for a database that answers', async () => {
    const database = await createTestDatabase({ maxConnections: 2 });
    cleanups.push(() => database.close());
    const pool = database.pgPool;
    if (!pool) return; // SQLite has no pool: one connection, checked directly above.
    const readiness = new Readiness();
    // Checked once at start, as a balancer does before sending anything.
    expect(await readiness.check(database.db, pool)).toBeUndefined();
    // Both connections held (as by long calls): a probe would wait behind them.
    const held = await Promise.all([pool.connect(), pool.connect()]);
    try {
      const started = performance.now();
      expect(await readiness.check(database.db, pool)).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      for (const client of held) client.release();
    }
  });
});
