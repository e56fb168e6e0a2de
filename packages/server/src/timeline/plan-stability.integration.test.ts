import type { Plain, TimelineState } from '@planner/protocol';
import type { CallInfo } from '@planner/protocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner, type Planner } from './planning-test-kit';

/*
 * Stable re-plans (docs/plan-stability.md): a re-plan keeps the planned blocks it is not forced
 * to move, and the latest re-plan that moved something is kept with what moved, why and which
 * call's change led to it (TimelineState.plan_changes).
 */

const ZONE = 'Europe/Berlin';
/** Saturday 28 March 2026, 07:00 in Berlin: inside the rest window (until 08:00), nothing runs. */
const SATURDAY_7 = Date.UTC(2026, 2, 28, 6, 0);
const at = (hours: number, minutes = 0) => SATURDAY_7 + (hours - 7) * HOUR + minutes * MINUTE;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: SATURDAY_7 });
});
afterAll(async () => server.close());

interface Person extends Planner {
  /** The request id of each call made through `client`, by method, latest last. */
  requests: CallInfo[];
}

async function person(): Promise<Person> {
  server.clock.set(SATURDAY_7);
  const user = await signUpPlanner(server, { timezone: ZONE });
  const requests: CallInfo[] = [];
  const client = server.client(user.token, { onCallStart: (info) => requests.push(info) });
  return { ...user, client, requests };
}

function lastRequestOf(user: Person, method: string): string {
  const found = user.requests.filter((r) => r.method === method).at(-1);
  if (!found) throw new Error(`no ${method} call was made`);
  return found.requestId;
}

async function putTask(user: Person, title: string, hours: number, deadline = -1): Promise<string> {
  const { task } = await user.client.call('PutTask', {
    task: { title, category: { id: user.categoryId }, timeScheduled: hours * HOUR, deadline },
  });
  // Distinct creation times: a stable order between tasks made one after the other.
  server.clock.advance(1);
  return task?.id ?? '';
}

/** Each task's blocks (stored and planned) as `start-end` in minutes after 07:00, by task. */
async function blocksByTask(user: Person): Promise<Map<string, string[]>> {
  const timeline = await user.client.call('GetTimeline', {
    start: SATURDAY_7 - DAY,
    end: SATURDAY_7 + 6 * DAY,
    version: 4,
  });
  const byTask = new Map<string, string[]>();
  for (const { timeblock: b } of timeline.blockContainers) {
    if (!b?.task || b.locking || b.end <= b.start) continue;
    const list = byTask.get(b.task.id) ?? [];
    list.push(`${(b.start - SATURDAY_7) / MINUTE}-${(b.end - SATURDAY_7) / MINUTE}`);
    byTask.set(b.task.id, list);
  }
  return byTask;
}

/** The tasks of `before` whose blocks are not where they were. */
function movedTasks(before: Map<string, string[]>, after: Map<string, string[]>): string[] {
  return [...before.keys()].filter((task) => before.get(task)?.join() !== after.get(task)?.join());
}

function taskStartingAt(blocks: Map<string, string[]>, start: number): string {
  const minutes = (start - SATURDAY_7) / MINUTE;
  const found = [...blocks].find(([, list]) => list[0]?.startsWith(`${minutes}-`));
  if (!found) throw new Error(`no task starts at minute ${minutes}`);
  return found[0];
}

/** Three one-hour tasks without deadlines: planned 08-09, 09-10 and 10-11. */
async function threeTasks(user: Person): Promise<Map<string, string[]>> {
  for (const title of ['A', 'B', 'C']) await putTask(user, title, 1);
  const blocks = await blocksByTask(user);
  expect([...blocks.values()].map((list) => list.join()).sort()).toEqual([
    '120-180',
    '180-240',
    '60-120',
  ]);
  return blocks;
}

const noChanges: Plain<TimelineState>['planChanges'] = { at: 0, moves: [], causeRequest: '' };

describe('a re-plan keeps what it is not forced to move', () => {
  it('a task without a deadline, added with slack, takes free time and moves nothing', async () => {
    const user = await person();
    const before = await threeTasks(user);
    const added = await putTask(user, 'New', 2);
    const after = await blocksByTask(user);
    expect(movedTasks(before, after)).toEqual([]);
    expect(after.get(added)).toEqual(['240-360']);
    expect((await user.client.call('GetTimelineState')).planChanges).toEqual(noChanges);
  });

  it('an event over a planned block moves only that task, busy with that event', async () => {
    const user = await person();
    const before = await threeTasks(user);
    const covered = taskStartingAt(before, at(9));
    server.clock.set(at(7, 10));
    const { event } = await user.client.call('CreateEvent', {
      event: { title: 'Dentist', start: at(9), end: at(10), category: { id: user.categoryId } },
    });
    const after = await blocksByTask(user);
    expect(movedTasks(before, after)).toEqual([covered]);
    expect(after.get(covered)).toEqual(['240-300']);
    const expected = {
      at: at(7, 10),
      moves: [
        {
          task: covered,
          reason: 'busy',
          event: event?.id,
          byTask: '',
          wasStart: at(9),
          nowStart: at(11),
        },
      ],
      causeRequest: lastRequestOf(user, 'CreateEvent'),
    };
    // Answered by every TimelineState: the poll (from the state row), GetTimeline's, later reads.
    expect((await user.client.call('GetTimelineState')).planChanges).toEqual(expected);
    const timeline = await user.client.call('GetTimeline', {
      start: at(7),
      end: at(7) + DAY,
      version: 4,
    });
    expect(timeline.timelineState?.planChanges).toEqual(expected);
    server.clock.set(at(7, 20));
    expect((await user.client.call('GetTimelineState')).planChanges).toEqual(expected);
  });

  it('shortening one task leaves the others in place', async () => {
    const user = await person();
    const before = await threeTasks(user);
    const shortened = taskStartingAt(before, at(9));
    await user.client.call('PutTask', {
      task: { id: shortened, timeScheduled: 30 * MINUTE },
      fields: ['timeScheduled'],
    });
    const after = await blocksByTask(user);
    expect(movedTasks(before, after)).toEqual([shortened]);
    expect(after.get(shortened)).toEqual(['120-150']);
  });

  it('time passing keeps the plan: the first block becomes the session at its planned time', async () => {
    const user = await person();
    const before = await threeTasks(user);
    for (const minutes of [30, 90, 110]) {
      server.clock.set(at(7, minutes));
      expect(await blocksByTask(user)).toEqual(before);
      const state = await user.client.call('GetTimelineState');
      expect(state.planChanges).toEqual(noChanges);
    }
    const first = taskStartingAt(before, at(8));
    expect((await user.client.call('GetTimelineState')).currentBlock).toMatchObject({
      task: first,
      start: at(8),
      end: at(9),
    });
  });

  it('a new task with an earlier deadline displaces only tasks due later, reason deadline', async () => {
    const user = await person();
    const sunday = SATURDAY_7 + DAY;
    await putTask(user, 'Due Sunday', 1, sunday);
    await putTask(user, 'Someday', 1);
    await putTask(user, 'Someday too', 1);
    const before = await blocksByTask(user);
    const dueAt = at(10);
    const urgent = await putTask(user, 'Due at ten', 1, dueAt);
    const after = await blocksByTask(user);
    const moved = movedTasks(before, after);
    expect(moved.length).toBeGreaterThan(0);
    // The urgent task is on time.
    const urgentEnd = Number(after.get(urgent)?.at(-1)?.split('-')[1]);
    expect(SATURDAY_7 + urgentEnd * MINUTE).toBeLessThanOrEqual(dueAt);
    const { tasks } = await user.client.call('GetTasks', { ids: moved });
    for (const task of tasks) expect(task.deadline === -1 || task.deadline > dueAt).toBe(true);
    const { planChanges } = await user.client.call('GetTimelineState');
    expect(planChanges?.causeRequest).toBe(lastRequestOf(user, 'PutTask'));
    expect(planChanges?.moves.map((m) => m.task).sort()).toEqual([...moved].sort());
    // Each move names the deadline that took its time: the new task's, or, down a chain of
    // displaced tasks, one of theirs.
    expect(planChanges?.moves.some((m) => m.byTask === urgent)).toBe(true);
    for (const move of planChanges?.moves ?? []) {
      expect(move).toMatchObject({ reason: 'deadline', event: '' });
      expect([urgent, ...moved]).toContain(move.byTask);
      expect(move.nowStart).toBeGreaterThan(move.wasStart);
    }
  });
});
