import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import {
  DAY,
  expectRpcError,
  HOUR,
  MINUTE,
  signUpPlanner,
  type Planner,
} from '../timeline/planning-test-kit';

let server: TestServer;
let alice: Planner;
let bob: Planner;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpPlanner(server);
  bob = await signUpPlanner(server);
});
afterAll(async () => server.close());

function putTask(
  user: Planner,
  task: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return user.client.call('PutTask', {
    task: { category: { id: user.categoryId }, ...task },
    ...extra,
  });
}

describe('PutTask', () => {
  it('creates a task with defaults, its category and a clamped estimate', async () => {
    const { task } = await putTask(alice, {
      title: '  Write report  ',
      note: 'n',
      checklist: [
        { id: '', content: 'a', sort: 2 },
        { id: 'x', content: ' ', sort: 1 },
      ],
    });
    expect(task).toMatchObject({
      title: 'Write report',
      timeScheduled: HOUR,
      deadline: -1,
      isCompleted: false,
      note: 'n',
      hasNote: true,
      category: { id: alice.categoryId },
    });
    expect(task?.checklist).toHaveLength(1);
    expect(task?.checklist[0]?.id).not.toBe('');
    const short = await putTask(alice, { title: 'Tiny', timeScheduled: MINUTE });
    expect(short.task?.timeScheduled).toBe(5 * MINUTE);
    const long = await putTask(alice, { title: 'Huge', timeScheduled: 100 * HOUR });
    expect(long.task?.timeScheduled).toBe(72 * HOUR);
  });

  it('keeps an empty title empty: clients show their untitled placeholder', async () => {
    const { task } = await putTask(alice, { title: '   ' });
    expect(task?.title).toBe('');
  });

  it('refuses a task without a category, or with an unknown or foreign one', async () => {
    await expectRpcError(
      alice.client.call('PutTask', { task: { title: 'x' } }),
      400,
      'invalid.chooseCategory',
    );
    await expectRpcError(
      putTask(alice, { title: 'x', category: { id: 'nope' } }),
      400,
      'invalid.chooseCategory',
    );
  });

  it('updates only the masked fields', async () => {
    const { task } = await putTask(alice, { title: 'Masked', note: 'keep' });
    const { task: updated } = await alice.client.call('PutTask', {
      task: { id: task?.id, title: 'Renamed', note: 'ignored', deadline: TEST_NOW + DAY },
      fields: ['title', 'deadline'],
    });
    expect(updated).toMatchObject({ title: 'Renamed', note: 'keep', deadline: TEST_NOW + DAY });
    await expectRpcError(
      alice.client.call('PutTask', { task: { id: task?.id }, fields: ['colour'] }),
      400,
      'colour',
    );
  });

  it('marks the timeline updated on a title or note edit, leaving the plan as it was', async () => {
    const { task } = await putTask(bob, { title: 'Plan me', timeScheduled: 2 * HOUR });
    const window = { start: TEST_NOW, end: TEST_NOW + 2 * DAY, version: 4 };
    const before = await bob.client.call('GetTimeline', window);
    const { task: renamed } = await bob.client.call('PutTask', {
      task: { id: task?.id, title: 'Renamed plan', note: 'why' },
      fields: ['title', 'note'],
    });
    expect(renamed).toMatchObject({ title: 'Renamed plan', note: 'why', hasNote: true });
    const state = await bob.client.call('GetTimelineState');
    expect(state.timelineUpdatedAt).toBeGreaterThan(before.timelineState?.timelineUpdatedAt ?? 0);
    const after = await bob.client.call('GetTimeline', window);
    const blocks = (r: typeof before) =>
      r.blockContainers.map((c) => [c.timeblock?.id, c.timeblock?.task?.title]);
    expect(blocks(after)).toEqual(
      blocks(before).map(([id, title]) => [id, title === 'Plan me' ? 'Renamed plan' : title]),
    );
  });

  it('marks done (session ends, estimate 0) and reopens (zero becomes 1 hour)', async () => {
    const { task } = await putTask(alice, { title: 'Finish me' }, { doItNow: true });
    const state = await alice.client.call('GetTimelineState');
    expect(state.currentBlock?.task).toBe(task?.id);
    const { task: done } = await alice.client.call('PutTask', {
      task: { id: task?.id, isCompleted: true },
      fields: ['isCompleted'],
      rest: 5 * MINUTE,
    });
    expect(done).toMatchObject({ isCompleted: true, timeScheduled: 0 });
    const after = await alice.client.call('GetTimelineState');
    expect(after.currentBlock).toMatchObject({
      isRest: true,
      start: TEST_NOW,
      end: TEST_NOW + 5 * MINUTE,
    });
    const { task: reopened } = await alice.client.call('PutTask', {
      task: { id: task?.id, isCompleted: false },
      fields: ['isCompleted'],
    });
    expect(reopened).toMatchObject({ isCompleted: false, timeScheduled: HOUR });
  });

  it('marks done a task that is not running without touching the session that is', async () => {
    const { task: running } = await putTask(alice, { title: 'Running' }, { doItNow: true });
    const { task: other } = await putTask(alice, { title: 'Later', timeScheduled: HOUR });
    await alice.client.call('PutTask', {
      task: { id: other?.id, isCompleted: true },
      fields: ['isCompleted'],
      rest: 5 * MINUTE,
    });
    // The break follows the session the done task held; this one held none.
    const after = await alice.client.call('GetTimelineState');
    expect(after.currentBlock).toMatchObject({ task: running?.id, isRest: false });
  });

  it("answers another user's task exactly as a missing one", async () => {
    const { task } = await putTask(bob, { title: 'Bob only' });
    const foreign = await expectRpcError(
      alice.client.call('PutTask', { task: { id: task?.id, title: 'x' }, fields: ['title'] }),
      404,
    );
    const missing = await expectRpcError(
      alice.client.call('PutTask', { task: { id: 'missing', title: 'x' }, fields: ['title'] }),
      404,
    );
    expect(foreign.message).toBe(missing.message);
    await expectRpcError(alice.client.call('DeleteTask', { id: task?.id ?? '' }), 404);
    expect((await alice.client.call('GetTasks', { ids: [task?.id ?? ''] })).tasks).toEqual([]);
  });

  it('rejects bad input over JSON with the field named', async () => {
    const headers = { authorization: alice.token };
    const wrongType = await server.postJson('PutTask', { task: { title: 5 } }, headers);
    expect(wrongType.status).toBe(400);
    expect(String(wrongType.body.message)).toContain('title');
    const unknown = await server.postJson(
      'PutTask',
      { task: { title: 'x', colour: 'red' } },
      headers,
    );
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.message)).toContain('colour');
    const missing = await server.postJson('PutTask', {}, headers);
    expect(missing.status).toBe(400);
    const range = await server.postJson(
      'PutTask',
      { task: { title: 'x', category: { id: alice.categoryId } }, rest: -5 },
      headers,
    );
    expect(range.status).toBe(400);
    const badFreq = await server.postJson(
      'PutTask',
      { task: { category: { id: alice.categoryId }, recurrenceRule: { freq: 'HOURLY' } } },
      headers,
    );
    expect(badFreq.status).toBe(400);
  });
});

describe('GetTasks', () => {
  it('lists by status with the spec defaults, pages, searches, answers ids with notes', async () => {
    const user = await signUpPlanner(server);
    const put = (task: Record<string, unknown>) => putTask(user, task);
    const a = (await put({ title: 'Alpha', note: 'secret' })).task;
    await put({ title: 'Beta', deadline: TEST_NOW + 2 * DAY });
    const c = (await put({ title: 'Gamma' })).task;
    await user.client.call('PutTask', {
      task: { id: c?.id, isCompleted: true },
      fields: ['isCompleted'],
    });
    const todo = await user.client.call('GetTasks', { status: 'todo' });
    expect(todo.tasks.map((t) => t.title)).toEqual(['Beta', 'Alpha']);
    expect(todo.tasks[1]).toMatchObject({ note: '', hasNote: true });
    expect(todo.tasks.every((t) => t.expectedStart >= TEST_NOW)).toBe(true);
    expect(
      (await user.client.call('GetTasks', { status: 'done' })).tasks.map((t) => t.title),
    ).toEqual(['Gamma']);
    expect((await user.client.call('GetTasks', { status: 'all' })).tasks).toHaveLength(3);
    expect(
      (await user.client.call('GetTasks', { status: 'todo', offset: 1, limit: 1 })).tasks.map(
        (t) => t.title,
      ),
    ).toEqual(['Alpha']);
    expect((await user.client.call('GetTasks', { status: 'unconfirmed' })).tasks).toEqual([]);
    const search = await user.client.call('GetTasks', {
      cheap: true,
      keyword: 'alp',
      status: 'all',
    });
    expect(search.tasks.map((t) => t.title)).toEqual(['Alpha']);
    const byId = await user.client.call('GetTasks', {
      ids: [a?.id ?? '', 'missing'],
      withNote: true,
    });
    expect(byId.tasks.map((t) => t.note)).toEqual(['secret']);
  });

  it('rejects an unknown status and out-of-range paging', async () => {
    await expectRpcError(alice.client.call('GetTasks', { status: 'later' }), 400, 'status');
    await expectRpcError(alice.client.call('GetTasks', { limit: 5000 }), 400, 'limit');
    await expectRpcError(alice.client.call('GetTasks', { offset: -1 }), 400, 'offset');
  });
});

describe('PutMultipleTasks (the unconfirmed dialog)', () => {
  it('completes checked tasks and gives unchecked ones one more hour', async () => {
    const user = await signUpPlanner(server);
    const one = (await putTask(user, { title: 'One' })).task;
    const two = (await putTask(user, { title: 'Two' })).task;
    const { tasks } = await user.client.call('PutMultipleTasks', {
      req: [
        { task: { id: one?.id, isCompleted: true }, fields: ['isCompleted'] },
        { task: { id: two?.id, isCompleted: false }, fields: ['isCompleted'] },
      ],
    });
    const byId = new Map(tasks.map((t) => [t.id, t]));
    expect(byId.get(one?.id ?? '')).toMatchObject({ isCompleted: true, isUnconfirmed: false });
    expect(byId.get(two?.id ?? '')).toMatchObject({ isCompleted: false, timeScheduled: 2 * HOUR });
    await expectRpcError(
      user.client.call('PutMultipleTasks', { req: [{ task: { id: 'missing' } }] }),
      404,
    );
    await expectRpcError(
      user.client.call('PutMultipleTasks', { req: [{ task: { id: one?.id }, fields: ['title'] }] }),
      400,
    );
  });
});

describe('DeleteTask and DeleteTaskV2', () => {
  it('deletes a task, its blocks and its session', async () => {
    const user = await signUpPlanner(server);
    const { task } = await putTask(user, { title: 'Doomed' }, { doItNow: true });
    await user.client.call('DeleteTask', { id: task?.id ?? '' });
    expect((await user.client.call('GetTimelineState')).currentBlock).toBeUndefined();
    expect((await user.client.call('GetTasks', { status: 'all' })).tasks).toEqual([]);
    await expectRpcError(user.client.call('DeleteTask', { id: task?.id ?? '' }), 404);
  });

  it('deletes this and following, or all tasks of a series', async () => {
    const user = await signUpPlanner(server);
    const db = server.database.db;
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const { task } = await putTask(user, { title: `Series ${n}` });
      ids.push(task?.id ?? '');
      await db
        .updateTable('tasks')
        .set({ recurring_task_id: 'series', instance_number: n })
        .where('id', '=', task?.id ?? '')
        .execute();
    }
    await user.client.call('DeleteTaskV2', { task: { id: ids[1] }, deleteType: 1 });
    expect(
      (await user.client.call('GetTasks', { status: 'all' })).tasks.map((t) => t.title),
    ).toEqual(['Series 0']);
    await expectRpcError(
      user.client.call('DeleteTaskV2', { task: { id: ids[0] }, deleteType: 7 }),
      400,
    );
    await user.client.call('DeleteTaskV2', { task: { id: ids[0] }, deleteType: 2 });
    expect((await user.client.call('GetTasks', { status: 'all' })).tasks).toEqual([]);
  });
});
