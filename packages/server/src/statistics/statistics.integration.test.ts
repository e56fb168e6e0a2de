import { DAY_MS, HOUR_MS, MINUTE_MS } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcError } from '../events/rpc-error-helper';
import {
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import { insertBlock } from '../plan-store/timeline-repository';

let server: TestServer;
let user: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp();
});
afterAll(() => server.close());

const jan = (day: number, hour = 0) => Date.UTC(2026, 0, day, hour);
let blockCount = 0;

async function block(
  u: SignedUpUser,
  start: number,
  end: number,
  ref: { taskId?: string; eventId?: string; isRest?: boolean },
): Promise<void> {
  blockCount += 1;
  await insertBlock(server.database.db, u.userId, {
    id: `b${blockCount}`,
    taskId: ref.taskId ?? null,
    eventId: ref.eventId ?? null,
    start,
    end,
    isFixed: false,
    isRest: ref.isRest ?? false,
    createdAt: start,
    updatedAt: start,
  });
}

async function task(u: SignedUpUser, title: string, category: string): Promise<string> {
  const { task: created } = await u.client.call('PutTask', {
    task: { title, category: { id: category }, timeScheduled: HOUR_MS },
  });
  return created?.id ?? '';
}

const day = (d: number) => ({ start: jan(d), end: jan(d + 1) });

describe('GetTimeStatistics', () => {
  let report = '';
  let study = '';
  let meeting = '';

  beforeAll(async () => {
    report = await task(user, 'Write report', 'work');
    study = await task(user, 'Math homework', 'study');
    const { event } = await user.client.call('CreateEvent', {
      event: { title: 'Gym', start: jan(3, 10), end: jan(3, 11), category: { id: 'health' } },
    });
    meeting = event?.id ?? '';
    await block(user, jan(2, 9), jan(2, 10), { taskId: report });
    await block(user, jan(2, 11), jan(2, 11) + 30 * MINUTE_MS, { taskId: study });
    await block(user, jan(2, 12), jan(2, 13), { isRest: true });
    await block(user, jan(3, 23), jan(4, 1), { taskId: report });
    // The block running now counts only up to now.
    await block(user, TEST_NOW - 30 * MINUTE_MS, TEST_NOW + 30 * MINUTE_MS, { taskId: study });
  });

  it('answers time per category, task and event for each point, rests left out', async () => {
    const { points } = await user.client.call('GetTimeStatistics', {
      points: [day(2), day(3), day(4), day(5)],
    });
    expect(points).toEqual([
      {
        ...day(2),
        categories: { work: HOUR_MS, study: 30 * MINUTE_MS },
        tasks: { [report]: HOUR_MS, [study]: 30 * MINUTE_MS },
        events: {},
        sum: 90 * MINUTE_MS,
      },
      {
        ...day(3),
        categories: { health: HOUR_MS, work: HOUR_MS },
        tasks: { [report]: HOUR_MS },
        events: { [meeting]: HOUR_MS },
        sum: 2 * HOUR_MS,
      },
      {
        ...day(4),
        categories: { work: HOUR_MS },
        tasks: { [report]: HOUR_MS },
        events: {},
        sum: HOUR_MS,
      },
      {
        ...day(5),
        categories: { study: 30 * MINUTE_MS },
        tasks: { [study]: 30 * MINUTE_MS },
        events: {},
        sum: 30 * MINUTE_MS,
      },
    ]);
  });

  it('counts only one task for the task trend graph', async () => {
    const { points } = await user.client.call('GetTimeStatistics', {
      points: [{ start: jan(1), end: jan(8) }],
      taskId: report,
    });
    expect(points[0]).toMatchObject({ tasks: { [report]: 3 * HOUR_MS }, sum: 3 * HOUR_MS });
  });

  it("never counts another user's time", async () => {
    const other = await server.signUp();
    const { points } = await other.client.call('GetTimeStatistics', { points: [day(2), day(3)] });
    expect(points.map((p) => p.sum)).toEqual([0, 0]);
    const foreign = await other.client.call('GetTimeStatistics', {
      points: [day(2)],
      taskId: report,
    });
    expect(foreign.points[0]?.sum).toBe(0);
  });

  it('keeps month and year points for paid accounts (4201 for free ones)', async () => {
    const month = { start: jan(1), end: Date.UTC(2026, 1, 1) };
    const error = await rpcError(user.client.call('GetTimeStatistics', { points: [month] }));
    expect(error).toMatchObject({ code: 4201, message: 'analysisTypeLimit' });
    const week = await user.client.call('GetTimeStatistics', {
      points: [{ start: jan(1), end: jan(1) + 7 * DAY_MS }],
    });
    expect(week.points[0]?.sum).toBe(5 * HOUR_MS);
    await server.database.db
      .updateTable('users')
      .set({ premium_level: 1 })
      .where('user_id', '=', user.userId)
      .execute();
    const paid = await user.client.call('GetTimeStatistics', { points: [month] });
    expect(paid.points[0]?.sum).toBe(5 * HOUR_MS);
  });

  it('refuses backwards points, too many points and wrong types', async () => {
    const backwards = await rpcError(
      user.client.call('GetTimeStatistics', { points: [{ start: jan(3), end: jan(2) }] }),
    );
    expect(backwards.code).toBe(400);
    const many = await rpcError(
      user.client.call('GetTimeStatistics', {
        points: Array.from({ length: 1001 }, (_, i) => ({ start: i, end: i + 1 })),
      }),
    );
    expect(many.code).toBe(400);
    const wrong = await server.postJson(
      'GetTimeStatistics',
      { points: [{ start: 'monday', end: 1 }] },
      { authorization: `Bearer ${user.token}` },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/start/);
    expect((await user.client.call('GetTimeStatistics', { points: [] })).points).toEqual([]);
  });
});
