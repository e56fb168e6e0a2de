/**
 * SQL statements per call on SQLite, round trips per call on PostgreSQL (BEGIN and COMMIT
 * included: statements sent together count once), method by method, for the calls of the
 * mixed load and a heavy user's GetTimeline; with the CPU the process used between a request's
 * arrival and its answer. The client runs in this process, and some of its work (reading the
 * answer) falls in that window: for the server's own CPU per call, see `BENCH_EACH=1` of the
 * mixed load. Not a budget: a diagnostic. `node --import tsx bench/per-method.ts`
 * (DATABASE_URL for PostgreSQL; ONLY=GetTimeline,heavy; RUNS, HEAVY_RUNS).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { Socket } from 'node:net';
import { join } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { DAY_MS, HOUR_MS } from '@planner/core';
import { createClient, type Client } from '@planner/protocol/client';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { createTestDatabase } from '../src/db/test-database';
import { BENCH_NOW, HEAVY, percentile, seedUser } from './seed';

const RUNS = Number(process.env.RUNS ?? 300);

let statements = 0;
// Counted per result: prepared queries (db/prepared.ts) are transformed once, run many times.
const counter: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    statements += 1;
    return args.result;
  },
};
// On PostgreSQL, round trips: the writes to the database's port in one turn of the event loop
// count once (the driver writes the statements issued together in one go, db/postgres-pool.ts;
// a deferred write goes with the next); BEGIN and COMMIT count.
let roundTrips = 0;
let inFlight = false;
const databasePort = Number(new URL(process.env.DATABASE_URL ?? 'postgres://x').port || 5432);
const write = Socket.prototype.write as (...args: unknown[]) => boolean;
Socket.prototype.write = function (this: Socket, ...args: unknown[]) {
  if (this.remotePort === databasePort && !inFlight) {
    roundTrips += 1;
    inFlight = true;
    setImmediate(() => {
      inFlight = false;
    });
  }
  return write.apply(this, args);
} as typeof Socket.prototype.write;

const dataDir = mkdtempSync(join(tmpdir(), 'planner-per-method-'));
const database = await createTestDatabase();
const app = await buildApp({
  config: {
    ...loadConfig({}),
    dataDir,
    logLevel: 'error',
    rateLimits: {},
    webDist: join(dataDir, 'none'),
  },
  database: { ...database, db: database.db.withPlugin(counter) },
  clock: new ManualClock(BENCH_NOW),
});
const onPostgres = database.dialect === 'postgres';
const counted = () => (onPostgres ? roundTrips : statements);
const unit = onPostgres ? 'round trips' : 'statements';
const samples = new Map<string, { cpu: number[]; queries: number[] }>();
const started = new WeakMap<object, { cpu: NodeJS.CpuUsage; queries: number }>();
app.addHook('onRequest', async (request) => {
  started.set(request, { cpu: process.cpuUsage(), queries: counted() });
});
app.addHook('onResponse', async (request) => {
  const start = started.get(request);
  if (!start) return;
  const used = process.cpuUsage(start.cpu);
  const name = request.url.split('/').at(-1) ?? '';
  const entry = samples.get(name) ?? { cpu: [], queries: [] };
  entry.cpu.push((used.user + used.system) / 1000);
  entry.queries.push(counted() - start.queries);
  samples.set(name, entry);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;

async function user(
  email: string,
): Promise<{ client: Client; userId: string; categoryId: string }> {
  const anonymous = createClient({ baseUrl, timezone: 'UTC' });
  const { authToken } = await anonymous.call('CreateUser', {
    email,
    password: 'correct horse battery staple 42',
  });
  const client = createClient({ baseUrl, getToken: () => authToken, timezone: 'UTC' });
  const profile = await client.call('GetUserProfile');
  const { categories } = await client.call('GetCategories');
  return { client, userId: profile.user?.id ?? '', categoryId: categories[0]?.id ?? '' };
}

const light = await user('light@example.com');
const tasks: string[] = [];
for (let i = 0; i < 8; i += 1) {
  const { task } = await light.client.call('PutTask', {
    task: {
      title: `Task ${i}`,
      category: { id: light.categoryId },
      timeScheduled: (1 + (i % 3)) * HOUR_MS,
    },
  });
  tasks.push(task?.id ?? '');
}
const heavy = await user('heavy@example.com');
await seedUser(database.db, heavy.userId, BENCH_NOW, HEAVY);

const c = light.client;
const calls: [string, () => Promise<unknown>][] = [
  ['GetTimelineState', () => c.call('GetTimelineState')],
  [
    'GetTimeline',
    () =>
      c.call('GetTimeline', { start: BENCH_NOW - DAY_MS, end: BENCH_NOW + 7 * DAY_MS, version: 4 }),
  ],
  ['GetTasks', () => c.call('GetTasks', { status: 'todo' })],
  [
    'PutTask',
    () =>
      c.call('PutTask', {
        task: { id: tasks[1], title: `Edited ${Math.random()}` },
        fields: ['title'],
      }),
  ],
  ['Next', () => c.call('Next')],
  ['Pause', () => c.call('Pause')],
  ['SetTimelineState', () => c.call('SetTimelineState', { autoExtend: Math.random() < 0.5 })],
  [
    'CreateEvent',
    () =>
      c.call('CreateEvent', {
        event: {
          title: 'Call',
          start: BENCH_NOW + 2 * DAY_MS,
          end: BENCH_NOW + 2 * DAY_MS + HOUR_MS,
          category: { id: light.categoryId },
        },
      }),
  ],
];
const heavyWindow = { start: BENCH_NOW - 7 * DAY_MS, end: BENCH_NOW + 14 * DAY_MS, version: 4 };
for (const [, call] of calls) for (let i = 0; i < 20; i += 1) await call();
for (let i = 0; i < 20; i += 1) await heavy.client.call('GetTimeline', heavyWindow);
samples.clear();
const only = process.env.ONLY;
for (const [name, call] of calls) {
  if (only && !only.split(',').includes(name)) continue;
  for (let i = 0; i < RUNS; i += 1) await call();
}
const heavySamples = { cpu: [] as number[], queries: [] as number[] };
const heavyRuns = only && !only.includes('heavy') ? 0 : Number(process.env.HEAVY_RUNS ?? 100);
for (let i = 0; i < heavyRuns; i += 1) {
  const before = samples.get('GetTimeline')?.cpu.length ?? 0;
  await heavy.client.call('GetTimeline', heavyWindow);
  const entry = samples.get('GetTimeline');
  heavySamples.cpu.push(...(entry?.cpu.splice(before) ?? []));
  heavySamples.queries.push(...(entry?.queries.splice(before) ?? []));
}
samples.set('GetTimeline (heavy, 3 weeks)', heavySamples);
console.log(
  `${database.dialect}, load average ${loadavg()[0]?.toFixed(1)}: server CPU per call (p50 / mean), ${unit} per call`,
);
for (const [name, { cpu, queries }] of samples) {
  const sorted = [...cpu].sort((a, b) => a - b);
  const mean = cpu.reduce((s, x) => s + x, 0) / cpu.length;
  console.log(
    `${name.padEnd(28)} ${percentile(sorted, 50).toFixed(3).padStart(7)} / ${mean.toFixed(3).padStart(7)} ms  ${(queries.reduce((s, x) => s + x, 0) / queries.length).toFixed(1).padStart(5)} ${unit}`,
  );
}
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
