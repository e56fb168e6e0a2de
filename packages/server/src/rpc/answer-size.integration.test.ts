import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_BOUNDS } from '@planner/core';
import { startTestServer, type TestServer } from '../testing/test-server';
import { expectRpcError, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { MAX_ANSWER_BYTES } from './chain-budget';

/**
 * One answer-size cap, counted in the format the answer is sent in, for single calls and for a
 * Chain's whole answer. Notes of U+0001 weigh one byte each in binary and six in JSON
 * (`\u0001`), so the same tasks fit in binary and not in JSON.
 */
const HOUR = 3_600_000;
const NOTE = '\u0001'.repeat(INPUT_BOUNDS.noteChars);
/** Enough notes to pass the cap in JSON (6 bytes a character), far under it in binary. */
const COUNT = Math.ceil(MAX_ANSWER_BYTES / (6 * INPUT_BOUNDS.noteChars)) + 1;

let server: TestServer;
let user: Planner;
let ids: string[];
const bearer = () => ({ authorization: `Bearer ${user.token}` });
const getTasks = (some: string[]) => ({
  method: 'GetTasks',
  data: { '@type': 'type.googleapis.com/planner.v1.GetTasksRequest', ids: some, withNote: true },
});

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpPlanner(server, { premiumLevel: 2 });
  ids = [];
  for (let i = 0; i < COUNT; i += 1) {
    const { task } = await user.client.call('PutTask', {
      task: {
        title: `heavy ${i}`,
        note: NOTE,
        category: { id: user.categoryId },
        deadline: -1,
        timeScheduled: HOUR,
      },
    });
    ids.push(task?.id ?? '');
  }
  expect(COUNT * INPUT_BOUNDS.noteChars).toBeLessThan(MAX_ANSWER_BYTES);
}, 60_000);
afterAll(() => server.close());

describe('answer size, in the format sent', () => {
  it('a single call: 413 in JSON, answered in binary', async () => {
    const json = await server.postJson('GetTasks', { ids, withNote: true }, bearer());
    expect(json.status).toBe(413);
    expect(String(json.body.message)).toContain('ask for less');
    const binary = await user.client.call('GetTasks', { ids, withNote: true });
    expect(binary.tasks).toHaveLength(COUNT);
  });

  it('a Chain in JSON is refused on its whole answer, and its writes roll back', async () => {
    const half = Math.ceil(COUNT / 2);
    const answer = await server.postJson(
      'Chain',
      {
        steps: [
          {
            method: 'UpdateUser',
            data: {
              '@type': 'type.googleapis.com/planner.v1.UpdateUserRequest',
              name: 'Rolled back',
            },
          },
          getTasks(ids.slice(0, half)),
          getTasks(ids.slice(half)),
        ],
      },
      bearer(),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ errorIndex: 2, error: { code: 413 } });
    expect(answer.body.responses ?? []).toEqual([]);
    expect(Number(answer.headers.get('content-length'))).toBeLessThan(1024);
    expect((await user.client.call('GetUserProfile')).user?.name).not.toBe('Rolled back');
    // One step alone over the cap in JSON is refused the same way.
    const one = await server.postJson('Chain', { steps: [getTasks(ids)] }, bearer());
    expect(one.body).toMatchObject({ errorIndex: 0, error: { code: 413 } });
  });

  it('the same Chain in binary fits and is answered', async () => {
    const half = Math.ceil(COUNT / 2);
    const [first, second] = await user.client.chain([
      { method: 'GetTasks', data: { ids: ids.slice(0, half), withNote: true } },
      { method: 'GetTasks', data: { ids: ids.slice(half), withNote: true } },
    ]);
    expect((first?.tasks.length ?? 0) + (second?.tasks.length ?? 0)).toBe(COUNT);
    await expectRpcError(user.client.call('GetTasks', { ids: ['x'.repeat(201)] }), 400);
  });
});
