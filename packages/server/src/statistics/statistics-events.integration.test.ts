import { HOUR_MS, MINUTE_MS } from '@planner/core';
import type { Event as WireEvent, PlainInit } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';
import { insertBlock } from '../plan-store/timeline-repository';

/*
 * Event time in GetTimeStatistics for a user in Europe/Berlin, around the spring change (Sunday
 * 29 March 2026, 02:00 CET -> 03:00 CEST): 09:00 local is 08:00 UTC before it, 07:00 UTC after.
 * Now is Wednesday 1 April, 09:15 local.
 */
const ZONE = 'Europe/Berlin';
const NOW = Date.UTC(2026, 3, 1, 7, 15);
const utc = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, day, hour, minute);
/** Local midnight of a March day (CET before the 29th's change, CEST from 30 March on). */
const midnight = (day: number) => (day <= 29 ? utc(day - 1, 23) : utc(day - 1, 22));
const WEEK = { start: midnight(23), end: midnight(30) };
const daily = { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 };

let server: TestServer;
let user: SignedUpUser;

function signUpIn(zone: string): Promise<SignedUpUser> {
  return server.signUp({ timezone: zone });
}

async function createEvent(u: SignedUpUser, event: PlainInit<WireEvent>): Promise<string> {
  const answer = await u.client.call('CreateEvent', { event: { timezone: ZONE, ...event } });
  return answer.event?.id ?? '';
}

let standup = '';
let moved = '';
let lunch = '';
let call = '';
let report = '';

beforeAll(async () => {
  server = await startTestServer({ now: NOW });
  user = await signUpIn(ZONE);
  // Daily 09:00-09:30 from Monday 23 March.
  standup = await createEvent(user, {
    title: 'Standup',
    start: utc(23, 8),
    end: utc(23, 8, 30),
    category: { id: 'work' },
    recurrenceRule: daily,
    travelTop: 15 * MINUTE_MS,
  });
  // Wednesday's is moved to 14:00-15:00 on its own (an override with its own id).
  const { event: changed } = await user.client.call('UpdateEvent', {
    newEvent: { start: utc(25, 13), end: utc(25, 14) },
    oldEvent: { id: standup, instanceNumber: 2, isVirtual: true },
    apiVersion: 1,
    updateType: 0,
    fields: ['start', 'end'],
  });
  moved = changed?.id ?? '';
  // Thursday's is deleted.
  await user.client.call('DeleteEvent', {
    event: { id: standup, instanceNumber: 3 },
    apiVersion: 1,
    updateType: 0,
  });
  // Tuesday lunch 12:00-13:00, half of it spent on a task recorded over it.
  lunch = await createEvent(user, {
    title: 'Lunch',
    start: utc(24, 11),
    end: utc(24, 12),
    category: { id: 'personal' },
  });
  const { task } = await user.client.call('PutTask', {
    task: { title: 'Report', category: { id: 'study' }, timeScheduled: HOUR_MS },
  });
  report = task?.id ?? '';
  await insertBlock(server.database.db, user.userId, {
    id: 'report-block',
    taskId: report,
    eventId: null,
    start: utc(24, 11, 30),
    end: utc(24, 12, 30),
    isFixed: false,
    isRest: false,
    createdAt: utc(24, 11, 30),
    updatedAt: utc(24, 12, 30),
  });
  // Friday a call 09:15-09:45 overlaps the standup: the standup keeps its time.
  call = await createEvent(user, {
    title: 'Call',
    start: utc(27, 8, 15),
    end: utc(27, 8, 45),
    category: { id: 'health' },
  });
  // All-day events are not time spent.
  await createEvent(user, {
    title: 'Holiday',
    start: midnight(26),
    end: midnight(27),
    allDay: true,
    category: { id: 'personal' },
  });
});
afterAll(() => server.close());

async function points(u: SignedUpUser, ranges: { start: number; end: number }[], taskId = '') {
  return (await u.client.call('GetTimeStatistics', { points: ranges, taskId })).points;
}

describe('GetTimeStatistics: event time', () => {
  it('counts a recurring event over a week: an override under its own id, a deleted one not', async () => {
    const [week] = await points(user, [WEEK]);
    expect(week?.events).toEqual({
      // 23, 24, 27, 28 and 29 March (the 29th after the change, still 30 minutes).
      [standup]: 5 * 30 * MINUTE_MS,
      [moved]: HOUR_MS,
      [lunch]: 30 * MINUTE_MS,
      [call]: 15 * MINUTE_MS,
    });
    expect(week?.tasks).toEqual({ [report]: HOUR_MS });
    expect(week?.categories).toEqual({
      work: 5 * 30 * MINUTE_MS + HOUR_MS,
      personal: 30 * MINUTE_MS,
      health: 15 * MINUTE_MS,
      study: HOUR_MS,
    });
    // Every instant once: the task record wins over lunch, the earlier event over the call.
    expect(week?.sum).toBe(150 * MINUTE_MS + HOUR_MS + 30 * MINUTE_MS + 15 * MINUTE_MS + HOUR_MS);
    const categoryTotal = Object.values(week?.categories ?? {}).reduce((a, b) => a + b, 0);
    expect(categoryTotal).toBe(week?.sum);
  });

  it('places instances by local days across the change; a deleted day is empty', async () => {
    const days = await points(
      user,
      [25, 26, 29].map((d) => ({ start: midnight(d), end: midnight(d + 1) })),
    );
    expect(days.map((p) => p.events)).toEqual([
      { [moved]: HOUR_MS },
      {},
      { [standup]: 30 * MINUTE_MS },
    ]);
    // The 29th is a 23-hour day; its standup runs 07:00-07:30 UTC.
    const [early] = await points(user, [{ start: utc(29, 7, 10), end: utc(29, 8) }]);
    expect(early?.events).toEqual({ [standup]: 20 * MINUTE_MS });
  });

  it('cuts at now: today only the part of the standup already past', async () => {
    const [today] = await points(user, [{ start: midnight(32), end: midnight(33) }]);
    expect(today).toMatchObject({
      events: { [standup]: 15 * MINUTE_MS },
      categories: { work: 15 * MINUTE_MS },
      sum: 15 * MINUTE_MS,
    });
    server.clock.advance(HOUR_MS);
    try {
      const [later] = await points(user, [{ start: midnight(32), end: midnight(33) }]);
      expect(later?.sum).toBe(30 * MINUTE_MS);
    } finally {
      server.clock.set(NOW);
    }
  });

  it('leaves events out of the task trend', async () => {
    const [week] = await points(user, [WEEK], report);
    expect(week).toMatchObject({ tasks: { [report]: HOUR_MS }, events: {}, sum: HOUR_MS });
  });

  it("never counts another user's events", async () => {
    const other = await signUpIn(ZONE);
    const [week] = await points(other, [WEEK]);
    expect(week).toMatchObject({ events: {}, categories: {}, sum: 0 });
    await createEvent(other, {
      title: 'Other standup',
      start: utc(23, 8),
      end: utc(23, 8, 30),
      category: { id: 'work' },
      recurrenceRule: daily,
    });
    const [mine] = await points(user, [WEEK]);
    expect(Object.keys(mine?.events ?? {}).sort()).toEqual([standup, moved, lunch, call].sort());
    const [theirs] = await points(other, [WEEK]);
    expect(theirs?.sum).toBe(7 * 30 * MINUTE_MS);
  });
});
