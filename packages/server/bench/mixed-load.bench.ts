/**
 * DESIGN 7: a mixed API load over HTTP on this machine, above 2,000 calls/s with p99 under
 * 50 ms. The server runs in a child process; this process is the load generator (keep-alive
 * connections, binary protobuf, a fixed number of calls in flight). Many users, each with a few
 * tasks and events; two calls in three read, one writes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { DAY_MS, HOUR_MS } from '@planner/core';
import { createClient, type Client } from '@planner/protocol/client';
import { BENCH_NOW, percentile, seededRandom } from './seed';

const USERS = 100;
const IN_FLIGHT = 32;
const DURATION_MS = 10_000;
const WARMUP_MS = 2_000;

interface LoadUser {
  client: Client;
  tasks: string[];
  categoryId: string;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', new URL('./load-server.ts', import.meta.url).pathname],
    {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const parsed = JSON.parse(line) as { port: number };
    return { child, port: parsed.port };
  }
  throw new Error('the load server did not start');
}

async function makeUser(baseUrl: string, n: number): Promise<LoadUser> {
  const anonymous = createClient({ baseUrl, timezone: 'UTC' });
  const { authToken } = await anonymous.call('CreateUser', {
    email: `load${n}@example.com`,
    password: 'correct horse battery staple 42',
  });
  const client = createClient({ baseUrl, getToken: () => authToken, timezone: 'UTC' });
  const { categories } = await client.call('GetCategories');
  const categoryId = categories[0]?.id ?? '';
  const tasks: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    const { task } = await client.call('PutTask', {
      task: {
        title: `Task ${i}`,
        category: { id: categoryId },
        timeScheduled: (1 + (i % 3)) * HOUR_MS,
      },
    });
    tasks.push(task?.id ?? '');
  }
  await client.call('CreateEvent', {
    event: {
      title: 'Standup',
      start: BENCH_NOW + HOUR_MS,
      end: BENCH_NOW + HOUR_MS + 15 * 60_000,
      category: { id: categoryId },
      recurrenceRule: { freq: 'DAILY', interval: 1 },
    },
  });
  return { client, tasks, categoryId };
}

type Operation = (user: LoadUser, random: () => number) => Promise<unknown>;

/** The mix: what an open agenda does (poll, reload) and what a person does (edit, control). */
const MIX: [number, string, Operation][] = [
  [40, 'GetTimelineState', (u) => u.client.call('GetTimelineState')],
  [
    20,
    'GetTimeline',
    (u) =>
      u.client.call('GetTimeline', {
        start: BENCH_NOW - DAY_MS,
        end: BENCH_NOW + 7 * DAY_MS,
        version: 4,
      }),
  ],
  [7, 'GetTasks', (u) => u.client.call('GetTasks', { status: 'todo' })],
  [
    15,
    'PutTask',
    (u, r) =>
      u.client.call('PutTask', {
        task: { id: u.tasks[Math.floor(r() * u.tasks.length)], title: `Edited ${r()}` },
        fields: ['title'],
      }),
  ],
  [6, 'Next', (u) => u.client.call('Next')],
  [6, 'Pause', (u) => u.client.call('Pause')],
  [6, 'SetTimelineState', (u, r) => u.client.call('SetTimelineState', { autoExtend: r() < 0.5 })],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [w]) => sum + w, 0);

function pick(random: () => number): [string, Operation] {
  let roll = random() * TOTAL_WEIGHT;
  for (const [weight, name, op] of MIX) {
    roll -= weight;
    if (roll < 0) return [name, op];
  }
  const last = MIX[MIX.length - 1];
  if (!last) throw new Error('empty mix');
  return [last[1], last[2]];
}

export async function benchMixedLoad(
  label: string,
  env: NodeJS.ProcessEnv,
): Promise<{ rate: number; p99: number }> {
  const { child, port } = await startServer(env);
  try {
    const baseUrl = `http://127.0.0.1:${port}/api`;
    const users: LoadUser[] = [];
    for (let i = 0; i < USERS; i += 4) {
      users.push(...(await Promise.all([0, 1, 2, 3].map((k) => makeUser(baseUrl, i + k)))));
    }
    const random = seededRandom(11);
    const latencies: number[] = [];
    let errors = 0;
    let measuring = false;
    const started = performance.now();
    let measureStart = 0;
    const worker = async () => {
      while (performance.now() - started < WARMUP_MS + DURATION_MS) {
        if (!measuring && performance.now() - started >= WARMUP_MS) {
          measuring = true;
          measureStart = performance.now();
        }
        const user = users[Math.floor(random() * users.length)];
        if (!user) continue;
        const [, op] = pick(random);
        const t0 = performance.now();
        try {
          await op(user, random);
        } catch {
          errors += 1;
        }
        if (measuring) latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = (performance.now() - measureStart) / 1000;
    latencies.sort((a, b) => a - b);
    const rate = latencies.length / seconds;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `Mixed load on ${label}: ${USERS} users, ${IN_FLIGHT} calls in flight, ${Math.round(rate)} calls/s, ` +
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${errors} errors ` +
        `(budget > 2000 calls/s and p99 < 50 ms: ${rate > 2000 && p99 < 50 ? 'ok' : 'OVER'})`,
    );
    return { rate, p99 };
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  await benchMixedLoad('SQLite', env);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) await benchMixedLoad('PostgreSQL', { ...env, DATABASE_URL: url });
}
