import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner, type Planner } from './planning-test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());
afterEach(() => server.clock.set(TEST_NOW));

const SECOND = 1000;

/** Two one-hour tasks; the first has a deadline, so it comes first whenever the plan is made. */
async function twoTasks(): Promise<{ user: Planner; first: string; second: string }> {
  const user = await signUpPlanner(server);
  const ids: string[] = [];
  for (const [title, deadline] of [
    ['First', TEST_NOW + DAY],
    ['Second', -1],
  ] as const) {
    const { task } = await user.client.call('PutTask', {
      task: { title, category: { id: user.categoryId }, timeScheduled: HOUR, deadline },
    });
    ids.push(task?.id ?? '');
  }
  const [first = '', second = ''] = ids;
  expect((await user.client.call('GetTimelineState')).currentBlock?.task).toBe(first);
  return { user, first, second };
}

/** The task's stored records as [start, end] in seconds after TEST_NOW, oldest first. */
async function records(user: Planner, taskId: string): Promise<[number, number][]> {
  const { timeblocks } = await user.client.call('GetTaskTimeblocks', { taskId });
  return timeblocks
    .map((b): [number, number] => [(b.start - TEST_NOW) / SECOND, (b.end - TEST_NOW) / SECOND])
    .reverse();
}

async function spent(user: Planner, taskId: string): Promise<number> {
  const { tasks } = await user.client.call('GetTasks', { ids: [taskId] });
  return tasks[0]?.timeFulfilled ?? -1;
}

describe('a control right after a session began', () => {
  it('Pause within the first minute leaves no record; Play starts the session again', async () => {
    const { user, first } = await twoTasks();
    server.clock.advance(10 * SECOND);
    await user.client.call('Pause');
    expect(await records(user, first)).toEqual([]);
    expect(await spent(user, first)).toBe(0);
    server.clock.advance(20 * SECOND);
    const played = await user.client.call('Pause');
    expect(played.currentBlock).toMatchObject({ task: first, start: TEST_NOW + 30 * SECOND });
  });

  it('Next within the first minute leaves no record; a longer session keeps its record', async () => {
    const { user, first, second } = await twoTasks();
    server.clock.advance(5 * SECOND);
    expect((await user.client.call('Next')).currentBlock?.task).toBe(second);
    expect(await records(user, first)).toEqual([]);
    server.clock.advance(2 * MINUTE);
    await user.client.call('Next');
    expect(await records(user, second)).toEqual([[5, 125]]);
    expect(await spent(user, second)).toBe(2 * MINUTE);
  });
});

describe('editing a past or current block changes that block', () => {
  /** A session split by a pause under a minute long: clients show it as one card. */
  async function splitSession() {
    const { user, first, second } = await twoTasks();
    server.clock.advance(2 * MINUTE);
    await user.client.call('Pause');
    server.clock.advance(20 * SECOND);
    await user.client.call('Pause');
    server.clock.advance(28 * MINUTE);
    expect(await records(user, first)).toEqual([
      [0, 120],
      [140, 3620],
    ]);
    const timeline = await user.client.call('GetTimeline', {
      start: TEST_NOW - HOUR,
      end: TEST_NOW + 3 * HOUR,
      version: 4,
    });
    const card = timeline.blockContainers.find((c) => c.timeblock?.task?.id === first);
    return { user, first, second, cardId: card?.timeblock?.id ?? '' };
  }

  it("the current card's start moves: one block, still current, no second block", async () => {
    const { user, first, cardId } = await splitSession();
    await user.client.call('UpdateTimeblock', {
      timeblock: { id: cardId, start: TEST_NOW + 6 * MINUTE, end: TEST_NOW + 3620 * SECOND },
    });
    expect(await records(user, first)).toEqual([[360, 3620]]);
    const state = await user.client.call('GetTimelineState');
    expect(state.currentBlock).toMatchObject({ task: first, start: TEST_NOW + 6 * MINUTE });
    expect(await spent(user, first)).toBe(24 * MINUTE + 20 * SECOND);
  });

  it("a past card's start moves, or it is deleted, as one block", async () => {
    const { user, first, second, cardId } = await splitSession();
    await user.client.call('Next');
    expect((await user.client.call('GetTimelineState')).currentBlock?.task).toBe(second);
    await user.client.call('UpdateTimeblock', {
      timeblock: { id: cardId, start: TEST_NOW + 6 * MINUTE, end: TEST_NOW + 30 * MINUTE },
    });
    expect(await records(user, first)).toEqual([[360, 1800]]);
    expect((await user.client.call('GetTimelineState')).currentBlock?.task).toBe(second);
    await user.client.call('UpdateTimeblock', {
      timeblock: { id: cardId, start: TEST_NOW + 6 * MINUTE, end: TEST_NOW + 6 * MINUTE },
    });
    expect(await spent(user, first)).toBe(0);
  });
});
