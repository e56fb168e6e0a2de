import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '@planner/core';
import { startTestServer, type TestServer } from '../testing/test-server';
import { expectRpcError, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency';

let server: TestServer;
let ada: Planner;
let bob: Planner;

beforeAll(async () => {
  server = await startTestServer();
  [ada, bob] = await Promise.all([
    signUpPlanner(server, { premiumLevel: 2 }),
    signUpPlanner(server, { premiumLevel: 2 }),
  ]);
});
afterAll(() => server.close());

/** PutTask creating `title` for `user`, sent with `key`. */
function createTask(user: Planner, title: string, key: string) {
  return user.client.call(
    'PutTask',
    { task: { title, category: { id: user.categoryId }, timeScheduled: HOUR_MS, deadline: -1 } },
    { idempotencyKey: key },
  );
}

async function titles(user: Planner): Promise<string[]> {
  const { tasks } = await user.client.call('GetTasks', { status: 'all' });
  return tasks.map((task) => task.title);
}

describe('calls sent with an idempotency key', () => {
  it('creates a task once however often the same creation is sent, answering the same task', async () => {
    const key = randomUUID();
    const first = await createTask(ada, 'Write the report', key);
    const again = await createTask(ada, 'Write the report', key);
    expect(again.task?.id).toBe(first.task?.id);
    expect(again.task?.title).toBe('Write the report');
    expect((await titles(ada)).filter((t) => t === 'Write the report')).toHaveLength(1);
  });

  it('applies a change sent twice at the same moment once', async () => {
    const key = randomUUID();
    const answers = await Promise.all([
      createTask(ada, 'Call the bank', key),
      createTask(ada, 'Call the bank', key),
    ]);
    expect(answers[1].task?.id).toBe(answers[0].task?.id);
    expect((await titles(ada)).filter((t) => t === 'Call the bank')).toHaveLength(1);
  });

  it('answers a repeated delete as it answered the first, instead of "not found"', async () => {
    const created = await createTask(ada, 'Throw away', randomUUID());
    const key = randomUUID();
    const task = { id: created.task?.id ?? '' };
    const remove = () => ada.client.call('DeleteTaskV2', { task }, { idempotencyKey: key });
    await remove();
    await expect(remove()).resolves.toBeDefined();
    await expectRpcError(ada.client.call('DeleteTaskV2', { task }), 404);
  });

  it('lets a failed call be sent again with its key, and refuses the key for another method', async () => {
    const key = randomUUID();
    await expectRpcError(
      ada.client.call(
        'PutTask',
        { task: { id: randomUUID(), title: 'Gone' }, fields: ['title'] },
        { idempotencyKey: key },
      ),
      404,
    );
    const created = await createTask(ada, 'Second try', key);
    expect(created.task?.title).toBe('Second try');
    await expectRpcError(
      ada.client.call(
        'DeleteTaskV2',
        { task: { id: created.task?.id ?? '' } },
        { idempotencyKey: key },
      ),
      400,
      'The idempotency key was used for PutTask, not DeleteTaskV2',
    );
    expect(await titles(ada)).toContain('Second try');
  });

  it("keeps each person's keys apart", async () => {
    const key = randomUUID();
    const mine = await createTask(ada, 'Same key, Ada', key);
    const theirs = await createTask(bob, 'Same key, Bob', key);
    expect(theirs.task?.id).not.toBe(mine.task?.id);
    expect(await titles(bob)).toContain('Same key, Bob');
    expect(await titles(bob)).not.toContain('Same key, Ada');
  });

  it('forgets a key after 24 hours', async () => {
    const key = randomUUID();
    const first = await createTask(bob, 'Daily', key);
    server.clock.advance(IDEMPOTENCY_WINDOW_MS + 1);
    const later = await createTask(bob, 'Daily', key);
    expect(later.task?.id).not.toBe(first.task?.id);
    const stored = await server.database.db
      .selectFrom('idempotent_calls')
      .select('created_at')
      .where('user_id', '=', bob.userId)
      .execute();
    expect(stored.every((row) => row.created_at > server.clock.now() - IDEMPOTENCY_WINDOW_MS)).toBe(
      true,
    );
  });

  it('refuses a malformed key, and a key on Chain', async () => {
    const bearer = { authorization: `Bearer ${ada.token}` };
    const short = await server.postJson(
      'GetTasks',
      { status: 'all' },
      { ...bearer, 'idempotency-key': 'short' },
    );
    expect(short.status).toBe(400);
    const chained = await server.postJson(
      'Chain',
      { steps: [] },
      { ...bearer, 'idempotency-key': randomUUID() },
    );
    expect(chained.status).toBe(400);
  });
});
