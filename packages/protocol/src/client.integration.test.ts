/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions, type NetworkFailure } from './client';
import { decodeMessage, encodeMessage } from './codec';
import { ErrorCode, NetworkError, RpcError } from './errors';
import { AuthResponseSchema, CreateUserRequestSchema } from './gen/planner/v1/accounts_pb';
import {
  ChainRequestSchema,
  ChainResponseSchema,
  ErrorResponseSchema,
} from './gen/planner/v1/rpc_pb';
import {
  GetTimeStatisticsRequestSchema,
  GetTimeStatisticsResponseSchema,
} from './gen/planner/v1/statistics_pb';
import { packAny } from './chain';
import { ContentType } from './headers';

/** A real HTTP server whose next answers the test scripts. */
type Script = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let script: Script[] = [];
let seen: { url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];

const dropConnection: Script = (req) => req.socket.destroy();
const answer =
  (
    status: number,
    body: Uint8Array = new Uint8Array(),
    headers: Record<string, string> = {},
  ): Script =>
  (_req, _body, res) => {
    res.writeHead(status, { 'content-type': ContentType.binary, ...headers });
    res.end(body);
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const next = script.shift() ?? answer(500);
      next(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  script = [];
  seen = [];
});

function client(extra: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl,
    getToken: () => 'tok-1',
    timezone: 'Asia/Kolkata',
    retryPolicy: () => ({ retries: 3, delayMs: 1 }),
    ...extra,
  });
}

const authBody = encodeMessage(AuthResponseSchema, { authToken: 'abc' }, 'binary');

describe('client', () => {
  it('sends binary protobuf with the spec headers and decodes the answer', async () => {
    script = [answer(200, authBody)];
    const result = await client().call('CreateUser', { email: 'a@b.co', password: 'pw' });
    expect(result.authToken).toBe('abc');
    const request = seen[0];
    if (!request) throw new Error('no request reached the server');
    expect(request.url).toBe('/api/CreateUser');
    expect(request.headers['content-type']).toBe(ContentType.binary);
    expect(request.headers.authorization).toBe('Bearer tok-1');
    expect(request.headers.timezone).toBe('Asia/Kolkata');
    expect(request.headers['app-version']).toBe('1.3.143');
    expect(request.headers['request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const sent = decodeMessage(CreateUserRequestSchema, new Uint8Array(request.body), 'binary');
    expect(sent).toMatchObject({ email: 'a@b.co', password: 'pw' });
  });

  it('reads 204 as the empty answer', async () => {
    script = [answer(204)];
    await expect(client().call('UpdateUser', { name: 'Ada' })).resolves.toEqual({});
  });

  it('raises an application error as a typed RpcError', async () => {
    const body = encodeMessage(
      ErrorResponseSchema,
      { code: 16, message: 'Session is invalid' },
      'binary',
    );
    script = [answer(401, body, { 'error-code': '16', 'error-message': 'Session is invalid' })];
    const error = await client()
      .call('GetUserProfile')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({
      code: ErrorCode.SessionInvalid,
      message: 'Session is invalid',
      method: 'GetUserProfile',
    });
    expect(seen).toHaveLength(1);
  });

  it('retries network failures, then succeeds, reporting each failure', async () => {
    script = [dropConnection, dropConnection, answer(200, authBody)];
    const failures: NetworkFailure[] = [];
    let successes = 0;
    const c = client({ onNetworkFailure: (f) => failures.push(f), onSuccess: () => successes++ });
    await expect(c.call('CreateSession', { email: 'a@b.co' })).resolves.toEqual({
      authToken: 'abc',
    });
    expect(failures.map((f) => [f.attempt, f.willRetry])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(successes).toBe(1);
    const ids = new Set(seen.map((s) => s.headers['request-id']));
    expect(ids.size).toBe(1);
  });

  it('sends the idempotency key with every attempt of a call, and none without one', async () => {
    script = [dropConnection, answer(200, authBody), answer(200, authBody)];
    const c = client();
    await c.call('CreateSession', {}, { idempotencyKey: 'key-0123456789abcdef' });
    await c.call('CreateSession');
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual([
      'key-0123456789abcdef',
      'key-0123456789abcdef',
      undefined,
    ]);
  });

  it('gives up after the retries with a NetworkError', async () => {
    script = [
      dropConnection,
      dropConnection,
      dropConnection,
      dropConnection,
      answer(200, authBody),
    ];
    const error = await client()
      .call('CreateSession')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ attempts: 4, message: 'Service is temporarily unavailable.' });
  });

  it('does not retry when the call says retry: false', async () => {
    script = [dropConnection, answer(200, authBody)];
    const failures: NetworkFailure[] = [];
    const c = client({ onNetworkFailure: (f) => failures.push(f) });
    await expect(
      c.call('CreateSession', {}, { retry: false, showLoading: false }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(failures).toMatchObject([
      { attempt: 1, willRetry: false, retry: false, showLoading: false },
    ]);
  });

  it('treats a proxy error without error-code as a network failure', async () => {
    script = [answer(502), answer(200, authBody)];
    await expect(client().call('CreateSession')).resolves.toEqual({ authToken: 'abc' });
  });

  it('uses the spec retry policy by default, waiting between attempts', async () => {
    script = [dropConnection, answer(200, encodeMessage(AuthResponseSchema, {}, 'binary'))];
    const waits: number[] = [];
    const c = createClient({ baseUrl, sleep: async (ms) => void waits.push(ms) });
    await c.call('GetUserProfile');
    script = [dropConnection, answer(200, authBody)];
    await c.call('CreateSession');
    expect(waits).toEqual([2000, 1000]);
  });

  it('omits authorization without a token', async () => {
    script = [answer(200, authBody)];
    await createClient({ baseUrl }).call('CreateSession');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('loads the general codec for the shapes the direct one does not take (maps)', async () => {
    const point = {
      start: 1,
      end: 2,
      categories: { c1: 60_000 },
      tasks: {},
      events: {},
      sum: 60_000,
    };
    const body = encodeMessage(GetTimeStatisticsResponseSchema, { points: [point] }, 'binary');
    script = [answer(200, body)];
    const input = { points: [{ start: 1, end: 2 }], taskId: 't1' };
    await expect(client().call('GetTimeStatistics', input)).resolves.toEqual({ points: [point] });
    const sent = new Uint8Array(seen[0]?.body ?? []);
    expect(decodeMessage(GetTimeStatisticsRequestSchema, sent, 'binary')).toMatchObject(input);
  });

  it('runs a Chain and unpacks each answer with the type of its step', async () => {
    const responses = [packAny(AuthResponseSchema, { authToken: 'abc' })];
    const body = encodeMessage(ChainResponseSchema, { responses, errorIndex: -1 }, 'binary');
    script = [answer(200, body)];
    const [auth] = await client().chain([{ method: 'CreateSession', data: { email: 'a@b.co' } }]);
    expect(auth.authToken).toBe('abc');
    const sent = decodeMessage(ChainRequestSchema, new Uint8Array(seen[0]?.body ?? []), 'binary');
    expect(sent.steps[0]?.method).toBe('CreateSession');
  });
});
