import { fromWallClock } from '@planner/core';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceSyncedEvents } from '../calendar-sync/synced-events';
import { startRadicale, type RadicaleServer } from '../testing/radicale';
import { startTestServer, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { hashSecret } from './ics-feed-service';
import type { IcsFeedTables } from './tables';

const BERLIN = 'Europe/Berlin';
/** Saturday 28 March 2026, 09:00 in Berlin (08:00 UTC): the clocks go forward tomorrow at 02:00. */
const NOW = fromWallClock({ year: 2026, month: 3, day: 28, hour: 9 }, BERLIN);
const berlin = (day: number, hour: number, minute = 0) =>
  fromWallClock({ year: 2026, month: 3, day, hour, minute }, BERLIN);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: NOW });
});
afterAll(async () => server.close());

interface FeedEvent {
  uid: string;
  summary: string;
  start: ICAL.Time;
  end: ICAL.Time;
  kind: string;
}

/** Parses the feed with ical.js (Mozilla's parser), as a calendar app would. */
function parseFeed(text: string): { calendar: ICAL.Component; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      kind: String(vevent.getFirstPropertyValue('x-planner-kind') ?? ''),
    };
  });
  return { calendar, events };
}

const utc = (time: ICAL.Time) => time.toJSDate().getTime();

async function fetchFeed(url: string): Promise<Response> {
  // The URL names the public address; the test server listens elsewhere.
  return fetch(url.replace(server.config.publicUrl, server.url));
}

async function newFeed(user: Planner): Promise<string> {
  const { url } = await user.client.call('CreateIcsFeed');
  expect(url).toMatch(/^http:\/\/planner\.test\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
  return url;
}

describe('the ICS feed', () => {
  let user: Planner;
  let other: Planner;
  let url: string;
  let standupId: string;
  let nextTaskId: string;

  beforeAll(async () => {
    user = await signUpPlanner(server, { timezone: BERLIN });
    other = await signUpPlanner(server, { timezone: BERLIN });
    const category = { id: user.categoryId };
    await user.client.call('CreateEvent', {
      event: { title: 'Dentist', start: berlin(29, 10), end: berlin(29, 11), category },
    });
    await user.client.call('CreateEvent', {
      event: {
        title: 'Holiday',
        start: berlin(29, 0),
        end: berlin(30, 0),
        allDay: true,
        timezone: BERLIN,
        category,
      },
    });
    const standup = await user.client.call('CreateEvent', {
      event: {
        title: 'Standup',
        start: berlin(27, 8),
        end: berlin(27, 8, 15),
        timezone: BERLIN,
        recurrenceRule: { freq: 'DAILY', interval: 1, count: 5 },
        category,
      },
    });
    standupId = standup.event?.id ?? '';
    // Outside the window: 8 days back and 31 days ahead.
    for (const start of [NOW - 8 * DAY, NOW + 31 * DAY]) {
      await user.client.call('CreateEvent', {
        event: { title: 'Far away', start, end: start + HOUR, category },
      });
    }
    const { task } = await user.client.call('PutTask', {
      task: { title: 'Write report', category, timeScheduled: 3 * HOUR },
    });
    expect(task?.id).toBeTruthy();
    const next = await user.client.call('PutTask', {
      task: { title: 'Read paper', category, timeScheduled: HOUR },
    });
    nextTaskId = next.task?.id ?? '';
    await other.client.call('CreateEvent', {
      event: {
        title: 'Secret of another user',
        start: berlin(29, 10),
        end: berlin(29, 11),
        category: { id: other.categoryId },
      },
    });
    await other.client.call('PutTask', {
      task: {
        title: 'Task of another user',
        category: { id: other.categoryId },
        timeScheduled: HOUR,
      },
    });
    await newFeed(other);
    url = await newFeed(user);
  });

  it('is valid iCalendar with the events of the window, served privately as text/calendar', async () => {
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const text = await response.text();
    const { calendar, events } = parseFeed(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe(BERLIN);
    const titles = events.map((e) => e.summary);
    expect(titles).toContain('Dentist');
    expect(titles).not.toContain('Far away');
    expect(text).not.toContain('another user');
    // Every UID appears once.
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it('writes timed events at their exact instant across the daylight-saving change', async () => {
    const { events } = parseFeed(await (await fetchFeed(url)).text());
    const dentist = events.find((e) => e.summary === 'Dentist');
    // 10:00 in Berlin on the first day of summer time is 08:00 UTC.
    expect(dentist && utc(dentist.start)).toBe(Date.UTC(2026, 2, 29, 8));
    expect(dentist && utc(dentist.end)).toBe(Date.UTC(2026, 2, 29, 9));
    const standups = events
      .filter((e) => e.summary === 'Standup')
      .sort((a, b) => utc(a.start) - utc(b.start));
    // Every instance of the series, each with a stable UID of its own; 08:00 local each day.
    expect(standups.map((e) => e.uid)).toEqual(
      [0, 1, 2, 3, 4].map((n) => `${standupId}-${n}@planner`),
    );
    expect(standups.map((e) => new Date(utc(e.start)).toISOString())).toEqual([
      '2026-03-27T07:00:00.000Z',
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      '2026-03-30T06:00:00.000Z',
      '2026-03-31T06:00:00.000Z',
    ]);
  });

  it('writes an all-day event as its dates in its zone (the short day included)', async () => {
    const { events } = parseFeed(await (await fetchFeed(url)).text());
    const holiday = events.find((e) => e.summary === 'Holiday');
    expect(holiday?.start.isDate).toBe(true);
    expect(holiday?.start.toString()).toBe('2026-03-29');
    expect(holiday?.end.toString()).toBe('2026-03-30');
  });

  it('holds the task blocks: the session going on now and the planned next task', async () => {
    const { events } = parseFeed(await (await fetchFeed(url)).text());
    const current = events.filter((e) => e.summary === 'Write report');
    expect(current.map((b) => [b.kind, utc(b.start), utc(b.end)])).toEqual([
      ['block', NOW, NOW + 3 * HOUR],
    ]);
    const planned = events.filter((e) => e.summary === 'Read paper');
    expect(planned.map((b) => [b.uid, b.kind, utc(b.start), utc(b.end)])).toEqual([
      [
        `planned:${nextTaskId}:${NOW + 3 * HOUR}@planner`,
        'planned',
        NOW + 3 * HOUR,
        NOW + 4 * HOUR,
      ],
    ]);
    // The same plan gives the same UIDs on the next read.
    const again = parseFeed(await (await fetchFeed(url)).text()).events;
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
  });

  it('shows a synced event like any other', async () => {
    const start = berlin(30, 14);
    await server.database.db.transaction().execute((trx) =>
      replaceSyncedEvents(trx, user.userId, {
        source: 'apple',
        origin: 'apple:Family',
        events: [
          {
            syncKey: 'school-play',
            title: 'School play',
            start,
            end: start + HOUR,
            allDay: false,
            categoryId: '',
            timezone: BERLIN,
          },
        ],
        now: NOW,
      }),
    );
    const { events } = parseFeed(await (await fetchFeed(url)).text());
    const play = events.find((e) => e.summary === 'School play');
    expect(play && utc(play.start)).toBe(start);
  });

  it('GetIcsFeed answers the same URL again; only the hash and a sealed copy are stored', async () => {
    expect((await user.client.call('GetIcsFeed')).url).toBe(url);
    const secret = /\/ics\/([^/]+)\.ics$/.exec(url)?.[1] ?? '';
    const row = await server.database.db
      .withTables<IcsFeedTables>()
      .selectFrom('ics_feeds')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(server.logs.join('\n')).not.toContain(secret);
  });
});

describe('regenerating and revoking', () => {
  it('a new URL replaces the old one, which answers 404 at once', async () => {
    const user = await signUpPlanner(server, { timezone: BERLIN });
    expect((await user.client.call('GetIcsFeed')).url).toBe('');
    const first = await newFeed(user);
    expect((await fetchFeed(first)).status).toBe(200);
    const second = await newFeed(user);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await user.client.call('GetIcsFeed')).url).toBe(second);
  });

  it('a revoked URL answers 404 like one that never existed', async () => {
    const user = await signUpPlanner(server, { timezone: BERLIN });
    const url = await newFeed(user);
    await user.client.call('RevokeIcsFeed');
    const revoked = await fetchFeed(url);
    const never = await fetch(`${server.url}/ics/${'A'.repeat(43)}.ics`);
    expect(revoked.status).toBe(404);
    expect(never.status).toBe(404);
    expect(await revoked.text()).toBe(await never.text());
    expect((await user.client.call('GetIcsFeed')).url).toBe('');
    // Revoking again is fine.
    await user.client.call('RevokeIcsFeed');
  });

  it('answers 404 to malformed secrets without looking them up', async () => {
    for (const path of ['/ics/short.ics', `/ics/${'A'.repeat(43)}`, `/ics/${'A'.repeat(44)}.ics`]) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
    expect((await fetch(`${server.url}/ics/${'%27'.repeat(20)}xxx.ics`)).status).toBe(404);
  });

  it('needs a session to get, create or revoke', async () => {
    const anonymous = server.client();
    await expect(anonymous.call('GetIcsFeed')).rejects.toMatchObject({ code: 16 });
    await expect(anonymous.call('CreateIcsFeed')).rejects.toMatchObject({ code: 16 });
    await expect(anonymous.call('RevokeIcsFeed')).rejects.toMatchObject({ code: 16 });
  });
});

describe('rate limit', () => {
  it('limits reads per address', async () => {
    const limited = await startTestServer({
      now: NOW,
      config: { rateLimits: { icsFeedPerIp: { points: 2, durationSec: 60 } } },
    });
    try {
      const user = await signUpPlanner(limited);
      const { url } = await user.client.call('CreateIcsFeed');
      const local = url.replace(limited.config.publicUrl, limited.url);
      expect((await fetch(local)).status).toBe(200);
      expect((await fetch(`${limited.url}/ics/unknown.ics`)).status).toBe(404);
      const third = await fetch(local);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('Radicale accepts the feed', () => {
  let radicale: RadicaleServer;
  beforeAll(async () => {
    radicale = await startRadicale({ users: { alice: 'app-password' } });
  }, 30_000);
  afterAll(async () => radicale?.stop());

  it('stores every VEVENT of the feed, one object per UID', async () => {
    const user = await signUpPlanner(server, { timezone: BERLIN });
    const category = { id: user.categoryId };
    await user.client.call('CreateEvent', {
      event: { title: 'Dentist', start: berlin(29, 10), end: berlin(29, 11), category },
    });
    await user.client.call('CreateEvent', {
      event: { title: 'Holiday', start: berlin(29, 0), end: berlin(30, 0), allDay: true, category },
    });
    await user.client.call('PutTask', {
      task: { title: 'Write report', category, timeScheduled: 90 * MINUTE },
    });
    const text = await (await fetchFeed(await newFeed(user))).text();
    const { calendar } = parseFeed(text);
    const calendarUrl = await radicale.createCalendar('alice', 'plan', { displayName: 'Plan' });
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents.length).toBeGreaterThanOrEqual(3);
    const statuses: number[] = [];
    for (const [index, vevent] of vevents.entries()) {
      const single = new ICAL.Component(['vcalendar', [], []]);
      for (const property of calendar.getAllProperties()) single.addProperty(property);
      single.addSubcomponent(vevent);
      const response = await fetch(`${calendarUrl}object-${index}.ics`, {
        method: 'PUT',
        headers: {
          authorization: `Basic ${Buffer.from('alice:app-password').toString('base64')}`,
          'content-type': 'text/calendar; charset=utf-8',
        },
        body: single.toString(),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(vevents.map(() => 201));
    const stored = await radicale.listObjects('alice', 'plan');
    expect(stored.map((o) => parseFeed(o.ics).events[0]?.summary).sort()).toEqual(
      vevents.map((v) => new ICAL.Event(v).summary).sort(),
    );
  });
});
