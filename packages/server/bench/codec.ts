/**
 * Diagnostic: CPU time to encode (server) and decode (client) a heavy user's GetTimeline answer
 * in binary protobuf. The answer is fetched from a real server once and kept in /tmp.
 * `node --import tsx bench/codec.ts`.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetTimelineResponseSchema, encodeMessage, decodeMessage } from '@planner/protocol';
const file = join(tmpdir(), 'planner-heavy-timeline.bin');
if (!existsSync(file)) {
  const { DAY_MS } = await import('@planner/core');
  const { createClient } = await import('@planner/protocol/client');
  const { buildApp } = await import('../src/app');
  const { ManualClock } = await import('../src/clock');
  const { loadConfig } = await import('../src/config');
  const { createTestDatabase } = await import('../src/db/test-database');
  const { BENCH_NOW, HEAVY, seedUser } = await import('./seed');
  const dataDir = mkdtempSync(join(tmpdir(), 'c-'));
  const database = await createTestDatabase();
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
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/api`;
  const anon = createClient({ baseUrl, timezone: 'UTC' });
  const { authToken } = await anon.call('CreateUser', {
    email: 'h@e.com',
    password: 'correct horse battery staple 42',
  });
  const res = await fetch(`${baseUrl}/GetUserProfile`, {
    method: 'POST',
    headers: { authorization: authToken, 'content-type': 'application/json' },
    body: '{}',
  });
  const userId = ((await res.json()) as { user: { id: string } }).user.id;
  await seedUser(database.db, userId, BENCH_NOW, HEAVY);
  const body = encodeMessage(
    (await import('@planner/protocol')).GetTimelineRequestSchema,
    { start: BENCH_NOW - 7 * DAY_MS, end: BENCH_NOW + 14 * DAY_MS, version: 4 },
    'binary',
  );
  const r = await fetch(`${baseUrl}/GetTimeline`, {
    method: 'POST',
    headers: { authorization: authToken, 'content-type': 'application/x-protobuf' },
    body,
  });
  writeFileSync(file, Buffer.from(await r.arrayBuffer()));
  await app.close();
  await database.close();
}
const bytes = new Uint8Array(readFileSync(file));
const plain = decodeMessage(GetTimelineResponseSchema, bytes, 'binary');
// The server shares one task object among its blocks.
const tasks = new Map<string, unknown>();
for (const c of plain.blockContainers) {
  const t = c.timeblock?.task;
  if (t && c.timeblock) {
    if (!tasks.has(t.id)) tasks.set(t.id, t);
    c.timeblock.task = tasks.get(t.id) as typeof t;
  }
}
console.log(
  bytes.length,
  'bytes',
  plain.blockContainers.length,
  'containers',
  tasks.size,
  'tasks',
  plain.blockContainers.filter((c) => c.event).length,
  'events',
);
const N = Number(process.env.N ?? 300);
for (const [label, fn] of [
  ['encode', () => encodeMessage(GetTimelineResponseSchema, plain, 'binary')],
  ['decode', () => decodeMessage(GetTimelineResponseSchema, bytes, 'binary')],
] as const) {
  for (let i = 0; i < 50; i++) fn();
  const c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) fn();
  const u = process.cpuUsage(c0);
  console.log(label, ((u.user + u.system) / N / 1000).toFixed(3), 'ms cpu');
}
const again = encodeMessage(GetTimelineResponseSchema, plain, 'binary');
console.log('same bytes:', Buffer.compare(Buffer.from(again), Buffer.from(bytes)) === 0);
