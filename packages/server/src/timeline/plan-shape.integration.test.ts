import { toWallClock } from '@planner/core';
import type { Plain, UserOptions } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import {
  DAY,
  expectRpcError,
  HOUR,
  MINUTE,
  signUpPlanner,
  type Planner,
} from './planning-test-kit';

/*
 * The Planning settings (docs/settings.md): a daily cap on planned task time, a buffer between
 * task blocks, a shortest and a longest block. Set through the options, honoured by every plan
 * the agenda reads; the defaults (0) leave plans as they were.
 */

const ZONE = 'Europe/Berlin';
/**
 * Saturday 28 March 2026, 07:00 in Berlin (CET), inside the rest window (until 08:00): nothing is
 * going on yet, so every task block is a planned one (a session already running keeps its times).
 * The clocks go forward that night.
 */
const SATURDAY_7 = Date.UTC(2026, 2, 28, 6, 0);
const SATURDAY_8 = SATURDAY_7 + HOUR;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: SATURDAY_7 });
});
afterAll(async () => server.close());

interface Span {
  task: string;
  start: number;
  end: number;
}

async function person(taskHours: number[]): Promise<Planner> {
  server.clock.set(SATURDAY_7);
  const user = await signUpPlanner(server, { timezone: ZONE });
  for (const [i, hours] of taskHours.entries()) {
    await user.client.call('PutTask', {
      task: { title: `Task ${i}`, category: { id: user.categoryId }, timeScheduled: hours * HOUR },
    });
  }
  return user;
}

async function setShape(user: Planner, shape: Partial<Plain<UserOptions>>): Promise<void> {
  const { options } = await user.client.call('GetUserProfile');
  await user.client.call('UpdateUserOptions', {
    fields: Object.keys(shape),
    options: { ...options, ...shape },
  });
}

async function taskSpans(user: Planner, days = 6): Promise<Span[]> {
  const timeline = await user.client.call('GetTimeline', {
    start: SATURDAY_7,
    end: SATURDAY_7 + days * DAY,
    version: 4,
  });
  return timeline.blockContainers.flatMap((c) =>
    c.timeblock?.task && !c.timeblock.locking
      ? [{ task: c.timeblock.task.id, start: c.timeblock.start, end: c.timeblock.end }]
      : [],
  );
}

const planned = (spans: Span[]) => spans.reduce((sum, s) => sum + s.end - s.start, 0);

function localDay(t: number): string {
  const wall = toWallClock(t, ZONE);
  return `${wall.year}-${wall.month}-${wall.day}`;
}

describe('the Planning settings', () => {
  it('start off: a new account has no limits, and a long task is one block', async () => {
    const user = await person([3]);
    const { options } = await user.client.call('GetUserProfile');
    expect(options).toMatchObject({ dailyTaskCap: 0, taskBuffer: 0, minBlock: 0, maxBlock: 0 });
    const spans = await taskSpans(user);
    expect(spans).toHaveLength(1);
    expect(spans[0]?.end).toBe((spans[0]?.start ?? 0) + 3 * HOUR);
  });

  it('a longest block and a buffer re-plan the agenda at once', async () => {
    const user = await person([3, 2]);
    const before = await user.client.call('GetTimelineState');
    await setShape(user, { maxBlock: HOUR, taskBuffer: 15 * MINUTE });
    const after = await user.client.call('GetTimelineState');
    expect(after.timelineUpdatedAt).toBeGreaterThan(before.timelineUpdatedAt);

    const spans = await taskSpans(user);
    expect(planned(spans)).toBe(5 * HOUR);
    for (const span of spans) expect(span.end - span.start).toBeLessThanOrEqual(HOUR);
    const sorted = [...spans].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i += 1) {
      expect((sorted[i]?.start ?? 0) - (sorted[i - 1]?.end ?? 0)).toBeGreaterThanOrEqual(
        15 * MINUTE,
      );
    }
  });

  it('a daily cap holds on each local day, the short spring-forward Sunday too', async () => {
    const user = await person([3, 3, 3, 3]);
    await setShape(user, { dailyTaskCap: 3 * HOUR });
    const spans = await taskSpans(user);
    const perDay = new Map<string, number>();
    for (const span of spans) {
      expect(localDay(span.start)).toBe(localDay(span.end - 1));
      perDay.set(
        localDay(span.start),
        (perDay.get(localDay(span.start)) ?? 0) + span.end - span.start,
      );
    }
    expect([...perDay.values()].every((time) => time <= 3 * HOUR)).toBe(true);
    expect(perDay.get(localDay(SATURDAY_7 + DAY))).toBe(3 * HOUR);
    // Twelve hours at three a day: Saturday to Tuesday, all of it planned.
    expect(planned(spans)).toBe(12 * HOUR);
    expect(perDay.size).toBe(4);
  });

  it('a shortest block leaves a gap too short for it empty', async () => {
    const user = await person([2]);
    // A meeting from 08:30 leaves half an hour after the rest window ends.
    await user.client.call('CreateEvent', {
      event: {
        title: 'Stand-up',
        start: SATURDAY_8 + 30 * MINUTE,
        end: SATURDAY_8 + 90 * MINUTE,
        category: { id: user.categoryId },
        timezone: ZONE,
      },
    });
    expect((await taskSpans(user))[0]?.start).toBe(SATURDAY_8);
    await setShape(user, { minBlock: 45 * MINUTE });
    const spans = await taskSpans(user);
    expect(spans[0]?.start).toBeGreaterThanOrEqual(SATURDAY_8 + 90 * MINUTE);
    expect(planned(spans)).toBe(2 * HOUR);
  });

  it('refuses a longest block shorter than the shortest, and keeps what was stored', async () => {
    const user = await person([]);
    const { options } = await user.client.call('GetUserProfile');
    await expectRpcError(
      user.client.call('UpdateUserOptions', {
        fields: ['minBlock', 'maxBlock'],
        options: { ...options, minBlock: HOUR, maxBlock: 30 * MINUTE },
      }),
      400,
      '"options.maxBlock"',
    );
    expect((await user.client.call('GetUserProfile')).options).toEqual(options);
  });
});
