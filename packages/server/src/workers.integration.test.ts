import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type StreamReader } from './realtime/stream-reader';

const url = process.env.DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const STREAMS = 6;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function until(condition: () => boolean, what: () => string, ms = 15_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > ms) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `npm start`'s compiled server with WORKERS=2 on its own fresh database (LISTEN/NOTIFY is per
 * database, so other tests' messages stay out).
 */
describe.skipIf(!url)('WORKERS=2 on PostgreSQL (the compiled server)', () => {
  const database = `planner_workers_${randomBytes(6).toString('hex')}`;
  let dataDir: string;
  let child: ChildProcess;
  let baseUrl: string;
  let output = '';
  const streams: StreamReader[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir });
    await admin((client) => client.query(`CREATE DATABASE ${database}`));
    const databaseUrl = new URL(url ?? '');
    databaseUrl.pathname = `/${database}`;
    dataDir = mkdtempSync(join(tmpdir(), 'planner-workers-'));
    child = spawn(process.execPath, ['dist/main.js'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl.href,
        WORKERS: '2',
        PORT: '0',
        RATE_LIMITS: 'off',
        DATA_DIR: dataDir,
        WEB_DIST: join(dataDir, 'none'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(
      () => /serving (http:\S+)/.test(output),
      () => `the server did not start: ${output}`,
    );
    baseUrl = /serving (http:\S+)/.exec(output)?.[1] ?? '';
  }, 40_000);

  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }, 20_000);

  const call = async (method: string, body: object, token?: string) => {
    const response = await fetch(`${baseUrl}/api/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };

  it('starts two worker processes besides the primary', async () => {
    expect(output).toContain('2 worker processes');
    // Each worker writes its own log line, which may come after the primary's.
    await until(
      () => [...output.matchAll(/Server listening/g)].length === 2,
      () => `two workers did not log: ${output}`,
    );
    const workerPids = new Set(
      [...output.matchAll(/"pid":(\d+)[^\n]*Server listening/g)].map((m) => m[1]),
    );
    expect(workerPids.size).toBe(2);
    expect(workerPids.has(String(child.pid))).toBe(false);
  });

  it('pushes a change to every open stream of the user, whichever process serves it', async () => {
    const { authToken } = await call('CreateUser', {
      email: 'workers@example.com',
      password: 'correct horse battery 9',
    });
    const token = String(authToken);
    for (let i = 0; i < STREAMS; i += 1) streams.push(await openStream(baseUrl, token));
    for (const stream of streams) expect(await stream.waitFor(1)).toEqual(['ready']);

    await call('SetTimelineState', { autoExtend: false }, token);
    for (const stream of streams) {
      expect(await stream.waitFor(2)).toEqual(['ready', 'timelineStateUpdated']);
    }

    // The streams were spread over both workers: stopping one ends some of them, not all.
    const workerPid = Number(/"pid":(\d+)[^\n]*Server listening/.exec(output)?.[1]);
    process.kill(workerPid, 'SIGTERM');
    await until(
      () => output.includes(`worker ${workerPid} ended`),
      () => `the primary did not see the worker end: ${output}`,
    );
    const ended = await Promise.all(streams.map((stream) => stream.ended(500)));
    expect(ended.filter(Boolean).length).toBeGreaterThan(0);
    expect(ended.filter(Boolean).length).toBeLessThan(STREAMS);
    // The primary starts a new worker in its place, which serves and pushes too.
    await until(
      () => [...output.matchAll(/Server listening/g)].length === 3,
      () => `no replacement worker: ${output}`,
    );
    const fresh = await Promise.all([1, 2, 3].map(() => openStream(baseUrl, token)));
    streams.push(...fresh);
    await call('SetTimelineState', { autoExtend: true }, token);
    for (const stream of fresh) {
      expect(await stream.waitFor(2)).toEqual(['ready', 'timelineStateUpdated']);
    }
  }, 30_000);

  it('stops every worker on SIGTERM and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect([...output.matchAll(/"msg":"stopped"/g)].length).toBeGreaterThanOrEqual(3);
  }, 20_000);
});
