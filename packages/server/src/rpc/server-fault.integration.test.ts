import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a server fault', () => {
  it('answers 500 with the request id and no stack, and logs it without secrets', async () => {
    const user = await server.signUp();
    // Break storage under the running server: the next sign-in cannot write its session. (The
    // devices table refers to sessions: it goes first, or PostgreSQL refuses the drop.)
    await server.database.db.schema.dropTable('devices').execute();
    await server.database.db.schema.dropTable('sessions').execute();

    const answer = await server.postJson(
      'CreateSession',
      { email: user.email, password: user.password },
      { 'request-id': 'fault-1', authorization: 'Bearer secret-token-value' },
    );
    expect(answer.status).toBe(500);
    expect(answer.headers.get('error-code')).toBe('500');
    expect(answer.body).toEqual({
      code: 500,
      message: 'Internal server error (request id fault-1)',
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/sessions|at .*\.ts/);

    const fault = server.logs.find((line) => line.includes('server fault'));
    expect(fault).toBeDefined();
    expect(fault).toContain('fault-1');
    expect(fault).toContain('[redacted]');
    const everything = server.logs.join('\n');
    expect(everything).not.toContain(user.password);
    expect(everything).not.toContain('secret-token-value');
  });
});
