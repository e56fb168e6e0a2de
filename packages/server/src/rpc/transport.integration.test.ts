import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateUserRequestSchema,
  decodeMessage,
  encodeMessage,
  ErrorResponseSchema,
  GetUserProfileResponseSchema,
  RpcError,
  UpdateUserRequestSchema,
} from '@planner/protocol';
import {
  startTestServer,
  STRONG_PASSWORD,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';

let server: TestServer;
let user: SignedUpUser;
const bearer = () => ({ authorization: `Bearer ${user.token}` });

beforeAll(async () => {
  const webDist = join(tmpdir(), `planner-web-${process.pid}`);
  mkdirSync(webDist, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Planner</title>');
  server = await startTestServer({ config: { webDist, testClock: true } });
  user = await server.signUp();
});
afterAll(() => server.close());

describe('bodies', () => {
  it('speaks binary protobuf', async () => {
    const body = encodeMessage(UpdateUserRequestSchema, { name: 'Binary' }, 'binary');
    const update = await server.post('UpdateUser', body, bearer());
    expect(update.status).toBe(204);
    const profile = await server.post('GetUserProfile', new Uint8Array(), bearer());
    expect(profile.status).toBe(200);
    expect(profile.headers.get('content-type')).toBe('application/x-protobuf');
    const decoded = decodeMessage(
      GetUserProfileResponseSchema,
      new Uint8Array(await profile.arrayBuffer()),
      'binary',
    );
    expect(decoded.user?.name).toBe('Binary');
  });

  it('speaks the protobuf JSON mapping', async () => {
    const update = await server.postJson('UpdateUser', { name: 'Json' }, bearer());
    expect(update.status).toBe(204);
    const profile = await server.postJson('GetUserProfile', {}, bearer());
    expect(profile.headers.get('content-type')).toMatch(/^application\/json/);
    expect(profile.body).toMatchObject({
      user: { name: 'Json', email: user.email, premiumLevel: 0 },
    });
  });

  it('answers an unknown JSON field with 400 naming it', async () => {
    const answer = await server.postJson('CreateUser', { email: 'x@y.co', pasword: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/field "pasword": unknown field/);
    expect(answer.headers.get('error-message')).toMatch(/pasword/);
  });

  it('answers a wrong type with 400 naming the field, never coercing', async () => {
    const answer = await server.postJson('CreateUser', {
      email: 'x@y.co',
      options: { autoExtend: 'yes' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/field "autoExtend": expected boolean/);
  });

  it('answers malformed JSON and malformed protobuf with 400 saying what is wrong', async () => {
    const json = await server.post('CreateUser', '{"email": ', {
      'content-type': 'application/json',
    });
    expect(json.status).toBe(400);
    expect(json.headers.get('error-message')).toMatch(/^malformed JSON body/);
    const binary = await server.post('CreateUser', new Uint8Array([0x0a, 0xff, 0x01]));
    expect(binary.status).toBe(400);
    const error = decodeMessage(
      ErrorResponseSchema,
      new Uint8Array(await binary.arrayBuffer()),
      'binary',
    );
    expect(error).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^malformed protobuf body/),
    });
  });

  it('refuses an unsupported content type', async () => {
    const answer = await server.post('Meta', 'hello', { 'content-type': 'text/plain' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('error-message')).toMatch(/Unsupported content type/);
  });

  it('answers a body over the limit with 413', async () => {
    const big = JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) });
    const answer = await server.post('CreateUser', big, { 'content-type': 'application/json' });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('error-code')).toBe('413');
    expect(await answer.json()).toMatchObject({ code: 413 });
  });

  it('answers an unknown method with 404', async () => {
    const answer = await server.postJson('MakeCoffee', {});
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 404, message: 'Unknown method MakeCoffee' });
    const get = await fetch(`${server.url}/api/Meta`);
    expect(get.status).toBe(404);
    expect(get.headers.get('error-code')).toBe('404');
  });
});

describe('request ids', () => {
  it('echoes the caller request id, and makes one up when absent', async () => {
    const echoed = await server.postJson('Meta', {}, { 'request-id': 'abc-123' });
    expect(echoed.headers.get('request-id')).toBe('abc-123');
    const made = await server.postJson('Meta', {});
    expect(made.headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const error = await server.postJson('MakeCoffee', {}, { 'request-id': 'err-1' });
    expect(error.headers.get('request-id')).toBe('err-1');
  });
});

describe('Chain', () => {
  it('runs every step in one transaction and answers typed responses', async () => {
    const [update, profile] = await user.client.chain([
      { method: 'UpdateUser', data: { name: 'Chained' } },
      { method: 'GetUserProfile' },
    ]);
    expect(update).toEqual({});
    expect(profile.user?.name).toBe('Chained');
  });

  it('rolls back the steps before a failed one and answers its errorIndex', async () => {
    const answer = await server.postJson(
      'Chain',
      {
        steps: [
          { method: 'UpdateUser', data: { name: 'Rolled back' } },
          { method: 'CreateUser', data: { email: 'chain@example.com', password: 'weak' } },
          { method: 'UpdateUser', data: { name: 'Never run' } },
        ],
      },
      bearer(),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      errorIndex: 1,
      error: { code: 400, message: 'invalid.passwordTooWeak' },
    });
    const profile = await user.client.call('GetUserProfile');
    expect(profile.user?.name).toBe('Chained');
  });

  it('raises the failed step as an RpcError in the client', async () => {
    const error = await user.client
      .chain([
        { method: 'UpdateUser', data: { name: 'Rolled back' } },
        { method: 'CreateUser', data: { email: user.email, password: STRONG_PASSWORD } },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: 409, method: 'CreateUser' });
    expect((await user.client.call('GetUserProfile')).user?.name).toBe('Chained');
  });

  it('checks each step: unknown method, wrong data type, session', async () => {
    const unknown = await server.postJson('Chain', { steps: [{ method: 'Nope' }] });
    expect(unknown.body).toMatchObject({ errorIndex: 0, error: { code: 404 } });
    const wrongType = await server.post(
      'Chain',
      JSON.stringify({
        steps: [
          {
            method: 'UpdateUser',
            data: { '@type': 'type.googleapis.com/planner.v1.CreateUserRequest' },
          },
        ],
      }),
      { 'content-type': 'application/json' },
    );
    expect(await wrongType.json()).toMatchObject({ errorIndex: 0, error: { code: 400 } });
    const noSession = await server.postJson('Chain', { steps: [{ method: 'GetUserProfile' }] });
    expect(noSession.body).toMatchObject({ errorIndex: 0, error: { code: 16 } });
  });
});

describe('web app and test clock', () => {
  it('serves index.html for app routes, never for /api', async () => {
    const page = await fetch(`${server.url}/agenda/day/1767603600000`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Planner</title>');
  });

  it('lets tests set and advance the clock when PLANNER_TEST_CLOCK is on', async () => {
    const set = await fetch(`${server.url}/api/_test/SetClock`, {
      method: 'POST',
      body: JSON.stringify({ now: 1000 }),
    });
    expect(await set.json()).toEqual({ now: 1000 });
    const advanced = await fetch(`${server.url}/api/_test/AdvanceClock`, {
      method: 'POST',
      body: JSON.stringify({ ms: 500 }),
    });
    expect(await advanced.json()).toEqual({ now: 1500 });
    expect(server.clock.now()).toBe(1500);
  });

  it('has no clock control by default', async () => {
    const plain = await startTestServer();
    const answer = await fetch(`${plain.url}/api/_test/SetClock`, {
      method: 'POST',
      body: '{"now":1}',
    });
    expect(answer.status).toBe(404);
    await plain.close();
  });
});

describe('encoding answers', () => {
  it('encodes errors in the request format', async () => {
    const body = encodeMessage(
      CreateUserRequestSchema,
      { email: 'bad', password: STRONG_PASSWORD },
      'binary',
    );
    const answer = await server.post('CreateUser', body);
    expect(answer.headers.get('content-type')).toBe('application/x-protobuf');
    const error = decodeMessage(
      ErrorResponseSchema,
      new Uint8Array(await answer.arrayBuffer()),
      'binary',
    );
    expect(error).toEqual({ code: 400, message: 'invalid.enterEmail' });
  });
});
