import { DAY_MS, HOUR_MS } from '@planner/core';
import type { Event as WireEvent, PlainInit } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';

/*
 * GetTimeline keeps expanded event instances per user. The clock is never advanced here: every
 * write lands in the same millisecond as the one before, which a timestamp key cannot tell apart.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const start = TEST_NOW + 2 * HOUR_MS;
const window = { start: TEST_NOW - DAY_MS, end: TEST_NOW + 7 * DAY_MS, version: 4 };

async function create(user: SignedUpUser, overrides: PlainInit<WireEvent> = {}) {
  const { event } = await user.client.call('CreateEvent', {
    event: {
      title: 'A',
      start,
      end: start + HOUR_MS,
      category: { id: 'health' },
      timezone: 'UTC',
      ...overrides,
    },
  });
  if (!event) throw new Error('CreateEvent answered no event');
  return event;
}

/** The events of the timeline window, as [title, category colour]. */
async function timelineEvents(user: SignedUpUser): Promise<[string, string][]> {
  const { blockContainers } = await user.client.call('GetTimeline', window);
  return blockContainers.flatMap((c) =>
    c.event?.id ? [[c.event.title, c.event.category?.color ?? ''] satisfies [string, string]] : [],
  );
}

const titles = async (user: SignedUpUser) => (await timelineEvents(user)).map(([t]) => t);

describe('GetTimeline after calendar writes in the same millisecond', () => {
  it('shows an event title changed right after it was created', async () => {
    const user = await server.signUp();
    const event = await create(user);
    expect(await titles(user)).toEqual(['A']);
    await user.client.call('UpdateEvent', {
      newEvent: { title: 'B' },
      oldEvent: { id: event.id },
      fields: ['title'],
      apiVersion: 1,
    });
    const read = await user.client.call('GetEvent', { event: { id: event.id } });
    expect(read.event?.title).toBe('B');
    expect(await titles(user)).toEqual(['B']);
    expect(server.clock.now()).toBe(TEST_NOW);
  });

  it('drops an instance deleted with "this one"', async () => {
    const user = await server.signUp();
    const event = await create(user, {
      title: 'Standup',
      recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 3 },
    });
    expect(await titles(user)).toEqual(['Standup', 'Standup', 'Standup']);
    await user.client.call('DeleteEvent', {
      event: { id: event.id, instanceNumber: 1, isVirtual: true },
      apiVersion: 1,
      updateType: 0,
    });
    expect(await titles(user)).toEqual(['Standup', 'Standup']);
  });

  it("shows a category's new colour on its events", async () => {
    const user = await server.signUp();
    await create(user);
    expect(await timelineEvents(user)).toEqual([['A', 'Red-500']]);
    await user.client.call('PutCategory', {
      category: { id: 'health', title: 'Health', color: 'Teal-500' },
    });
    expect(await timelineEvents(user)).toEqual([['A', 'Teal-500']]);
  });

  it('forgets what a rolled-back Chain saw, even when the next change reuses its revision', async () => {
    const user = await server.signUp();
    const event = await create(user);
    expect(await titles(user)).toEqual(['A']);
    const rename = (title: string) => ({
      newEvent: { title },
      oldEvent: { id: event.id },
      fields: ['title'],
      apiVersion: 1,
    });
    await expect(
      user.client.chain([
        { method: 'UpdateEvent', data: rename('Ghost') },
        { method: 'GetTimeline', data: window },
        { method: 'GetEvent', data: { event: { id: 'missing' } } },
      ]),
    ).rejects.toMatchObject({ code: 404 });
    // No timeline read in between: it would replace what the Chain's GetTimeline left behind.
    const read = await user.client.call('GetEvent', { event: { id: event.id } });
    expect(read.event?.title).toBe('A');
    await user.client.call('UpdateEvent', rename('Real'));
    expect(await titles(user)).toEqual(['Real']);
  });
});

describe('what one call keeps for the next steps, and the cached categories', () => {
  it('a task shows its category as changed a moment ago, in a later call and in the same Chain', async () => {
    const user = await server.signUp();
    const { task } = await user.client.call('PutTask', {
      task: { title: 'Run', category: { id: 'health' }, timeScheduled: HOUR_MS },
    });
    const categoryOf = async () =>
      (await user.client.call('GetTasks', { status: 'todo' })).tasks.find((t) => t.id === task?.id)
        ?.category?.title;
    expect(await categoryOf()).toBe('Health');
    await user.client.call('PutCategory', {
      category: { id: 'health', title: 'Fitness', color: 'Teal-500' },
    });
    expect(await categoryOf()).toBe('Fitness');
    const taskCategory = (t: {
      blockContainers: { timeblock?: { task?: { category?: { title: string } } } }[];
    }) => t.blockContainers.find((c) => c.timeblock?.task)?.timeblock?.task?.category?.title;
    const [, inChain] = await user.client.chain([
      {
        method: 'PutCategory',
        data: { category: { id: 'health', title: 'Sport', color: 'Teal-500' } },
      },
      { method: 'GetTimeline', data: window },
    ]);
    expect(taskCategory(inChain)).toBe('Sport');
    expect(taskCategory(await user.client.call('GetTimeline', window))).toBe('Sport');
  });

  it('a Chain reads the account as its earlier step changed it', async () => {
    const user = await server.signUp();
    expect((await user.client.call('GetUserProfile')).user?.name).not.toBe('Grace Hopper');
    const [, profile] = await user.client.chain([
      { method: 'UpdateUser', data: { name: 'Grace Hopper' } },
      { method: 'GetUserProfile', data: {} },
    ]);
    expect(profile.user?.name).toBe('Grace Hopper');
  });
});
