import { DAY_MS, HOUR_MS } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import { insertBlock } from '../plan-store/timeline-repository';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function task(u: SignedUpUser, title: string, category: string): Promise<string> {
  const { task: created } = await u.client.call('PutTask', {
    task: { title, category: { id: category }, timeScheduled: HOUR_MS },
  });
  return created?.id ?? '';
}

async function guess(u: SignedUpUser, title: string) {
  const answer = await u.client.call('GuessTaskCategory', { title });
  return { best: answer.category?.id, suggestions: answer.suggestions.map((c) => c.id) };
}

describe('GuessTaskCategory', () => {
  it('suggests the categories in their order when there is no history', async () => {
    const user = await server.signUp();
    expect(await guess(user, 'Anything')).toEqual({
      best: 'work',
      suggestions: ['work', 'personal', 'study', 'health'],
    });
  });

  it('guesses from the titles of past tasks, typed prefixes included', async () => {
    const user = await server.signUp();
    await task(user, 'Team meeting', 'work');
    await task(user, 'Weekly team sync', 'work');
    await task(user, 'Read a novel', 'personal');
    await task(user, 'Math homework', 'study');
    await task(user, 'Physics homework', 'study');
    expect((await guess(user, 'team meeting notes')).best).toBe('work');
    expect((await guess(user, 'Chemistry homework')).best).toBe('study');
    expect((await guess(user, 'novel')).best).toBe('personal');
    expect((await guess(user, 'homew')).best).toBe('study');
    const all = await guess(user, 'homework for the team');
    expect(all.suggestions.slice(0, 2).sort()).toEqual(['study', 'work']);
    expect(all.suggestions).toHaveLength(4);
  });

  it('falls back to the most used categories of the last 60 days', async () => {
    const user = await server.signUp();
    const gym = await task(user, 'Gym', 'health');
    const old = await task(user, 'Old course', 'study');
    const add = (id: string, taskId: string, start: number, hours: number) =>
      insertBlock(server.database.db, user.userId, {
        id,
        taskId,
        eventId: null,
        start,
        end: start + hours * HOUR_MS,
        isFixed: false,
        isRest: false,
        createdAt: start,
        updatedAt: start,
      });
    await add('recent', gym, TEST_NOW - 3 * DAY_MS, 2);
    // Older than 60 days: not counted.
    await add('old', old, TEST_NOW - 70 * DAY_MS, 50);
    const { best, suggestions } = await guess(user, 'Something new');
    expect(best).toBe('health');
    expect(suggestions[0]).toBe('health');
    expect(suggestions).toHaveLength(4);
  });

  it("never learns from another user's tasks", async () => {
    const user = await server.signUp();
    const other = await server.signUp();
    await task(other, 'Quarterly taxes', 'health');
    expect((await guess(user, 'Quarterly taxes')).best).toBe('work');
  });
});
