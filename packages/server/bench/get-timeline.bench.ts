/**
 * docs/design.md, Performance budgets: GetTimeline for a three-week window of a heavy user on the embedded database,
 * p50 under 10 ms at the server. Real HTTP on localhost with keep-alive, binary protobuf.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DAY_MS } from '@planner/core';
import { createClient } from '@planner/protocol/client';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { BENCH_NOW, HEAVY, percentile, seedUser } from './seed';

const RUNS = 200;
const BUDGET_P50_MS = 10;
/** The longest window GetTimeline answers (docs/input-bounds.md). */
const MAX_WINDOW_DAYS = 92;
const ONE_CALL_BUDGET_MS = 200;

interface Samples {
  server: number[];
  cpu: number[];
}

/** Warms up, then times `runs` calls: server time and CPU (from the hooks), and round trips. */
async function measureWindow(
  call: () => Promise<{ blockContainers: unknown[] }>,
  runs: number,
  samples: Samples,
): Promise<{ server: number[]; cpu: number[]; roundTrips: number[]; blocks: number }> {
  const { blockContainers } = await call();
  for (let i = 0; i < Math.min(20, runs); i += 1) await call();
  samples.server.length = 0;
  samples.cpu.length = 0;
  const roundTrips: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    roundTrips.push(performance.now() - started);
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return {
    server: sorted(samples.server),
    cpu: sorted(samples.cpu),
    roundTrips: sorted(roundTrips),
    blocks: blockContainers.length,
  };
}

export async function benchGetTimeline(): Promise<{ p50: number; p95: number; cpuP50: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'planner-bench-'));
  const database = await openDatabase({ dialect: 'sqlite', file: join(dataDir, 'planner.db') });
  await migrateToLatest(database);
  const clock = new ManualClock(BENCH_NOW);
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      dataDir,
      logLevel: 'error',
      rateLimits: {},
      webDist: join(dataDir, 'none'),
    },
    database,
    clock,
  });
  // Server time: from the request's arrival to the answer's last byte (the client's decoding
  // and the loopback are not the server's).
  // CPU time too: the machine is shared, and wall-clock grows with its load; one call at a time,
  // so the process's CPU between a request's arrival and its answer is the server's.
  const samples: Samples = { server: [], cpu: [] };
  const cpuAtStart = new WeakMap<object, NodeJS.CpuUsage>();
  app.addHook('onRequest', async (request) => {
    cpuAtStart.set(request, process.cpuUsage());
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.endsWith('/GetTimeline')) return;
    samples.server.push(reply.elapsedTime);
    const used = process.cpuUsage(cpuAtStart.get(request));
    samples.cpu.push((used.user + used.system) / 1000);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const anonymous = createClient({
    baseUrl: `http://127.0.0.1:${port}/api`,
    timezone: 'Europe/Berlin',
  });
  const { authToken } = await anonymous.call('CreateUser', {
    email: 'heavy@example.com',
    password: 'correct horse battery staple 42',
  });
  const client = createClient({
    baseUrl: `http://127.0.0.1:${port}/api`,
    getToken: () => authToken,
    timezone: 'Europe/Berlin',
  });
  const profile = await client.call('GetUserProfile');
  await seedUser(database.db, profile.user?.id ?? '', BENCH_NOW, HEAVY);
  // The week view's window: a week before the week start to two weeks after it.
  const week = { start: BENCH_NOW - 7 * DAY_MS, end: BENCH_NOW + 14 * DAY_MS, version: 4 };
  const weekTimes = await measureWindow(() => client.call('GetTimeline', week), RUNS, samples);
  const result = {
    p50: percentile(weekTimes.server, 50),
    p95: percentile(weekTimes.server, 95),
    cpuP50: percentile(weekTimes.cpu, 50),
  };
  console.log(
    `GetTimeline, heavy user (500 open tasks, 50 events / 40 recurring, premium), 3-week window, SQLite: ` +
      `${weekTimes.blocks} blocks, server p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms, ` +
      `CPU p50 ${result.cpuP50.toFixed(2)} ms; ` +
      `round trip with client decoding p50 ${percentile(weekTimes.roundTrips, 50).toFixed(2)} ms ` +
      `(budget p50 < ${BUDGET_P50_MS} ms: ${result.p50 < BUDGET_P50_MS ? 'ok' : 'OVER'}; load average ` +
      `${loadavg()[0]?.toFixed(1)})`,
  );
  // The longest window a call may ask (92 days ahead), which plans every open task: no single
  // call may use more than about 200 ms of the server (docs/input-bounds.md).
  const longest = { start: BENCH_NOW, end: BENCH_NOW + MAX_WINDOW_DAYS * DAY_MS, version: 4 };
  const longTimes = await measureWindow(() => client.call('GetTimeline', longest), 40, samples);
  const longCpuP95 = percentile(longTimes.cpu, 95);
  const longCpuMax = longTimes.cpu[longTimes.cpu.length - 1] ?? 0;
  console.log(
    `GetTimeline, heavy user, ${MAX_WINDOW_DAYS}-day window: ${longTimes.blocks} blocks, server p50 ` +
      `${percentile(longTimes.server, 50).toFixed(1)} ms, CPU p50 ${percentile(longTimes.cpu, 50).toFixed(1)} ms, ` +
      `p95 ${longCpuP95.toFixed(1)} ms, max ${longCpuMax.toFixed(1)} ms (budget p95 < ` +
      `${ONE_CALL_BUDGET_MS} ms of CPU: ${longCpuP95 < ONE_CALL_BUDGET_MS ? 'ok' : 'OVER'})`,
  );
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGetTimeline();
