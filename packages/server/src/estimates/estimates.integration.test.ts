import { DAY_MS, HOUR_MS, MINUTE_MS } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';
import { insertBlock } from '../plan-store/timeline-repository';
import { ESTIMATE_WINDOW_MS } from './estimates-service';

/*
 * Estimate accuracy against hand-computed values. Now is 25 November 2026, 12:00 UTC.
 *
 * work (estimates 1 h each), done in the window: tracked 60, 90 (two blocks of 45), 80 min and
 * 600 min (left running overnight). Ratios 1, 1.5, 1.33.., 10: the median is
 * (1.333.. + 1.5) / 2 = 1.4166.. -> 1.42; sums: 4 h estimated, 830 min tracked.
 * study: two done tasks (too few to learn: ratio 0).
 * Not counted: an open work task with tracked time, a done one without tracked time, one done
 * 91 days ago, and rests.
 */
const NOW = Date.UTC(2026, 10, 25, 12);
const DAY_AGO = NOW - DAY_MS;

let server: TestServer;
let user: SignedUpUser;
let blocks = 0;

async function block(taskId: string, start: number, minutes: number, isRest = false) {
  blocks += 1;
  await insertBlock(server.database.db, user.userId, {
    id: `estimate-${blocks}`,
    taskId,
    eventId: null,
    start,
    end: start + minutes * MINUTE_MS,
    isFixed: false,
    isRest,
    createdAt: start,
    updatedAt: start,
  });
}

async function task(category: string, estimate: number, completedAt: number | null) {
  const { task: created } = await user.client.call('PutTask', {
    task: { title: 'T', category: { id: category }, timeScheduled: estimate },
  });
  const id = created?.id ?? '';
  if (completedAt !== null) {
    await server.database.db
      .updateTable('tasks')
      .set({ is_completed: 1, completed_at: completedAt })
      .where('user_id', '=', user.userId)
      .where('id', '=', id)
      .execute();
  }
  return id;
}

beforeAll(async () => {
  server = await startTestServer({ now: NOW });
  user = await server.signUp();
  const start = DAY_AGO - 20 * HOUR_MS;
  await block(await task('work', HOUR_MS, DAY_AGO), start, 60);
  const twoBlocks = await task('work', HOUR_MS, DAY_AGO);
  await block(twoBlocks, start + 2 * HOUR_MS, 45);
  await block(twoBlocks, start + 4 * HOUR_MS, 45);
  const withRest = await task('work', HOUR_MS, DAY_AGO);
  await block(withRest, start + 6 * HOUR_MS, 80);
  await block(withRest, start + 8 * HOUR_MS, 30, true);
  await block(await task('work', HOUR_MS, DAY_AGO), start + 10 * HOUR_MS, 600);
  await block(await task('study', 2 * HOUR_MS, DAY_AGO), start, 60);
  await block(await task('study', 2 * HOUR_MS, DAY_AGO), start, 180);
  // Not counted:
  await block(await task('work', HOUR_MS, null), start, 300);
  await task('work', HOUR_MS, DAY_AGO);
  const old = NOW - ESTIMATE_WINDOW_MS - DAY_MS;
  await block(await task('work', HOUR_MS, old), old - HOUR_MS, 300);
});
afterAll(() => server.close());

describe('GetEstimateAccuracy', () => {
  it('measures against the estimate given, not what marking done (0) or a later edit leaves', async () => {
    const other = await server.signUp();
    const put = async (estimate: number) =>
      (
        await other.client.call('PutTask', {
          task: { title: 'Call', category: { id: 'personal' }, timeScheduled: estimate },
        })
      ).task?.id ?? '';
    // Estimates 30, 30 and 60 min (the last typed again as 20 min before it was done).
    const ids = [await put(30 * MINUTE_MS), await put(30 * MINUTE_MS), await put(60 * MINUTE_MS)];
    await other.client.call('PutTask', {
      task: { id: ids[2], timeScheduled: 20 * MINUTE_MS },
      fields: ['timeScheduled'],
    });
    const tracked = [45, 30, 30];
    for (const [i, id] of ids.entries()) {
      blocks += 1;
      const start = DAY_AGO + i * HOUR_MS;
      await insertBlock(server.database.db, other.userId, {
        id: `estimate-other-${blocks}`,
        taskId: id,
        eventId: null,
        start,
        end: start + (tracked[i] as number) * MINUTE_MS,
        isFixed: false,
        isRest: false,
        createdAt: start,
        updatedAt: start,
      });
    }
    const { tasks } = await other.client.call('PutMultipleTasks', {
      req: ids.map((id) => ({ task: { id, isCompleted: true }, fields: ['isCompleted'] })),
    });
    expect(tasks.map((t) => t.timeScheduled)).toEqual([0, 0, 0]);
    // Ratios 1.5, 1 and 1.5: the median is 1.5.
    expect((await other.client.call('GetEstimateAccuracy')).categories).toEqual([
      {
        categoryId: 'personal',
        doneTasks: 3,
        estimated: 80 * MINUTE_MS,
        tracked: 105 * MINUTE_MS,
        ratio: 1.5,
      },
    ]);
  });

  it('learns the median ratio per category from done, estimated, tracked tasks', async () => {
    const { categories } = await user.client.call('GetEstimateAccuracy');
    expect(categories).toEqual([
      { categoryId: 'study', doneTasks: 2, estimated: 4 * HOUR_MS, tracked: 4 * HOUR_MS, ratio: 0 },
      {
        categoryId: 'work',
        doneTasks: 4,
        estimated: 4 * HOUR_MS,
        tracked: 830 * MINUTE_MS,
        ratio: 1.42,
      },
    ]);
  });

  it('forgets tasks done more than 90 days ago', async () => {
    server.clock.advance(ESTIMATE_WINDOW_MS);
    const { categories } = await user.client.call('GetEstimateAccuracy');
    expect(categories).toEqual([]);
  });

  it('answers only the signed-in user and needs a session', async () => {
    const other = await server.signUp();
    expect((await other.client.call('GetEstimateAccuracy')).categories).toEqual([]);
    await expect(server.client().call('GetEstimateAccuracy')).rejects.toMatchObject({ code: 16 });
  });
});
