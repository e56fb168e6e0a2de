import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';

const url = process.env.DATABASE_URL;

/** An outside connection, as an operator or a restarting database would act. */
async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Ends every connection of the server's pool, as a database restart does. */
function terminateServerConnections(name: string): Promise<number> {
  return admin(async (client) => {
    const { rowCount } = await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
      [name],
    );
    return rowCount ?? 0;
  });
}

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await check()); waited += 25) {
    if (waited > 5000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Once the pool has dropped every idle connection whose socket told it PostgreSQL closed it. */
function idleConnectionsDropped(server: TestServer): Promise<void> {
  return waitUntil(() => Promise.resolve((server.database.pgPool?.idleCount ?? 0) === 0));
}

describe.runIf(url)('a database restart (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('keeps serving after its idle connections are terminated', async () => {
    const user = await server.signUp();
    await Promise.all([1, 2, 3].map(() => user.client.call('GetTimelineState')));
    expect(await terminateServerConnections(server.database.connectionName ?? '')).toBeGreaterThan(
      0,
    );
    // The terminations reach the idle clients as 'error' events, which used to end the process;
    // the pool drops each one as its event comes.
    await idleConnectionsDropped(server);

    const profile = await user.client.call('GetUserProfile');
    expect(profile.user?.email).toBe(user.email);
  });

  it('answers 503 to a call in flight when its connection goes, then serves the next', async () => {
    const user = await server.signUp();
    const name = server.database.connectionName ?? '';
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      // Holds the sessions table so that the call is waiting inside the database.
      await blocker.query('BEGIN');
      await blocker.query(`LOCK TABLE ${name}.sessions IN ACCESS EXCLUSIVE MODE`);
      const inFlight = server.postJson(
        'GetUserProfile',
        {},
        {
          authorization: `Bearer ${user.token}`,
        },
      );
      await waitUntil(() =>
        admin(async (client) => {
          const { rows } = await client.query(
            "SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
            [name],
          );
          return rows.length > 0;
        }),
      );
      await terminateServerConnections(name);
      const answer = await inFlight;
      expect(answer.status).toBe(503);
      expect(answer.headers.get('error-code')).toBe('503');
      expect(answer.headers.get('retry-after')).toBe('1');
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
    // The next call: once the pool has dropped its idle connections that PostgreSQL closed. They
    // learn it from their sockets, a moment after the terminations; a call handed one before
    // that answers 503 too, as any call caught by a restart does.
    await idleConnectionsDropped(server);
    const profile = await user.client.call('GetUserProfile');
    expect(profile.user?.email).toBe(user.email);
    expect(server.logs.join('\n')).toContain('database unavailable');
  });

  it('keeps answering 200 or 503, never hanging, while connections are terminated under load', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => server.signUp()));
    const name = server.database.connectionName ?? '';
    const statuses = new Map<number, number>();
    let stop = false;
    const callers = users.flatMap((user) =>
      ['GetTimelineState', 'GetUserProfile'].map(async (method) => {
        const authorization = `Bearer ${user.token}`;
        while (!stop) {
          const { status } = await server.postJson(method, {}, { authorization });
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    for (let round = 0; round < 10; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100 + round * 7));
      await terminateServerConnections(name);
    }
    stop = true;
    await Promise.all(callers);
    expect([...statuses.keys()].sort()).toEqual([200, 503].filter((s) => statuses.has(s)));
    expect(statuses.get(200)).toBeGreaterThan(0);
    const profile = await users[0]?.client.call('GetUserProfile');
    expect(profile?.user?.email).toBe(users[0]?.email);
  });
});
