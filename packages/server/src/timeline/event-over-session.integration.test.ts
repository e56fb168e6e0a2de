import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner, type Planner } from './planning-test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());
afterEach(() => server.clock.set(TEST_NOW));

const window = { start: TEST_NOW - DAY, end: TEST_NOW + 2 * DAY, version: 4, includeAll: true };

/** The user's blocks as [task id or event title, start, end], in minutes after TEST_NOW. */
async function spans(user: Planner): Promise<[string, number, number][]> {
  const timeline = await user.client.call('GetTimeline', window);
  return timeline.blockContainers.map((c) => [
    c.timeblock?.task?.id ?? c.event?.title ?? '',
    (Number(c.timeblock?.start) - TEST_NOW) / MINUTE,
    (Number(c.timeblock?.end) - TEST_NOW) / MINUTE,
  ]);
}

async function runningTask(user: Planner, hours: number): Promise<string> {
  const { task } = await user.client.call('PutTask', {
    task: { title: 'Write report', category: { id: user.categoryId }, timeScheduled: hours * HOUR },
  });
  const state = await user.client.call('GetTimelineState');
  expect(state.currentBlock?.task).toBe(task?.id);
  return task?.id ?? '';
}

function meeting(user: Planner, start: number, travelTop: number) {
  return {
    title: 'Meeting',
    start,
    end: start + 30 * MINUTE,
    travelTop,
    category: { id: user.categoryId },
  };
}

describe('an event always wins over the task session', () => {
  it('ends the session where the travel before a new event begins, even when it has begun', async () => {
    const user = await signUpPlanner(server);
    const task = await runningTask(user, 2);
    server.clock.advance(20 * MINUTE);
    // A write brings the state machine up to now before the event comes.
    await user.client.call('SetTimelineState', { autoExtend: true });
    // In 10 minutes, with 15 of travel: busy since 5 minutes ago.
    await user.client.call('CreateEvent', {
      event: meeting(user, TEST_NOW + 30 * MINUTE, 15 * MINUTE),
    });
    expect(await spans(user)).toEqual([
      [task, 0, 15],
      ['Meeting', 30, 60],
      [task, 60, 165],
    ]);
    const { tasks } = await user.client.call('GetTasks', { ids: [task] });
    expect(tasks[0]?.timeFulfilled).toBe(15 * MINUTE);
  });

  it('a session busy from its start never took place: the whole task follows the event', async () => {
    const user = await signUpPlanner(server);
    const task = await runningTask(user, 1);
    await user.client.call('CreateEvent', {
      event: meeting(user, TEST_NOW + 10 * MINUTE, 15 * MINUTE),
    });
    expect(await spans(user)).toEqual([
      ['Meeting', 10, 40],
      [task, 40, 100],
    ]);
    expect((await user.client.call('GetTimelineState')).currentBlock?.task ?? '').toBe('');
  });

  it('inside the travel before and after an event, the event is the current block', async () => {
    const user = await signUpPlanner(server);
    const { event } = await user.client.call('CreateEvent', {
      event: { ...meeting(user, TEST_NOW + HOUR, 20 * MINUTE), travelBottom: 10 * MINUTE },
    });
    const current = async (at: number) => {
      server.clock.set(at);
      return (await user.client.call('GetTimelineState')).currentBlock;
    };
    const busy = { start: TEST_NOW + 40 * MINUTE, end: TEST_NOW + 100 * MINUTE };
    for (const at of [40, 50, 75, 95]) {
      expect(await current(TEST_NOW + at * MINUTE), `${at} min`).toMatchObject({
        event: event?.id,
        task: '',
        ...busy,
      });
    }
    expect((await current(TEST_NOW + 100 * MINUTE))?.event ?? '').toBe('');
  });

  it('ends the session where an event moved over it begins', async () => {
    const user = await signUpPlanner(server);
    const task = await runningTask(user, 2);
    const { event } = await user.client.call('CreateEvent', {
      event: meeting(user, TEST_NOW + 5 * HOUR, 0),
    });
    expect((await spans(user))[0]).toEqual([task, 0, 120]);
    server.clock.advance(30 * MINUTE);
    const moved = { ...event, start: TEST_NOW + 50 * MINUTE, end: TEST_NOW + 80 * MINUTE };
    await user.client.call('UpdateEvent', {
      oldEvent: event,
      newEvent: { ...moved, travelTop: 10 * MINUTE },
      apiVersion: 1,
      updateType: 0,
      fields: ['start', 'end', 'travelTop'],
    });
    expect(await spans(user)).toEqual([
      [task, 0, 40],
      ['Meeting', 50, 80],
      [task, 80, 160],
    ]);
  });
});
