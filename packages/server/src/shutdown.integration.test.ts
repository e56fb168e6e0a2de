import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from './realtime/stream-reader';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
let dataDir: string;
let child: ChildProcess;
let baseUrl: string;
let output = '';

/** The real server process (`npm run start:source`'s command) on a free port, on SQLite. */
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'planner-shutdown-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    // SQLite: main.ts would migrate the shared PostgreSQL database's own schema.
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'none'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; !/serving (http:\S+)/.test(output); waited += 50) {
    if (waited > 15_000) throw new Error(`the server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  baseUrl = /serving (http:\S+)/.exec(output)?.[1] ?? '';
}, 20_000);
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a call whose body is sent only when `finish` is called: a call in flight. */
function callInFlight(method: string, body: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  let answer = '';
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
  socket.write(
    `POST /api/${method} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
  );
  return { answered, finish: () => socket.write(body) };
}

describe('SIGTERM', () => {
  it('finishes the call in flight, ends the live streams, closes everything and exits 0', async () => {
    const signUp = await fetch(`${baseUrl}/api/CreateUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stop@example.com', password: 'correct horse battery 9' }),
    });
    const { authToken } = (await signUp.json()) as { authToken: string };
    const stream = await openStream(baseUrl, authToken);
    expect(await stream.waitFor(1)).toEqual(['ready']);
    const call = callInFlight('CreateSession', JSON.stringify({ email: 'x@example.com' }));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const started = Date.now();
    child.kill('SIGTERM');
    expect(await stream.ended()).toBe(true);
    call.finish();
    // A clear refusal of the call's input, not a cut connection: it ran to its end.
    expect(await call.answered).toMatch(/^HTTP\/1\.1 400/);
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(output).toContain('stopped');
  }, 20_000);
});
