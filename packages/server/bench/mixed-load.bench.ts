/**
 * docs/design.md, Performance budgets: a mixed API load over HTTP on this machine, above 2,000 calls/s with p99 under
 * 50 ms. The server runs in a child process; this process sets up users through the client,
 * then drives the load with autocannon (keep-alive connections, a fixed number of calls in
 * flight, request bodies encoded beforehand so the generator costs little). Many users, each
 * with a few tasks and a daily event: mostly GetTimelineState polls and GetTimeline reloads,
 * some edits and controls. The CPU time of both processes is printed per call, with the load
 * average: the machine is shared, and wall-clock numbers follow its load.
 *
 * BENCH_ONLY=GetTimeline (a method of the mix) drives that method alone, BENCH_EACH=1 each method
 * of the mix alone after the mix (server CPU per call of each); BENCH_CPU_PROF=dir writes the
 * server's CPU profile there.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DAY_MS, HOUR_MS } from '@planner/core';
import {
  APP_VERSION,
  ContentType,
  encodeMessage,
  findMethod,
  Header,
  type InputInit,
  type MethodName,
  type PlainInitOf,
} from '@planner/protocol';
import { createClient } from '@planner/protocol/client';
import { BENCH_NOW, seededRandom } from './seed';

export const USERS = 100;
const CONNECTIONS = 32;
const DURATION_S = 10;
const WARMUP_S = 2;
const VARIANTS = 4;

export interface LoadUser {
  token: string;
  tasks: string[];
  categoryId: string;
}

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * The server as production runs it: bundled by the server's own build (scripts/build.mjs), not
 * compiled on the fly by tsx, which names every function it makes (esbuild's keepNames): that
 * cost the load server 5 to 11 % of its CPU per call (GetTimelineState alone). Answers the built file's path.
 */
function buildForNode(script: string): string {
  const name = basename(script, '.ts');
  execFileSync(process.execPath, ['scripts/build.mjs', `bench/${name}.ts`, 'dist-bench'], {
    cwd: serverDir,
    stdio: 'inherit',
  });
  return join(serverDir, 'dist-bench', `${name}.js`);
}

async function startServer(
  env: NodeJS.ProcessEnv,
  script = './load-server.ts',
): Promise<{ child: ChildProcess; port: number }> {
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, buildForNode(script)], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const parsed = JSON.parse(line) as { port: number };
    return { child, port: parsed.port };
  }
  throw new Error('the load server did not start');
}

export async function makeUser(baseUrl: string, n: number): Promise<LoadUser> {
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
  return { token: authToken, tasks, categoryId };
}

function body<M extends MethodName>(method: M, input: InputInit<M>): Buffer {
  const desc = findMethod(method);
  if (!desc) throw new Error(`Unknown method ${method}`);
  return Buffer.from(encodeMessage(desc.input, input as PlainInitOf<typeof desc.input>, 'binary'));
}

/** A few bodies of one method for one user (variant v of VARIANTS). */
type Bodies = (user: LoadUser, v: number) => Buffer;

/** The mix: what an open agenda does (poll, reload) and what a person does (edit, control). */
export const MIX: [number, MethodName, Bodies][] = [
  [40, 'GetTimelineState', () => Buffer.alloc(0)],
  [
    20,
    'GetTimeline',
    () =>
      body('GetTimeline', { start: BENCH_NOW - DAY_MS, end: BENCH_NOW + 7 * DAY_MS, version: 4 }),
  ],
  [6, 'GetTasks', () => body('GetTasks', { status: 'todo' })],
  [
    14,
    'PutTask',
    (u, v) =>
      body('PutTask', {
        task: { id: u.tasks[(v * 3) % u.tasks.length], title: `Edited ${v}` },
        fields: ['title'],
      }),
  ],
  [5, 'Next', () => Buffer.alloc(0)],
  [5, 'Pause', () => Buffer.alloc(0)],
  [5, 'SetTimelineState', (_u, v) => body('SetTimelineState', { autoExtend: v % 2 === 0 })],
  [
    5,
    'CreateEvent',
    (u, v) =>
      body('CreateEvent', {
        event: {
          title: `Call ${v}`,
          start: BENCH_NOW + (v + 1) * DAY_MS,
          end: BENCH_NOW + (v + 1) * DAY_MS + HOUR_MS,
          category: { id: u.categoryId },
        },
      }),
  ],
];

interface Prepared {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Every request the generator may send, grouped by method, built before the clock starts. */
export function prepareRequests(
  users: LoadUser[],
  mix: typeof MIX,
): { weight: number; requests: Prepared[] }[] {
  return mix.map(([weight, method, bodies]) => ({
    weight,
    requests: users.flatMap((user) =>
      Array.from({ length: VARIANTS }, (_, v) => ({
        path: `/api/${method}`,
        headers: {
          [Header.authorization]: `Bearer ${user.token}`,
          'content-type': ContentType.binary,
          [Header.timezone]: 'UTC',
          [Header.appVersion]: APP_VERSION,
        },
        body: bodies(user, v),
      })),
    ),
  }));
}

/** CPU seconds a process has used so far (Linux /proc; 0 elsewhere). */
function processCpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by every PostgreSQL process on this machine (Linux /proc): the
 * database shares the machine's two cores. Other work on the same server counts too.
 */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += processCpuSeconds(Number(pid));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** BENCH_KEYS=1: every change (not the reads) carries its own idempotency key, as the web sends. */
const KEYED = Boolean(process.env.BENCH_KEYS);

export function drive(port: number, groups: ReturnType<typeof prepareRequests>, seconds: number) {
  const random = seededRandom(11);
  const total = groups.reduce((sum, g) => sum + g.weight, 0);
  let sequence = 0;
  const next = (): Prepared => {
    let roll = random() * total;
    for (const group of groups) {
      roll -= group.weight;
      if (roll < 0) return group.requests[Math.floor(random() * group.requests.length)] as Prepared;
    }
    return groups[0]?.requests[0] as Prepared;
  };
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const chosen = next();
          sequence += 1;
          const key =
            KEYED && !chosen.path.startsWith('/api/Get')
              ? {
                  [Header.idempotencyKey]: `load-key-${process.pid}-${String(sequence).padStart(8, '0')}`,
                }
              : {};
          return {
            ...request,
            method: 'POST',
            path: chosen.path,
            headers: { ...chosen.headers, [Header.requestId]: `load-${sequence}`, ...key },
            body: chosen.body,
          };
        },
      },
    ],
  });
}

async function measure(
  child: ChildProcess,
  port: number,
  users: LoadUser[],
  label: string,
  only: string | undefined,
  seconds = DURATION_S,
): Promise<LoadResult> {
  const skip = process.env.BENCH_SKIP?.split(',') ?? [];
  const mix = MIX.filter(([, m]) => (only ? m === only : !skip.includes(m)));
  const groups = prepareRequests(users, mix);
  await drive(port, groups, WARMUP_S);
  const postgres = label === 'PostgreSQL';
  const cpuStart = {
    server: processCpuSeconds(child.pid),
    client: ownCpuSeconds(),
    database: postgres ? postgresCpuSeconds() : 0,
  };
  const result = await drive(port, groups, seconds);
  const calls = result.requests.total;
  const serverCpu = processCpuSeconds(child.pid) - cpuStart.server;
  const clientCpu = ownCpuSeconds() - cpuStart.client;
  const databaseCpu = postgres ? postgresCpuSeconds() - cpuStart.database : 0;
  const rate = calls / result.duration;
  const { p50, p99 } = result.latency;
  const failed = result.errors + result.non2xx;
  const ok = rate > 2000 && p99 < 50 && failed === 0;
  console.log(
    `Mixed load on ${label}${only ? ` (${only} only)` : ''}: ${USERS} users, ${CONNECTIONS} calls in flight, ` +
      `${Math.round(rate)} calls/s, p50 ${p50} ms, p99 ${p99} ms, ${failed} failed ` +
      `(budget > 2000 calls/s and p99 < 50 ms: ${ok ? 'ok' : 'OVER'}); ` +
      `server CPU ${((1000 * serverCpu) / calls).toFixed(3)} ms per call, load generator ` +
      `${((1000 * clientCpu) / calls).toFixed(3)} ms per call` +
      (postgres ? `, PostgreSQL ${((1000 * databaseCpu) / calls).toFixed(3)} ms per call` : '') +
      `; load average ${loadavg()[0]?.toFixed(1)}`,
  );
  return { rate, p99, cpuPerCall: (1000 * serverCpu) / calls };
}

/** Calls per second, their p99 (ms) and the server's CPU per call (ms). */
export interface LoadResult {
  rate: number;
  p99: number;
  cpuPerCall: number;
}

/**
 * The yardstick (baseline-server.ts: Fastify and better-sqlite3 reading one row per call),
 * driven as the mixed load is: 32 calls in flight, keep-alive, bodies made beforehand.
 */
export async function benchBaseline(): Promise<LoadResult> {
  const { child, port } = await startServer(process.env, './baseline-server.ts');
  try {
    const random = seededRandom(5);
    const requests = Array.from({ length: 1000 }, () => ({
      method: 'POST' as const,
      path: '/read',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 1 + Math.floor(random() * 10_000) }),
    }));
    let sequence = 0;
    const run = (seconds: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          { setupRequest: (request) => ({ ...request, ...requests[(sequence += 1) % 1000] }) },
        ],
      });
    await run(WARMUP_S);
    const cpuStart = processCpuSeconds(child.pid);
    const result = await run(DURATION_S);
    const calls = result.requests.total;
    const cpuPerCall = (1000 * (processCpuSeconds(child.pid) - cpuStart)) / calls;
    const rate = calls / result.duration;
    console.log(
      `Yardstick (Fastify + better-sqlite3, one primary-key read per call): ${Math.round(rate)} ` +
        `calls/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `${result.errors + result.non2xx} failed; server CPU ${cpuPerCall.toFixed(3)} ms per call; ` +
        `load average ${loadavg()[0]?.toFixed(1)}`,
    );
    return { rate, p99: result.latency.p99, cpuPerCall };
  } finally {
    child.kill('SIGTERM');
  }
}

/** The mixed load beside the yardstick measured in the same run. */
export function printRatios(label: string, load: LoadResult, yardstick: LoadResult): void {
  console.log(
    `Mixed load on ${label} against the yardstick: ${(load.rate / yardstick.rate).toFixed(2)}x ` +
      `its calls/s, ${(load.cpuPerCall / yardstick.cpuPerCall).toFixed(1)}x its server CPU per call`,
  );
}

export async function benchMixedLoad(label: string, env: NodeJS.ProcessEnv): Promise<LoadResult> {
  const { child, port } = await startServer(env);
  try {
    const baseUrl = `http://127.0.0.1:${port}/api`;
    const users: LoadUser[] = [];
    for (let i = 0; i < USERS; i += 4) {
      users.push(...(await Promise.all([0, 1, 2, 3].map((k) => makeUser(baseUrl, i + k)))));
    }
    const only = process.env.BENCH_ONLY;
    const result = await measure(child, port, users, label, only);
    if (process.env.BENCH_EACH)
      for (const [, method] of MIX) await measure(child, port, users, label, method, 3);
    return result;
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const yardstick = await benchBaseline();
  printRatios('SQLite', await benchMixedLoad('SQLite', env), yardstick);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url)
    printRatios(
      'PostgreSQL',
      await benchMixedLoad('PostgreSQL', { ...env, DATABASE_URL: url }),
      yardstick,
    );
}
