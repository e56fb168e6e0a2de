/**
 * The server under load, in its own process (the load generator runs in another): a fresh
 * database (SQLite in a temp folder, or a fresh PostgreSQL schema when DATABASE_URL is set),
 * the real app on a free port. Prints {"port": n} once listening.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { createTestDatabase } from '../src/db/test-database';
import { createRealtimeHub } from '../src/realtime/realtime-hub';
import { BENCH_NOW } from './seed';

const dataDir = mkdtempSync(join(tmpdir(), 'planner-load-'));
const database = await createTestDatabase();
const realtime = await createRealtimeHub(process.env.DATABASE_URL);
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
  realtime,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

const stop = async () => {
  await app.close();
  await realtime.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
