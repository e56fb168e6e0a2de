import { DAY_MS, HOUR_MS, MINUTE_MS } from '@planner/core';
import type { Plain, PlainInit, Task as WireTask } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';
import { NEVER } from '../plan-store/timeblock';

/*
 * Recurring tasks make their instances as occurrences arrive, for a user in Europe/Berlin. The
 * spring change is Sunday 29 March 2026 (02:00 CET -> 03:00 CEST): 09:00 local is 08:00 UTC
 * before it and 07:00 UTC after. Instances are made on the 5-second poll (GetTimelineState)
 * unless a test says otherwise.
 */
const ZONE = 'Europe/Berlin';
const utc = (month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(2026, month - 1, day, hour, minute);
const iso = (ms: number) => new Date(ms).toISOString();
const daily = { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: utc(3, 27, 12) });
});
afterAll(() => server.close());

function signUpIn(zone: string): Promise<SignedUpUser> {
  return server.signUp({ timezone: zone });
}

async function startSeries(
  user: SignedUpUser,
  task: PlainInit<WireTask>,
): Promise<{ id: string; task: Plain<WireTask> }> {
  const answer = await user.client.call('PutTask', {
    task: { title: 'Water plants', category: { id: 'personal' }, timeScheduled: HOUR_MS, ...task },
  });
  if (!answer.task) throw new Error('no task');
  return { id: answer.task.id, task: answer.task };
}

/** Moves the clock and polls, the cheapest call a client makes. */
async function pollAt(user: SignedUpUser, at: number): Promise<void> {
  server.clock.set(at);
  await user.client.call('GetTimelineState', {});
}

/** [instanceNumber, expectedStart, title] of a series' stored tasks. */
async function instances(user: SignedUpUser, seriesId: string) {
  const rows = await server.database.db
    .selectFrom('tasks')
    .select(['instance_number', 'expected_start', 'title'])
    .where('user_id', '=', user.userId)
    .where('recurring_task_id', '=', seriesId)
    .orderBy('instance_number')
    .execute();
  return rows.map((r) => [r.instance_number, iso(Number(r.expected_start)), r.title]);
}

async function nextRecurringTaskAt(user: SignedUpUser): Promise<number> {
  const row = await server.database.db
    .selectFrom('timeline_state')
    .select('next_recurring_task_at')
    .where('user_id', '=', user.userId)
    .executeTakeFirstOrThrow();
  return Number(row.next_recurring_task_at);
}

describe('a recurring task makes its instances as occurrences arrive', () => {
  it('keeps 09:00 local across the spring change, copying the task', async () => {
    server.clock.set(utc(3, 27, 12));
    const user = await signUpIn(ZONE);
    const { id, task } = await startSeries(user, {
      recurrenceRule: daily,
      expectedStart: utc(3, 27, 8),
      deadline: utc(3, 27, 8) + 8 * HOUR_MS,
      note: 'the balcony too',
      checklist: [{ content: 'Fern', done: true, sort: 0 }],
    });
    expect(task).toMatchObject({ recurringTaskId: id, instanceNumber: 0 });
    expect(task.expectedStart).toBe(utc(3, 27, 8));
    expect(await nextRecurringTaskAt(user)).toBe(utc(3, 28, 8));

    await pollAt(user, utc(3, 28, 8) - 1);
    expect(await instances(user, id)).toHaveLength(1);
    await pollAt(user, utc(3, 28, 8));
    await pollAt(user, utc(3, 29, 7) - 1);
    expect(await nextRecurringTaskAt(user)).toBe(utc(3, 29, 7));
    await pollAt(user, utc(3, 29, 7));
    await pollAt(user, utc(3, 30, 7, 30));
    expect(await instances(user, id)).toEqual([
      [0, iso(utc(3, 27, 8)), 'Water plants'],
      [1, iso(utc(3, 28, 8)), 'Water plants'],
      [2, iso(utc(3, 29, 7)), 'Water plants'],
      [3, iso(utc(3, 30, 7)), 'Water plants'],
    ]);
    const { tasks } = await user.client.call('GetTasks', { status: 'all', withNote: true });
    const third = tasks.find((t) => t.instanceNumber === 2);
    expect(third).toMatchObject({
      title: 'Water plants',
      category: { id: 'personal' },
      timeScheduled: HOUR_MS,
      note: 'the balcony too',
      recurrenceRule: daily,
      recurringTaskId: id,
      expectedStart: utc(3, 29, 7),
      deadline: utc(3, 29, 7) + 8 * HOUR_MS,
      createdAt: utc(3, 29, 7),
      isCompleted: false,
    });
    expect(third?.checklist.map((c) => [c.content, c.done])).toEqual([['Fern', false]]);
  });

  it('follows a weekly rule on chosen days', async () => {
    server.clock.set(utc(4, 6, 6));
    const user = await signUpIn(ZONE);
    // Monday 6 April, 09:00 CEST; Monday, Wednesday and Friday.
    const { id } = await startSeries(user, {
      recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: 'MO,WE,FR' },
      expectedStart: utc(4, 6, 7),
    });
    await pollAt(user, utc(4, 7, 12));
    await pollAt(user, utc(4, 8, 7));
    await pollAt(user, utc(4, 9, 23));
    await pollAt(user, utc(4, 10, 7, 5));
    expect((await instances(user, id)).map(([n, start]) => [n, start])).toEqual([
      [0, iso(utc(4, 6, 7))],
      [1, iso(utc(4, 8, 7))],
      [2, iso(utc(4, 10, 7))],
    ]);
    expect(await nextRecurringTaskAt(user)).toBe(utc(4, 13, 7));
  });

  it('makes every listed day after a start on a day the weekly rule leaves out', async () => {
    server.clock.set(utc(4, 7, 6));
    const user = await signUpIn(ZONE);
    // Tuesday 7 April, 09:00 CEST: the saved task itself, then Monday, Wednesday and Friday.
    const { id } = await startSeries(user, {
      recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: 'MO,WE,FR' },
      expectedStart: utc(4, 7, 7),
    });
    expect(await nextRecurringTaskAt(user)).toBe(utc(4, 8, 7));
    await pollAt(user, utc(4, 8, 7));
    await pollAt(user, utc(4, 10, 7));
    expect((await instances(user, id)).map(([n, start]) => [n, start])).toEqual([
      [0, iso(utc(4, 7, 7))],
      [1, iso(utc(4, 8, 7))],
      [2, iso(utc(4, 10, 7))],
    ]);
    expect(await nextRecurringTaskAt(user)).toBe(utc(4, 13, 7));
  });

  it('ends after count occurrences', async () => {
    server.clock.set(utc(4, 6, 6));
    const user = await signUpIn(ZONE);
    const { id } = await startSeries(user, {
      recurrenceRule: { ...daily, count: 3 },
      expectedStart: utc(4, 6, 7),
    });
    for (const day of [7, 8, 9, 10, 20]) await pollAt(user, utc(4, day, 12));
    expect((await instances(user, id)).map(([n]) => n)).toEqual([0, 1, 2]);
    expect(await nextRecurringTaskAt(user)).toBe(NEVER);
  });

  it('makes one instance, the latest, for a person away for ten days', async () => {
    server.clock.set(utc(4, 6, 6));
    const user = await signUpIn(ZONE);
    const { id } = await startSeries(user, { recurrenceRule: daily, expectedStart: utc(4, 6, 7) });
    server.clock.set(utc(4, 16, 12));
    // Any call that opens the timeline makes it: here the agenda's first read.
    await user.client.call('GetTimeline', { start: utc(4, 16, 0), end: utc(4, 17, 0) });
    expect(await instances(user, id)).toEqual([
      [0, iso(utc(4, 6, 7)), 'Water plants'],
      [10, iso(utc(4, 16, 7)), 'Water plants'],
    ]);
    const { tasks } = await user.client.call('GetTasks', { status: 'todo' });
    expect(tasks.map((t) => t.instanceNumber).sort()).toEqual([0, 10]);
  });

  it('starts at the creation time when no expected start is given', async () => {
    server.clock.set(utc(4, 6, 6, 30));
    const user = await signUpIn(ZONE);
    const { id, task } = await startSeries(user, { recurrenceRule: daily });
    expect(task.expectedStart).toBe(utc(4, 6, 6, 30));
    await pollAt(user, utc(4, 7, 6, 30));
    expect((await instances(user, id)).map(([n, start]) => [n, start])).toEqual([
      [0, iso(utc(4, 6, 6, 30))],
      [1, iso(utc(4, 7, 6, 30))],
    ]);
  });

  it('never makes an instance twice under concurrent reads', async () => {
    server.clock.set(utc(4, 6, 6));
    const user = await signUpIn(ZONE);
    const { id } = await startSeries(user, { recurrenceRule: daily, expectedStart: utc(4, 6, 7) });
    server.clock.set(utc(4, 7, 7));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 3 === 0
          ? user.client.call('GetTimelineState', {})
          : i % 3 === 1
            ? user.client.call('GetTimeline', { start: utc(4, 7, 0), end: utc(4, 8, 0) })
            : user.client.call('GetTasks', { status: 'todo' }),
      ),
    );
    expect((await instances(user, id)).map(([n]) => n)).toEqual([0, 1]);
  });

  it("never touches another user's series", async () => {
    server.clock.set(utc(4, 6, 6));
    const owner = await signUpIn(ZONE);
    const other = await signUpIn(ZONE);
    const { id } = await startSeries(owner, { recurrenceRule: daily, expectedStart: utc(4, 6, 7) });
    await pollAt(other, utc(4, 8, 12));
    await other.client.call('GetTasks', { status: 'all' });
    expect(await instances(owner, id)).toHaveLength(1);
    expect((await other.client.call('GetTasks', { status: 'all' })).tasks).toEqual([]);
    await pollAt(owner, utc(4, 8, 12));
    expect((await instances(owner, id)).map(([n]) => n)).toEqual([0, 2]);
  });
});

describe('changing or deleting a series stops what is to come', () => {
  async function dailyFrom6April() {
    server.clock.set(utc(4, 6, 6));
    const user = await signUpIn(ZONE);
    const { id } = await startSeries(user, { recurrenceRule: daily, expectedStart: utc(4, 6, 7) });
    await pollAt(user, utc(4, 7, 8));
    const [, first] = (await user.client.call('GetTasks', { status: 'todo' })).tasks
      .filter((t) => t.recurringTaskId === id)
      .sort((a, b) => a.instanceNumber - b.instanceNumber);
    if (!first) throw new Error('instance 1 missing');
    return { user, id, first };
  }

  it('updateType 2 with no rule ends the series', async () => {
    const { user, id } = await dailyFrom6April();
    await user.client.call('PutTask', {
      task: { id, recurrenceRule: { ...daily, freq: 'none' } },
      fields: ['recurrenceRule'],
      updateType: 2,
    });
    await pollAt(user, utc(4, 10, 12));
    expect((await instances(user, id)).map(([n]) => n)).toEqual([0, 1]);
    const { tasks } = await user.client.call('GetTasks', { status: 'all' });
    expect(tasks.every((t) => t.recurrenceRule === undefined)).toBe(true);
  });

  it('a rule set again after the series ended starts a new series from that task', async () => {
    const { user, id, first } = await dailyFrom6April();
    await user.client.call('PutTask', {
      task: { id, recurrenceRule: { ...daily, freq: 'none' } },
      fields: ['recurrenceRule'],
      updateType: 2,
    });
    const { task } = await user.client.call('PutTask', {
      task: { id: first.id, recurrenceRule: daily },
      fields: ['recurrenceRule'],
    });
    expect(task).toMatchObject({ recurringTaskId: first.id, instanceNumber: 0 });
    await pollAt(user, utc(4, 8, 8));
    expect((await instances(user, first.id)).map(([n, start]) => [n, start])).toEqual([
      [0, iso(utc(4, 7, 7))],
      [1, iso(utc(4, 8, 7))],
    ]);
    // The ended series made no more.
    expect((await instances(user, id)).map(([n]) => n)).toEqual([0]);
  });

  it('updateType 1 with another rule goes on from the newest instance', async () => {
    const { user, id, first } = await dailyFrom6April();
    await user.client.call('PutTask', {
      task: { id: first.id, recurrenceRule: { ...daily, freq: 'WEEKLY' } },
      fields: ['recurrenceRule'],
      updateType: 1,
    });
    await pollAt(user, utc(4, 13, 12));
    await pollAt(user, utc(4, 14, 8));
    expect((await instances(user, id)).map(([n, start]) => [n, start])).toEqual([
      [0, iso(utc(4, 6, 7))],
      [1, iso(utc(4, 7, 7))],
      [2, iso(utc(4, 14, 7))],
    ]);
  });

  it('updateType 1 and 2 edits reach the instances to come, updateType 0 edits do not', async () => {
    const { user, id, first } = await dailyFrom6April();
    await user.client.call('PutTask', {
      task: { id: first.id, title: 'Only tuesday' },
      fields: ['title'],
      updateType: 0,
    });
    await pollAt(user, utc(4, 8, 8));
    expect((await instances(user, id)).map(([n, , title]) => [n, title])).toEqual([
      [0, 'Water plants'],
      [1, 'Only tuesday'],
      [2, 'Water plants'],
    ]);
    await user.client.call('PutTask', {
      task: { id, title: 'Water the garden', timeScheduled: 30 * MINUTE_MS },
      fields: ['title', 'timeScheduled'],
      updateType: 2,
    });
    await pollAt(user, utc(4, 9, 8));
    expect((await instances(user, id)).map(([n, , title]) => [n, title])).toEqual([
      [0, 'Water the garden'],
      [1, 'Water the garden'],
      [2, 'Water the garden'],
      [3, 'Water the garden'],
    ]);
    const { tasks } = await user.client.call('GetTasks', { status: 'all' });
    expect(tasks.find((t) => t.instanceNumber === 3)?.timeScheduled).toBe(30 * MINUTE_MS);
  });

  it('deleteType 1 removes this and the following, and makes no more', async () => {
    const { user, id, first } = await dailyFrom6April();
    await user.client.call('DeleteTaskV2', { task: { id: first.id }, deleteType: 1 });
    await pollAt(user, utc(4, 12, 12));
    expect((await instances(user, id)).map(([n]) => n)).toEqual([0]);
  });

  it('deleteType 2 removes the series and makes no more', async () => {
    const { user, id } = await dailyFrom6April();
    await user.client.call('DeleteTaskV2', { task: { id }, deleteType: 2 });
    await pollAt(user, utc(4, 12, 12));
    expect(await instances(user, id)).toEqual([]);
  });

  it('deleteType 0 removes one instance; the series goes on without making it again', async () => {
    const { user, id, first } = await dailyFrom6April();
    await user.client.call('DeleteTaskV2', { task: { id: first.id }, deleteType: 0 });
    await pollAt(user, utc(4, 7, 20));
    expect((await instances(user, id)).map(([n]) => n)).toEqual([0]);
    await pollAt(user, utc(4, 8, 7) + DAY_MS / 2);
    expect((await instances(user, id)).map(([n]) => n)).toEqual([0, 2]);
  });
});
