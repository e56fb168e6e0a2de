/**
 * Diagnostic: time spent in each SQL statement (SQLite) during a heavy user's GetTimeline and
 * the light calls of the mixed load. `node --import tsx bench/sql-times.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { DAY_MS } from '@planner/core';
import { createClient } from '@planner/protocol/client';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Schema } from '../src/db/schema';
import { BENCH_NOW, HEAVY, LIGHT, seedUser } from './seed';

const dataDir = mkdtempSync(join(tmpdir(), 'planner-sql-'));
const file = join(dataDir, 'planner.db');
const setup = await openDatabase({ dialect: 'sqlite', file });
await migrateToLatest(setup);
await setup.close();

const times = new Map<string, { ms: number; n: number; rows: number }>();
const lastRun = new Map<string, () => void>();
const sqlite = new BetterSqlite3(file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
const cache = new Map<string, SqliteStatement>();
const timed: SqliteDatabase = {
  close: () => sqlite.close(),
  prepare(sql: string): SqliteStatement {
    const known = cache.get(sql);
    if (known) return known;
    const statement = sqlite.prepare(sql);
    const record = (ms: number, rows: number) => {
      const key = sql.slice(0, 150);
      const entry = times.get(key) ?? { ms: 0, n: 0, rows: 0 };
      entry.ms += ms;
      entry.n += 1;
      entry.rows += rows;
      times.set(key, entry);
    };
    const wrapped: SqliteStatement = {
      reader: statement.reader,
      all: (parameters) => {
        lastRun.set(sql.slice(0, 150), () => statement.all(parameters as unknown[]));
        const t0 = performance.now();
        const rows = statement.all(parameters as unknown[]);
        record(performance.now() - t0, rows.length);
        return rows;
      },
      run: (parameters) => {
        const t0 = performance.now();
        const result = statement.run(parameters as unknown[]);
        record(performance.now() - t0, 0);
        return result;
      },
      iterate: (parameters) => statement.iterate(parameters as unknown[]),
    };
    cache.set(sql, wrapped);
    return wrapped;
  },
};
const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: timed }) });
const app = await buildApp({
  config: {
    ...loadConfig({}),
    dataDir,
    logLevel: 'error',
    rateLimits: {},
    webDist: join(dataDir, 'none'),
  },
  database: { db, dialect: 'sqlite', close: () => db.destroy() },
  clock: new ManualClock(BENCH_NOW),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
const anonymous = createClient({ baseUrl, timezone: 'UTC' });
const { authToken } = await anonymous.call('CreateUser', {
  email: 'h@example.com',
  password: 'correct horse battery staple 42',
});
const client = createClient({ baseUrl, getToken: () => authToken, timezone: 'UTC' });
const profile = await client.call('GetUserProfile');
await seedUser(db, profile.user?.id ?? '', BENCH_NOW, process.env.SEED === 'light' ? LIGHT : HEAVY);
const window =
  process.env.SEED === 'light'
    ? { start: BENCH_NOW - DAY_MS, end: BENCH_NOW + 7 * DAY_MS, version: 4 }
    : { start: BENCH_NOW - 7 * DAY_MS, end: BENCH_NOW + 14 * DAY_MS, version: 4 };
const { tasks } = await client.call('GetTasks', { status: 'todo', limit: 1 });
const taskId = tasks[0]?.id ?? '';
// CALL=PutTask times a title edit instead of GetTimeline.
const call = () =>
  process.env.CALL === 'PutTask'
    ? client.call('PutTask', {
        task: { id: taskId, title: `T ${Math.random()}` },
        fields: ['title'],
      })
    : client.call('GetTimeline', window);
for (let i = 0; i < 10; i += 1) await call();
times.clear();
const RUNS = process.env.SEED === 'light' ? 1000 : 50;
for (let i = 0; i < RUNS; i += 1) await call();
let total = 0;
for (const [sql, { ms, n, rows }] of [...times].sort((a, b) => b[1].ms - a[1].ms)) {
  total += ms;
  console.log(
    `${(ms / RUNS).toFixed(3).padStart(7)} ms/call ${String(n / RUNS).padStart(4)}x ${String(Math.round(rows / n)).padStart(4)} rows  ${sql.replace(/\s+/g, ' ')}`,
  );
}
console.log(
  `total ${(total / RUNS).toFixed(2)} ms per ${process.env.CALL ?? 'GetTimeline'} in SQLite`,
);
console.log('each read again 2,000 times in a row (no GC or cache effects of the call):');
for (const [sql, run] of lastRun) {
  const t0 = performance.now();
  for (let i = 0; i < 2000; i += 1) run();
  console.log(
    `${((performance.now() - t0) / 2).toFixed(1).padStart(7)} µs  ${sql.replace(/\s+/g, ' ').slice(0, 110)}`,
  );
}
await app.close();
await db.destroy();
rmSync(dataDir, { recursive: true, force: true });
