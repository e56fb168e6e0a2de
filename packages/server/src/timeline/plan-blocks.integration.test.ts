import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { planBlocksBetween } from './plan-blocks';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

function blocksOf(user: Planner, now: number, start: number, end: number) {
  return server.database.db
    .transaction()
    .execute((trx) => planBlocksBetween(trx, user.userId, now, start, end));
}

async function task(user: Planner, title: string, hours: number): Promise<string> {
  const { task } = await user.client.call('PutTask', {
    task: { title, category: { id: user.categoryId }, timeScheduled: hours * HOUR },
  });
  return task?.id ?? '';
}

describe('planBlocksBetween', () => {
  it('answers the stored session and the planned future with task titles, in order', async () => {
    const user = await signUpPlanner(server);
    const other = await signUpPlanner(server);
    const report = await task(user, 'Write report', 1);
    const paper = await task(user, 'Read paper', 2);
    await task(other, 'Not mine', 1);

    const { blocks } = await blocksOf(user, TEST_NOW, TEST_NOW - DAY, TEST_NOW + DAY);
    expect(blocks).toEqual([
      {
        id: expect.any(String),
        taskId: report,
        title: 'Write report',
        start: TEST_NOW,
        end: TEST_NOW + HOUR,
        planned: false,
      },
      {
        id: `planned:${paper}:${TEST_NOW + HOUR}`,
        taskId: paper,
        title: 'Read paper',
        start: TEST_NOW + HOUR,
        end: TEST_NOW + 3 * HOUR,
        planned: true,
      },
    ]);
    expect(blocks[0]?.id.startsWith('planned:')).toBe(false);
  });

  it('keeps to the window: blocks overlapping it, nothing outside', async () => {
    const user = await signUpPlanner(server);
    await task(user, 'Write report', 1);
    await task(user, 'Read paper', 2);
    const early = await blocksOf(user, TEST_NOW, TEST_NOW - DAY, TEST_NOW + 30 * MINUTE);
    expect(early.blocks.map((b) => b.title)).toEqual(['Write report']);
    const later = await blocksOf(user, TEST_NOW, TEST_NOW + 2 * HOUR, TEST_NOW + DAY);
    expect(later.blocks.map((b) => [b.title, b.planned])).toEqual([['Read paper', true]]);
    const past = await blocksOf(user, TEST_NOW, TEST_NOW - DAY, TEST_NOW - HOUR);
    expect(past.blocks).toEqual([]);
  });

  it('replays the running session up to now: it goes on past its estimate, the rest follows', async () => {
    const user = await signUpPlanner(server);
    const report = await task(user, 'Write report', 1);
    const paper = await task(user, 'Read paper', 1);
    const later = TEST_NOW + 90 * MINUTE;
    const first = await blocksOf(user, later, TEST_NOW - DAY, TEST_NOW + DAY);
    expect(first.changed).toBe(true);
    const [session, next] = first.blocks;
    expect(session).toMatchObject({ taskId: report, start: TEST_NOW, planned: false });
    expect(session?.end).toBeGreaterThan(later);
    expect(next).toMatchObject({ taskId: paper, start: session?.end, planned: true });
    expect(next && next.end - next.start).toBe(HOUR);
    // Read again at the same time: nothing more to replay, the same blocks.
    const second = await blocksOf(user, later, TEST_NOW - DAY, TEST_NOW + DAY);
    expect(second.changed).toBe(false);
    expect(second.blocks).toEqual(first.blocks);
  });
});
