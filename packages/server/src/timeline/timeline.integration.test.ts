import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../events/event-factory';
import { insertEvent } from '../events/events-repository';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import {
  DAY,
  expectRpcError,
  HOUR,
  MINUTE,
  setPremiumLevel,
  signUpPlanner,
  type Planner,
} from './planning-test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function withTasks(count: number, hours = 1): Promise<{ user: Planner; ids: string[] }> {
  const user = await signUpPlanner(server);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { task } = await user.client.call('PutTask', {
      task: { title: `Task ${i}`, category: { id: user.categoryId }, timeScheduled: hours * HOUR },
    });
    ids.push(task?.id ?? '');
  }
  // Tasks made in the same millisecond are planned in id order: answer them in plan order.
  const order = await plannedOrder(user);
  ids.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { user, ids };
}

const window = { start: TEST_NOW - DAY, end: TEST_NOW + 7 * DAY, version: 4 };

describe('GetTimeline', () => {
  it('answers the current block, planned blocks around events, and paging hints', async () => {
    const { user, ids } = await withTasks(2, 2);
    await insertEvent(
      server.database.db,
      user.userId,
      buildEvent({
        id: 'meeting',
        start: TEST_NOW + 2 * HOUR,
        end: TEST_NOW + 3 * HOUR,
        timezone: 'UTC',
      }),
    );
    // The event arrived behind the server's back: tell the timeline like the events methods do.
    await server.database.db
      .updateTable('timeline_state')
      .set({ next_transition_at: 0 })
      .where('user_id', '=', user.userId)
      .execute();
    const timeline = await user.client.call('GetTimeline', window);
    const blocks = timeline.blockContainers.map((c) => ({
      task: c.timeblock?.task?.id ?? '',
      event: c.timeblock?.event ?? '',
      start: c.timeblock?.start,
      end: c.timeblock?.end,
    }));
    expect(blocks).toEqual([
      { task: ids[0], event: '', start: TEST_NOW, end: TEST_NOW + 2 * HOUR },
      { task: '', event: 'meeting', start: TEST_NOW + 2 * HOUR, end: TEST_NOW + 3 * HOUR },
      { task: ids[1], event: '', start: TEST_NOW + 3 * HOUR, end: TEST_NOW + 5 * HOUR },
    ]);
    expect(timeline.blockContainers[1]?.event?.title).toBe('Standup');
    expect(timeline.timelineState).toMatchObject({
      serverTime: TEST_NOW,
      autoExtend: true,
      isPaused: false,
    });
    expect(timeline.timelineState?.currentBlock?.task).toBe(ids[0]);
    expect(timeline.maxTimeblockStart).toBe(TEST_NOW + 3 * HOUR);
    expect(timeline.maxEventStart).toBe(TEST_NOW + 2 * HOUR);
    expect(timeline.nextBlockStart).toBe(-1);
    const later = await user.client.call('GetTimeline', {
      start: TEST_NOW + 4 * HOUR,
      end: TEST_NOW + DAY,
      version: 4,
    });
    expect(later.prevBlockStart).toBe(TEST_NOW + 2 * HOUR);
  });

  it('re-plans around an event made with CreateEvent and answers reminders of the window', async () => {
    const { user, ids } = await withTasks(1, 3);
    await user.client.call('CreateEvent', {
      event: {
        title: 'Lunch',
        start: TEST_NOW + HOUR,
        end: TEST_NOW + 2 * HOUR,
        category: { id: user.categoryId },
      },
    });
    await user.client.call('CreateReminder', {
      reminder: { title: 'Call mum', start: TEST_NOW + 4 * HOUR, allDay: false },
    });
    // The session that started at 09:00 now ends when lunch begins; the rest follows lunch.
    const timeline = await user.client.call('GetTimeline', window);
    const spans = timeline.blockContainers.map((c) => [
      c.timeblock?.task?.id ?? c.event?.title,
      c.timeblock?.start,
      c.timeblock?.end,
    ]);
    expect(spans).toEqual([
      [ids[0], TEST_NOW, TEST_NOW + HOUR],
      ['Lunch', TEST_NOW + HOUR, TEST_NOW + 2 * HOUR],
      [ids[0], TEST_NOW + 2 * HOUR, TEST_NOW + 4 * HOUR],
    ]);
    expect(timeline.reminders.map((r) => r.title)).toEqual(['Call mum']);
  });

  it('shows what the tier cannot plan as locked blocks with the reason', async () => {
    // The running session's task counts against the free limit of 20 tracked tasks: it and 19
    // more are planned, two are locked (before, 21 were planned).
    const { user } = await withTasks(22, 1);
    const timeline = await user.client.call('GetTimeline', { ...window, includeAll: true });
    expect(timeline.timelineState?.currentBlock?.task).toBeTruthy();
    const tracked = new Set(
      timeline.blockContainers
        .filter((c) => c.timeblock?.task && !c.timeblock.locking)
        .map((c) => c.timeblock?.task?.id),
    );
    expect(tracked.size).toBe(20);
    const locked = timeline.blockContainers.filter((c) => c.timeblock?.locking);
    // 19 hours of work after the session: 10:00 to 22:00, then 08:00 to 15:00 (rest window);
    // then one locked block for each task past the limit.
    expect(locked.map((c) => [c.timeblock?.locking, c.timeblock?.start])).toEqual([
      ['taskLimit', TEST_NOW + 30 * HOUR],
      ['taskLimit', TEST_NOW + 31 * HOUR],
    ]);
    await expectRpcError(
      user.client.call('UpdateTimeblock', {
        timeblock: { id: locked[0]?.timeblock?.id, start: 0, end: 0 },
      }),
      4201,
    );
    await setPremiumLevel(server, user.userId, 1);
    const premium = await user.client.call('GetTimeline', { ...window, includeAll: true });
    expect(premium.blockContainers.filter((c) => c.timeblock?.locking)).toEqual([]);
  });

  it('locks what lies past the agenda length (7 days free)', async () => {
    const { user } = await withTasks(3, 72);
    const timeline = await user.client.call('GetTimeline', {
      ...window,
      end: TEST_NOW + 14 * DAY,
      includeAll: true,
    });
    const locked = timeline.blockContainers.filter((c) => c.timeblock?.locking === 'horizon');
    expect(locked.length).toBeGreaterThan(0);
    expect(locked[0]?.timeblock?.start).toBe(TEST_NOW + 7 * DAY);
  });

  it('rejects a reversed or too long window', async () => {
    const user = await signUpPlanner(server);
    await expectRpcError(
      user.client.call('GetTimeline', { start: TEST_NOW, end: TEST_NOW - 1 }),
      400,
      'end',
    );
    await expectRpcError(
      user.client.call('GetTimeline', { start: TEST_NOW, end: TEST_NOW + 100 * DAY }),
      400,
      'end',
    );
    const json = await server.postJson(
      'GetTimeline',
      { start: 'soon' },
      { authorization: user.token },
    );
    expect(json.status).toBe(400);
    const unauthenticated = await server.postJson('GetTimeline', window);
    expect(unauthenticated.status).toBe(401);
  });
});

describe('timeline controls', () => {
  it('GetTimelineState and SetTimelineState', async () => {
    const user = await signUpPlanner(server);
    const state = await user.client.call('GetTimelineState');
    expect(state).toMatchObject({
      serverTime: TEST_NOW,
      autoExtend: true,
      isPaused: false,
      hasUnconfirmedTask: false,
    });
    const off = await user.client.call('SetTimelineState', { autoExtend: false });
    expect(off.autoExtend).toBe(false);
    expect(off.timelineUpdatedAt).toBeGreaterThan(state.timelineUpdatedAt);
    expect((await user.client.call('GetTimelineState')).autoExtend).toBe(false);
  });

  it('GetTimelineState answers an event in progress as the current block, poll after poll', async () => {
    const user = await signUpPlanner(server);
    const { event } = await user.client.call('CreateEvent', {
      event: {
        title: 'Standup',
        start: TEST_NOW - 30 * MINUTE,
        end: TEST_NOW + 30 * MINUTE,
        category: { id: user.categoryId },
      },
    });
    const { task } = await user.client.call('PutTask', {
      task: { title: 'After standup', category: { id: user.categoryId }, timeScheduled: HOUR },
    });
    const expected = {
      event: event?.id,
      task: '',
      start: TEST_NOW - 30 * MINUTE,
      end: TEST_NOW + 30 * MINUTE,
    };
    // The first read re-plans after the change; the next ones answer from the state row.
    for (let poll = 0; poll < 3; poll += 1) {
      expect((await user.client.call('GetTimelineState')).currentBlock).toMatchObject(expected);
    }
    const timeline = await user.client.call('GetTimeline', window);
    expect(timeline.timelineState?.currentBlock).toMatchObject(expected);
    expect(await plannedOrder(user)).toEqual([task?.id]);
  });

  it('Pause toggles, Next moves on, Shuffle reorders without breaking deadlines', async () => {
    const { user } = await withTasks(4, 1);
    const paused = await user.client.call('Pause');
    expect(paused).toMatchObject({ isPaused: true });
    expect(paused.currentBlock).toBeUndefined();
    const order = await plannedOrder(user);
    const played = await user.client.call('Pause');
    expect(played.isPaused).toBe(false);
    expect(played.currentBlock?.task).toBe(order[0]);
    const next = await user.client.call('Next');
    expect(next.currentBlock?.task).toBe(order[1]);
    const beforeDeadline = await plannedOrder(user);
    await user.client.call('PutTask', {
      task: { id: order[3], deadline: TEST_NOW + DAY },
      fields: ['deadline'],
    });
    const before = await plannedOrder(user);
    // A deadline the plan already meets moves nothing (docs/plan-stability.md).
    expect(before).toEqual(beforeDeadline);
    // Shuffle lays the plan out anew: the session goes on; after it the task with a deadline
    // comes first, whatever the shuffle.
    let changed = false;
    for (let attempt = 0; attempt < 5 && !changed; attempt += 1) {
      const after = await user.client.call('Shuffle').then(() => plannedOrder(user));
      expect(after.slice(0, 2)).toEqual([order[1], order[3]]);
      changed = after.join() !== before.join();
    }
    expect(changed).toBe(true);
  });

  it('OrganizeTimeblocks: rest, do it now, do it after the current event', async () => {
    const { user, ids } = await withTasks(3, 1);
    const rest = await user.client.call('OrganizeTimeblocks', { rest: HOUR });
    expect(rest.currentBlock).toMatchObject({
      isRest: true,
      start: TEST_NOW,
      end: TEST_NOW + HOUR,
    });
    const now = await user.client.call('OrganizeTimeblocks', { nextTask: ids[2] });
    expect(now.currentBlock).toMatchObject({ task: ids[2], start: TEST_NOW });
    const after = await user.client.call('OrganizeTimeblocks', {
      nextTask: ids[1],
      keepCurrent: true,
    });
    expect(after.currentBlock?.task).toBe(ids[2]);
    const timeline = await user.client.call('GetTimeline', window);
    const fixed = timeline.blockContainers.find(
      (c) => c.timeblock?.fixed && c.timeblock.task?.id === ids[1],
    );
    expect(fixed?.timeblock?.start).toBe(TEST_NOW + HOUR);
    await expectRpcError(user.client.call('OrganizeTimeblocks', {}), 400, 'rest');
    await expectRpcError(user.client.call('OrganizeTimeblocks', { rest: 25 * HOUR }), 400, 'rest');
    await expectRpcError(user.client.call('OrganizeTimeblocks', { nextTask: 'missing' }), 404);
  });
});

async function plannedOrder(user: Planner): Promise<string[]> {
  const timeline = await user.client.call('GetTimeline', { ...window, includeAll: true });
  const ids = timeline.blockContainers.flatMap((c) =>
    c.timeblock?.task ? [c.timeblock.task.id] : [],
  );
  return [...new Set(ids)];
}

describe('timeblock edits', () => {
  it('a planned block becomes fixed when moved; unlock gives it back to the planner', async () => {
    const { user, ids } = await withTasks(2, 1);
    const timeline = await user.client.call('GetTimeline', window);
    const planned = timeline.blockContainers.find(
      (c) => c.timeblock?.task?.id === ids[1],
    )?.timeblock;
    expect(planned?.id).toMatch(/^planned:/);
    const { timeblock } = await user.client.call('UpdateTimeblock', {
      timeblock: { id: planned?.id, start: TEST_NOW + 5 * HOUR, end: TEST_NOW + 6 * HOUR },
    });
    expect(timeblock).toMatchObject({ fixed: true, start: TEST_NOW + 5 * HOUR });
    const unlocked = await user.client.call('UnlockTimeblock', {
      timeblock: { id: timeblock?.id },
    });
    expect(unlocked.timeblock?.fixed).toBe(false);
    expect(await plannedStarts(user, ids[1] ?? '')).toEqual([TEST_NOW + HOUR]);
    const locked = await user.client.call('LockTimeblock', {
      timeblock: {
        id: `planned:${ids[1]}:${TEST_NOW + HOUR}`,
        start: TEST_NOW + 2 * HOUR,
        end: TEST_NOW + 3 * HOUR,
      },
    });
    expect(locked.timeblock?.fixed).toBe(true);
  });

  it("add record, correct it, delete it (end = start), list the task's past blocks", async () => {
    const { user, ids } = await withTasks(1, 3);
    server.clock.advance(0);
    const { timeblock } = await user.client.call('AddTimeblock', {
      timeblock: { task: { id: ids[0] }, start: TEST_NOW - 3 * HOUR, end: TEST_NOW - 2 * HOUR },
    });
    expect(timeblock).toMatchObject({
      start: TEST_NOW - 3 * HOUR,
      end: TEST_NOW - 2 * HOUR,
      fixed: false,
    });
    const corrected = await user.client.call('UpdateTimeblock', {
      timeblock: { id: timeblock?.id, start: TEST_NOW - 3 * HOUR, end: TEST_NOW - 150 * MINUTE },
    });
    expect(corrected.timeblock?.end).toBe(TEST_NOW - 150 * MINUTE);
    const { tasks } = await user.client.call('GetTasks', { ids: [ids[0] ?? ''] });
    expect(tasks[0]?.timeFulfilled).toBe(30 * MINUTE);
    const past = await user.client.call('GetTaskTimeblocks', { taskId: ids[0] ?? '' });
    expect(past.timeblocks.map((b) => b.id)).toEqual([timeblock?.id]);
    await user.client.call('UpdateTimeblock', {
      timeblock: { id: timeblock?.id, start: TEST_NOW - 3 * HOUR, end: TEST_NOW - 3 * HOUR },
    });
    expect(
      (await user.client.call('GetTasks', { ids: [ids[0] ?? ''] })).tasks[0]?.timeFulfilled,
    ).toBe(0);
    const created = await user.client.call('AddTimeblock', {
      timeblock: {
        task: { title: 'Walk', category: { id: user.categoryId } },
        start: TEST_NOW - HOUR,
        end: TEST_NOW - 30 * MINUTE,
      },
      createTask: true,
    });
    expect(created.timeblock?.task?.id).toBeTruthy();
  });

  it('refuses records in the future, without a category, reversed, unknown or foreign', async () => {
    const { user, ids } = await withTasks(1, 1);
    const other = await withTasks(1, 1);
    const add = (timeblock: Record<string, unknown>, createTask = false) =>
      user.client.call('AddTimeblock', { timeblock, createTask });
    await expectRpcError(
      add({ task: { id: ids[0] }, start: TEST_NOW + HOUR, end: TEST_NOW + 2 * HOUR }),
      400,
      'start',
    );
    await expectRpcError(
      add({ task: { title: 'x' }, start: TEST_NOW - HOUR, end: TEST_NOW }, true),
      400,
      'invalid.chooseCategory',
    );
    await expectRpcError(
      add({ task: { id: ids[0] }, start: TEST_NOW - HOUR, end: TEST_NOW - 2 * HOUR }),
      400,
      'end',
    );
    await expectRpcError(
      add({ task: { id: other.ids[0] }, start: TEST_NOW - HOUR, end: TEST_NOW }),
      404,
    );
    const foreignBlock =
      (await other.user.client.call('GetTimelineState')).currentBlock?.timeblock ?? '';
    const a = await expectRpcError(
      user.client.call('UpdateTimeblock', {
        timeblock: { id: foreignBlock, start: TEST_NOW, end: TEST_NOW },
      }),
      404,
    );
    const b = await expectRpcError(
      user.client.call('UpdateTimeblock', {
        timeblock: { id: 'missing', start: TEST_NOW, end: TEST_NOW },
      }),
      404,
    );
    expect(a.message).toBe(b.message);
    await expectRpcError(
      user.client.call('GetTaskTimeblocks', { taskId: other.ids[0] ?? '' }),
      404,
    );
    await expectRpcError(
      user.client.call('UnlockTimeblock', { timeblock: { id: 'missing' } }),
      404,
    );
    await expectRpcError(user.client.call('LockTimeblock', { timeblock: { id: 'missing' } }), 404);
  });

  it('free accounts cannot change records that ended more than 24 hours ago (4201)', async () => {
    const { user, ids } = await withTasks(1, 1);
    const old = { task: { id: ids[0] }, start: TEST_NOW - 30 * HOUR, end: TEST_NOW - 29 * HOUR };
    await expectRpcError(
      user.client.call('AddTimeblock', { timeblock: old }),
      4201,
      'historyEditLimit',
    );
    const { timeblock } = await user.client.call('AddTimeblock', {
      timeblock: { ...old, start: TEST_NOW - 23 * HOUR, end: TEST_NOW - 22 * HOUR },
    });
    server.clock.advance(3 * HOUR);
    try {
      await expectRpcError(
        user.client.call('UpdateTimeblock', {
          timeblock: { id: timeblock?.id, start: TEST_NOW - 23 * HOUR, end: TEST_NOW - 23 * HOUR },
        }),
        4201,
      );
      await setPremiumLevel(server, user.userId, 1);
      await user.client.call('UpdateTimeblock', {
        timeblock: { id: timeblock?.id, start: TEST_NOW - 23 * HOUR, end: TEST_NOW - 23 * HOUR },
      });
    } finally {
      server.clock.set(TEST_NOW);
    }
  });
});

async function plannedStarts(user: Planner, taskId: string): Promise<number[]> {
  const timeline = await user.client.call('GetTimeline', window);
  return timeline.blockContainers
    .filter((c) => c.timeblock?.task?.id === taskId)
    .map((c) => c.timeblock?.start ?? 0);
}
