import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * SIGTERM while keep-alive clients keep calling, on SQLite (whose calls hold the event loop, so
 * requests wait unread in their sockets): every request the server accepted is answered; a
 * client may find the door closed (refused) but never a connection reset under its request.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
let dataDir: string;
let child: ChildProcess;
let baseUrl: string;
let output = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'planner-shutdown-load-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'none'),
      RATE_LIMITS: 'off',
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

type Outcome = 'answered' | 'refused' | 'reset';

function call(agent: Agent, path: string, token: string, body: string): Promise<Outcome> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve('answered'));
        response.on('error', () => resolve('reset'));
      },
    );
    // Refused: the door was closed, or the connection never got past the listener's backlog
    // (reset while connecting): the request was never sent. Reset: sent, and no answer came.
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' || error.syscall === 'connect' ? 'refused' : 'reset'),
    );
    outgoing.end(body);
  });
}

describe('SIGTERM under load (SQLite)', () => {
  it('answers every request it accepted: none is reset', async () => {
    const signUp = await fetch(`${baseUrl}/api/CreateUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'load@example.com', password: 'correct horse battery 9' }),
    });
    const { authToken } = (await signUp.json()) as { authToken: string };
    const agent = new Agent({ keepAlive: true, maxSockets: 24 });
    const outcomes: Outcome[] = [];
    let stop = false;
    const week = JSON.stringify({ start: Date.now(), end: Date.now() + 7 * 86_400_000 });
    const loops = Array.from({ length: 24 }, async (_, i) => {
      while (!stop) {
        const outcome = await (i % 2 === 0
          ? call(agent, '/api/GetTimeline', authToken, week)
          : call(agent, '/api/GetTimelineState', authToken, '{}'));
        outcomes.push(outcome);
        if (outcome === 'refused') return;
      }
    });
    // Under load for a while, then SIGTERM; the loops end when the door is closed.
    while (outcomes.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    stop = true;
    await Promise.all(loops);
    agent.destroy();
    const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
    expect({ reset: count('reset'), answeredSome: count('answered') > 300 }).toEqual({
      reset: 0,
      answeredSome: true,
    });
  }, 30_000);
});
