/**
 * docs/analysis.md, Speed: GetTimeStatistics over a year of a heavy user's history on the
 * embedded database, p50 under 50 ms at the server. The heavy user of the timeline benchmark (500
 * tasks, 50 events of which 40 recur) with a year of tracked days: every day eight task blocks of
 * 30 to 90 minutes and a night's rest (about 2,900 task blocks), plus the events' instances.
 * Real HTTP on localhost, binary protobuf, one call at a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addLocalDays,
  fromWallClock,
  HOUR_MS,
  MINUTE_MS,
  startOfLocalDay,
  toWallClock,
} from '@planner/core';
import { createClient } from '@planner/protocol/client';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { insertBlock } from '../src/plan-store/timeline-repository';
import { BENCH_NOW, HEAVY, percentile, seededRandom, seedUser } from './seed';

const RUNS = 60;
const BUDGET_P50_MS = 50;
const ZONE = 'Europe/Berlin';
const DAYS = 366;

export async function benchGetTimeStatistics(): Promise<{ p50: number; p95: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'planner-bench-'));
  const database = await openDatabase({ dialect: 'sqlite', file: join(dataDir, 'planner.db') });
  await migrateToLatest(database);
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      dataDir,
      logLevel: 'error',
      rateLimits: {},
      webDist: join(dataDir, 'none'),
    },
    database,
    clock: new ManualClock(BENCH_NOW),
  });
  const serverTimes = new Map<string, number[]>();
  let label = '';
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.endsWith('/GetTimeStatistics') || !label) return;
    serverTimes.set(label, [...(serverTimes.get(label) ?? []), reply.elapsedTime]);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const { authToken } = await createClient({ baseUrl, timezone: ZONE }).call('CreateUser', {
    email: 'analyst@example.com',
    password: 'correct horse battery staple 42',
  });
  const client = createClient({ baseUrl, getToken: () => authToken, timezone: ZONE });
  const userId = (await client.call('GetUserProfile')).user?.id ?? '';
  await seedUser(database.db, userId, BENCH_NOW, HEAVY);
  const random = seededRandom(11);
  const today = startOfLocalDay(BENCH_NOW, ZONE);
  let blocks = 0;
  await database.db.transaction().execute(async (tx) => {
    for (let d = DAYS; d >= 1; d -= 1) {
      const day = addLocalDays(today, -d, ZONE);
      await insertBlock(tx, userId, {
        id: `rest-${d}`,
        taskId: null,
        eventId: null,
        start: day,
        end: day + 7 * HOUR_MS,
        isFixed: false,
        isRest: true,
        createdAt: day,
        updatedAt: day,
      });
      let at = day + 8 * HOUR_MS;
      for (let i = 0; i < 8; i += 1) {
        const length = (30 + Math.floor(random() * 61)) * MINUTE_MS;
        await insertBlock(tx, userId, {
          id: `block-${d}-${i}`,
          taskId: `task-${Math.floor(random() * HEAVY.tasks)}`,
          eventId: null,
          start: at,
          end: at + length,
          isFixed: false,
          isRest: false,
          createdAt: at,
          updatedAt: at + length,
        });
        blocks += 1;
        at += length + 15 * MINUTE_MS;
      }
    }
  });
  const wall = toWallClock(BENCH_NOW, ZONE);
  const yearStart = fromWallClock({ year: wall.year, month: 1, day: 1 }, ZONE);
  const cases: { name: string; points: { start: number; end: number }[] }[] = [
    // The year list's first page: this year and last year.
    {
      name: 'year list page (2 years)',
      points: [
        { start: yearStart, end: fromWallClock({ year: wall.year + 1, month: 1, day: 1 }, ZONE) },
        { start: fromWallClock({ year: wall.year - 1, month: 1, day: 1 }, ZONE), end: yearStart },
      ],
    },
    // A custom range of the last 365 days, one point.
    {
      name: 'last 365 days (custom)',
      points: [{ start: addLocalDays(today, -365, ZONE), end: today }],
    },
    // The month list's first page.
    {
      name: 'month list page (10 months)',
      points: Array.from({ length: 10 }, (_, i) => ({
        start: fromWallClock({ year: wall.year, month: wall.month - i, day: 1 }, ZONE),
        end: fromWallClock({ year: wall.year, month: wall.month - i + 1, day: 1 }, ZONE),
      })),
    },
    // The day list's first page.
    {
      name: 'day list page (15 days)',
      points: Array.from({ length: 15 }, (_, i) => ({
        start: addLocalDays(today, -i, ZONE),
        end: addLocalDays(today, 1 - i, ZONE),
      })),
    },
  ];
  const results: Record<string, { p50: number; p95: number }> = {};
  for (const c of cases) {
    for (let i = 0; i < 5; i += 1) await client.call('GetTimeStatistics', { points: c.points });
    label = c.name;
    let sum = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const answer = await client.call('GetTimeStatistics', { points: c.points });
      sum = answer.points[0]?.sum ?? 0;
    }
    label = '';
    const times = [...(serverTimes.get(c.name) ?? [])].sort((a, b) => a - b);
    const result = { p50: percentile(times, 50), p95: percentile(times, 95) };
    results[c.name] = result;
    console.log(
      `GetTimeStatistics, heavy user with a year of history (${blocks} task blocks), ${c.name}, SQLite: ` +
        `first point ${(sum / HOUR_MS).toFixed(1)} h, server p50 ${result.p50.toFixed(2)} ms, ` +
        `p95 ${result.p95.toFixed(2)} ms (budget p50 < ${BUDGET_P50_MS} ms: ` +
        `${result.p50 < BUDGET_P50_MS ? 'ok' : 'OVER'}; load average ${loadavg()[0]?.toFixed(1)})`,
    );
  }
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  const year = results['year list page (2 years)'] ?? { p50: 0, p95: 0 };
  return year;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGetTimeStatistics();
