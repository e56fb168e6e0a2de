import { HOUR_MS } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcError } from '../events/rpc-error-helper';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';
import { insertBlock } from '../plan-store/timeline-repository';

/*
 * The analysis views' totals against hand-computed values, for a user in Europe/Berlin across
 * both 2026 clock changes: Sunday 29 March is 23 hours long (local midnight 28 March 23:00 UTC
 * to 29 March 22:00 UTC), Sunday 25 October 25 hours (24 October 22:00 UTC to 25 October 23:00
 * UTC). Now is 25 November 2026, 13:00 local.
 */
const ZONE = 'Europe/Berlin';
const NOW = Date.UTC(2026, 10, 25, 12);
const z = (month: number, day: number, hour: number) => Date.UTC(2026, month - 1, day, hour);
const MARCH_29 = { start: z(3, 28, 23), end: z(3, 29, 22) };
const OCTOBER_25 = { start: z(10, 24, 22), end: z(10, 25, 23) };
/** Monday 19 to Sunday 25 October: 169 hours. */
const WEEK_OF_OCTOBER_25 = { start: z(10, 18, 22), end: z(10, 25, 23) };
const OCTOBER = { start: z(9, 30, 22), end: z(10, 31, 23) };
const YEAR = { start: Date.UTC(2025, 11, 31, 23), end: z(12, 31, 23) };

let server: TestServer;
let premium: SignedUpUser;
let free: SignedUpUser;
let blockCount = 0;
let work = '';
let study = '';
let gym = '';
let dinner = '';

async function block(u: SignedUpUser, start: number, end: number, taskId: string | null) {
  blockCount += 1;
  await insertBlock(server.database.db, u.userId, {
    id: `analysis-${blockCount}`,
    taskId,
    eventId: null,
    start,
    end,
    isFixed: false,
    isRest: taskId === null,
    createdAt: start,
    updatedAt: end,
  });
}

async function event(u: SignedUpUser, title: string, category: string, start: number, end: number) {
  const { event: created } = await u.client.call('CreateEvent', {
    event: { title, start, end, timezone: ZONE, category: { id: category } },
  });
  return created?.id ?? '';
}

async function task(u: SignedUpUser, title: string, category: string): Promise<string> {
  const { task: created } = await u.client.call('PutTask', {
    task: { title, category: { id: category }, timeScheduled: HOUR_MS },
  });
  return created?.id ?? '';
}

beforeAll(async () => {
  server = await startTestServer({ now: NOW });
  premium = await server.signUp({ timezone: ZONE, premiumLevel: 1 });
  free = await server.signUp({ timezone: ZONE });
  work = await task(premium, 'Write report', 'work');
  study = await task(premium, 'Read paper', 'study');
  // 29 March: one block from 23:00 the evening before to 01:00 after the day (25 h in all);
  // an event inside it loses every instant to the task record.
  await block(premium, z(3, 28, 22), z(3, 29, 23), work);
  await event(premium, 'Call during the block', 'personal', z(3, 29, 10), z(3, 29, 11));
  // 25 October: a night's rest (left out), 4 h study, a gym event overlapping the study by an
  // hour, dinner overlapping the gym by an hour (the earlier event keeps it), then work until
  // 01:00 the next day.
  await block(premium, z(10, 24, 22), z(10, 25, 6), null);
  await block(premium, z(10, 25, 6), z(10, 25, 10), study);
  gym = await event(premium, 'Gym', 'health', z(10, 25, 9), z(10, 25, 12));
  dinner = await event(premium, 'Dinner', 'personal', z(10, 25, 11), z(10, 25, 13));
  await block(premium, z(10, 25, 13), z(10, 26, 0), work);
});
afterAll(() => server.close());

async function points(u: SignedUpUser, ranges: { start: number; end: number }[]) {
  return (await u.client.call('GetTimeStatistics', { points: ranges })).points;
}

describe('GetTimeStatistics: analysis totals', () => {
  it('counts a 23-hour day whole, and a task record over an event', async () => {
    const [day] = await points(premium, [MARCH_29]);
    expect(day).toMatchObject({ categories: { work: 23 * HOUR_MS }, sum: 23 * HOUR_MS });
    expect(day?.events).toEqual({});
  });

  it('splits a 25-hour day per category, task and event with each instant once', async () => {
    const [day] = await points(premium, [OCTOBER_25]);
    // study 06-10, gym 10-12 (09-10 went to the study), dinner 12-13, work 13-23 (UTC).
    expect(day).toEqual({
      ...OCTOBER_25,
      categories: {
        study: 4 * HOUR_MS,
        health: 2 * HOUR_MS,
        personal: HOUR_MS,
        work: 10 * HOUR_MS,
      },
      tasks: { [study]: 4 * HOUR_MS, [work]: 10 * HOUR_MS },
      events: { [gym]: 2 * HOUR_MS, [dinner]: HOUR_MS },
      sum: 17 * HOUR_MS,
    });
  });

  it('adds up weeks, months and the year from the same record', async () => {
    const [week, month, year] = await points(premium, [WEEK_OF_OCTOBER_25, OCTOBER, YEAR]);
    expect(week?.sum).toBe(17 * HOUR_MS);
    // October: 25 October plus the hour of work after its midnight.
    expect(month?.sum).toBe(18 * HOUR_MS);
    expect(month?.categories.work).toBe(11 * HOUR_MS);
    // The year: the whole 25-hour March block and October.
    expect(year?.sum).toBe(43 * HOUR_MS);
    expect(year?.categories).toEqual({
      work: 36 * HOUR_MS,
      study: 4 * HOUR_MS,
      health: 2 * HOUR_MS,
      personal: HOUR_MS,
    });
  });
});

describe('GetTimeStatistics: the analysis guard', () => {
  it('lets a free account read days (23 and 25 hours) and whole local weeks', async () => {
    const answer = await points(free, [MARCH_29, OCTOBER_25, WEEK_OF_OCTOBER_25]);
    expect(answer.map((p) => p.sum)).toEqual([0, 0, 0]);
  });

  it('refuses a free account months, years and custom ranges (4201 analysisTypeLimit)', async () => {
    const threeDays = { start: z(10, 22, 22), end: z(10, 25, 23) };
    // Seven days of UTC midnights are not a week in Berlin.
    const utcWeek = { start: z(10, 19, 0), end: z(10, 26, 0) };
    const fortnight = { start: z(10, 11, 22), end: z(10, 25, 23) };
    for (const range of [OCTOBER, YEAR, threeDays, utcWeek, fortnight]) {
      const error = await rpcError(points(free, [MARCH_29, range]));
      expect(error).toMatchObject({ code: 4201, message: 'analysisTypeLimit' });
    }
  });

  it('lets a paying account read custom ranges', async () => {
    const [range] = await points(premium, [{ start: z(10, 22, 22), end: z(10, 26, 23) }]);
    expect(range?.sum).toBe(18 * HOUR_MS);
  });
});
