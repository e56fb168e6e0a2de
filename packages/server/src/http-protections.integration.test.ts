import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from './realtime/stream-reader';
import { CONTENT_SECURITY_POLICY } from './security-headers';
import { startTestServer, type TestServer } from './testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { requestTimeoutMs: 500 } });
});
afterAll(() => server.close());

function expectProtected(headers: Headers): void {
  expect(headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

describe('browser protections', () => {
  it('are on every answer: a call, an error, a page, the live stream', async () => {
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    const user = await server.signUp();
    const call = await server.postJson(
      'GetUserProfile',
      {},
      { authorization: `Bearer ${user.token}` },
    );
    expect(call.status).toBe(200);
    expectProtected(call.headers);
    expectProtected((await server.postJson('GetUserProfile', {})).headers);
    expectProtected((await fetch(`${server.url}/agenda`)).headers);
    const stream = await openStream(server.url, user.token);
    expectProtected(stream.response.headers);
    await stream.close();
  });
});

/** Sends a request's head, then its body one byte every 100 ms; answers what came back. */
function trickle(url: string, giveUpMs = 5000): Promise<{ answer: string; ms: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(
        'POST /api/GetUserProfile HTTP/1.1\r\nHost: x\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      );
      timer = setInterval(() => socket.write(' '), 100);
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const done = () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    };
    socket.on('close', done);
    socket.on('error', done);
    // Gives up (the server never cut it off).
    setTimeout(() => socket.destroy(), giveUpMs).unref();
  });
}

describe('a request body that trickles in', () => {
  it('is cut off with 408 once the request timeout passes', async () => {
    const { answer, ms } = await trickle(server.url);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(2500);
  });
});

describe('the request timeout', () => {
  let timed: TestServer;
  const LIMIT_MS = 1500;
  beforeAll(async () => {
    timed = await startTestServer({ config: { requestTimeoutMs: LIMIT_MS } });
  });
  afterAll(() => timed.close());

  it('cuts a slow request soon after its limit, not up to a checking interval later', async () => {
    // Three requests a third of the limit apart: whatever the phase of Node's check, one of
    // them would wait most of an interval as long as the limit itself past its time.
    const cuts = await Promise.all(
      [0, LIMIT_MS / 3, (2 * LIMIT_MS) / 3].map(async (offset) => {
        await new Promise((resolve) => setTimeout(resolve, offset));
        return trickle(timed.url, 3 * LIMIT_MS);
      }),
    );
    for (const { answer, ms } of cuts) {
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeGreaterThanOrEqual(LIMIT_MS - 50);
      expect(ms).toBeLessThan(LIMIT_MS + 450);
    }
  });
});
