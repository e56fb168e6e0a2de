import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { HOUR, MINUTE, signUpPlanner } from './planning-test-kit';

// TEST_NOW is Monday 09:00 UTC; the account's zone is UTC.
const at = (hours: number, minutes = 0) => TEST_NOW + (hours - 9) * HOUR + minutes * MINUTE;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

it('a day on a fixed clock: start, auto-extend, unconfirmed, next, pause, rest, done', async () => {
  const user = await signUpPlanner(server);
  const { client } = user;
  const put = async (title: string, timeScheduled: number) => {
    const { task } = await client.call('PutTask', {
      task: { title, category: { id: user.categoryId }, timeScheduled },
    });
    server.clock.advance(1); // distinct creation times keep the plan order A, B, C
    return task?.id ?? '';
  };
  const a = await put('A', HOUR);
  const b = await put('B', HOUR);
  const c = await put('C', 30 * MINUTE);
  const state = () => client.call('GetTimelineState');

  // 09:00 A starts as planned.
  expect((await state()).currentBlock).toMatchObject({ task: a, start: at(9), end: at(10) });

  // 10:01 A ran out of time with auto-extend on: 30 more minutes.
  server.clock.set(at(10, 1));
  const extended = await state();
  expect(extended.currentBlock).toMatchObject({ task: a, end: at(10, 30) });
  const [aAfter] = (await client.call('GetTasks', { ids: [a] })).tasks;
  expect(aAfter).toMatchObject({ timeScheduled: 90 * MINUTE, timeFulfilled: 61 * MINUTE });

  // Auto-extend off: at 10:30 the session ends as planned and A waits for confirmation.
  await client.call('SetTimelineState', { autoExtend: false });
  server.clock.set(at(10, 31));
  const ended = await state();
  expect(ended.hasUnconfirmedTask).toBe(true);
  expect(ended.currentBlock).toMatchObject({ task: b, start: at(10, 30) });
  expect((await client.call('GetTasks', { status: 'unconfirmed' })).tasks.map((t) => t.id)).toEqual(
    [a],
  );

  // 10:40 Next: C starts now; B keeps its remaining 50 minutes.
  server.clock.set(at(10, 40));
  expect((await client.call('Next')).currentBlock).toMatchObject({ task: c, start: at(10, 40) });

  // 10:50 Pause: nothing is tracked until play at 12:00.
  server.clock.set(at(10, 50));
  const paused = await client.call('Pause');
  expect(paused.isPaused).toBe(true);
  expect(paused.currentBlock).toBeUndefined();
  server.clock.set(at(12));
  expect((await state()).currentBlock).toBeUndefined();
  const played = await client.call('Pause');
  expect(played.currentBlock).toMatchObject({ task: b, start: at(12), end: at(12, 50) });

  // 12:10 a 30-minute break; B resumes when it ends.
  server.clock.set(at(12, 10));
  const rest = await client.call('OrganizeTimeblocks', { rest: 30 * MINUTE });
  expect(rest.currentBlock).toMatchObject({ isRest: true, end: at(12, 40) });
  server.clock.set(at(12, 45));
  expect((await state()).currentBlock).toMatchObject({
    task: b,
    start: at(12, 40),
    end: at(13, 20),
  });

  // 13:00 B is done early, with a 5-minute rest. C keeps its planned time (finishing early
  // moves nothing, docs/plan-stability.md): the time until then is free.
  server.clock.set(at(13));
  await client.call('PutTask', {
    task: { id: b, isCompleted: true },
    fields: ['isCompleted'],
    rest: 5 * MINUTE,
  });
  server.clock.set(at(13, 6));
  expect((await state()).currentBlock).toBeUndefined();
  server.clock.set(at(13, 21));
  expect((await state()).currentBlock).toMatchObject({
    task: c,
    start: at(13, 20),
    end: at(13, 40),
  });

  // The unconfirmed dialog: A is done.
  await client.call('PutMultipleTasks', {
    req: [{ task: { id: a, isCompleted: true }, fields: ['isCompleted'] }],
  });
  expect((await state()).hasUnconfirmedTask).toBe(false);

  // The record of the day.
  const history = await client.call('GetTaskTimeblocks', { taskId: b });
  expect(history.timeblocks.map((t) => [t.start, t.end])).toEqual([
    [at(12, 40), at(13)],
    [at(12), at(12, 10)],
    [at(10, 30), at(10, 40)],
  ]);
  const [bDone] = (await client.call('GetTasks', { ids: [b] })).tasks;
  expect(bDone).toMatchObject({ isCompleted: true, timeFulfilled: 40 * MINUTE });
  const [cNow] = (await client.call('GetTasks', { ids: [c] })).tasks;
  expect(cNow?.timeFulfilled).toBe(11 * MINUTE);
});
