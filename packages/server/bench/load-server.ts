/**
 * The server under load, in its own process (the load generator runs in another): a fresh
 * database (SQLite in a temp folder, or a fresh PostgreSQL schema when DATABASE_URL is set),
 * the real app on a free port. Prints {"port": n} once listening. With BENCH_PER_METHOD=1 it
 * prints on exit the CPU time each method spent inside its transaction.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { createTestDatabase } from '../src/db/test-database';
import { createRealtimeHub } from '../src/realtime/realtime-hub';
import type { MethodDefinition } from '../src/rpc/define-method';
import { RpcRuntime } from '../src/rpc/rpc-runtime';
import { BENCH_NOW } from './seed';

const dataDir = mkdtempSync(join(tmpdir(), 'planner-load-'));
// PostgreSQL with the pool size of a real server (openDatabase's default), not the tests' 4.
const database = await createTestDatabase({ maxConnections: 10 });
const realtime = await createRealtimeHub(process.env.DATABASE_URL);
const app = await buildApp({
  config: {
    ...loadConfig({}),
    dataDir,
    logLevel: process.env.BENCH_LOG_LEVEL === 'info' ? 'info' : 'error',
    rateLimits: {},
    webDist: join(dataDir, 'none'),
  },
  database,
  clock: new ManualClock(BENCH_NOW),
  realtime,
  // BENCH_LOG_LEVEL=info: production's request lines, written where they cost only their making.
  ...(process.env.BENCH_LOG_LEVEL === 'info' ? { logStream: createWriteStream('/dev/null') } : {}),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

const perMethod = new Map<string, { calls: number; cpu: number }>();
if (process.env.BENCH_PER_METHOD) {
  // Measured inside the call's transaction: on SQLite no other call's database work runs then
  // (they wait for the connection), so the figure is the call's own work plus whatever transport
  // work of other calls fits between its awaits. A ranking, not a budget.
  type Run = (
    this: RpcRuntime,
    trx: unknown,
    definition: MethodDefinition,
    ...rest: unknown[]
  ) => Promise<unknown>;
  const prototype = RpcRuntime.prototype as unknown as { runInTransaction: Run };
  const run = prototype.runInTransaction;
  prototype.runInTransaction = async function (this: RpcRuntime, trx, definition, ...rest) {
    const started = process.cpuUsage();
    try {
      return await run.call(this, trx, definition, ...rest);
    } finally {
      const used = process.cpuUsage(started);
      const entry = perMethod.get(definition.method.name) ?? { calls: 0, cpu: 0 };
      entry.calls += 1;
      entry.cpu += used.user + used.system;
      perMethod.set(definition.method.name, entry);
    }
  };
}

// BENCH_SQL=1: on exit, the time SQLite spent in each statement (by SQL text), the dearest first.
const sqlTimes = new Map<string, { runs: number; ms: number }>();
if (process.env.BENCH_SQL) {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const probe = new BetterSqlite3(':memory:');
  const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    'all' | 'run',
    (this: { source: string }, ...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['all', 'run'] as const) {
    const original = statementPrototype[method];
    statementPrototype[method] = function (this: { source: string }, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const entry = sqlTimes.get(this.source) ?? { runs: 0, ms: 0 };
        entry.runs += 1;
        entry.ms += performance.now() - started;
        sqlTimes.set(this.source, entry);
      }
    };
  }
}

const stop = async () => {
  const dearest = [...sqlTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
  for (const [text, { runs, ms }] of dearest) {
    const each = ((1000 * ms) / runs).toFixed(1);
    console.error(
      `  ${ms.toFixed(0).padStart(6)} ms ${String(runs).padStart(7)}x ${each.padStart(6)} µs  ${text.replace(/\s+/g, ' ').slice(0, 100)}`,
    );
  }
  for (const [name, { calls, cpu }] of perMethod) {
    const ms = (cpu / calls / 1000).toFixed(3);
    console.error(
      `  ${name.padEnd(18)} ${String(calls).padStart(7)} calls, ${ms} ms CPU in the runtime`,
    );
  }
  await app.close();
  await realtime.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
