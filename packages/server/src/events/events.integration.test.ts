import { DAY_MS, HOUR_MS, MINUTE_MS } from '@planner/core';
import type { Event as WireEvent, PlainInit } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import { buildEvent } from './event-factory';
import { insertEvent } from './events-repository';
import { rpcError } from './rpc-error-helper';

let server: TestServer;
let user: SignedUpUser;
let other: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp();
  other = await server.signUp();
});
afterAll(() => server.close());

const start = TEST_NOW + 2 * HOUR_MS;
const bearer = (u: SignedUpUser) => ({ authorization: `Bearer ${u.token}` });

function eventInit(overrides: PlainInit<WireEvent> = {}): PlainInit<WireEvent> {
  return {
    title: 'Dentist',
    start,
    end: start + HOUR_MS,
    category: { id: 'health' },
    timezone: 'Europe/Berlin',
    ...overrides,
  };
}

async function create(u: SignedUpUser, overrides: PlainInit<WireEvent> = {}) {
  const { event } = await u.client.call('CreateEvent', { event: eventInit(overrides) });
  if (!event) throw new Error('CreateEvent answered no event');
  return event;
}

describe('CreateEvent and GetEvent', () => {
  it('stores every field and answers the event, with its note only from GetEvent', async () => {
    const created = await create(user, {
      title: '  Dentist  ',
      travelTop: 15 * MINUTE_MS,
      travelBottom: 10 * MINUTE_MS,
      notifications: [15 * MINUTE_MS, 30 * MINUTE_MS],
      note: 'Bring the **card**',
      checklist: [
        { id: 'a', content: 'card', done: false, sort: 0 },
        { id: 'b', content: '   ', done: false, sort: 1 },
      ],
    });
    expect(created).toMatchObject({
      title: 'Dentist',
      start,
      end: start + HOUR_MS,
      allDay: false,
      category: { id: 'health', title: 'Health', color: 'Red-500' },
      travelTop: 15 * MINUTE_MS,
      travelBottom: 10 * MINUTE_MS,
      notifications: [15 * MINUTE_MS, 30 * MINUTE_MS],
      timezone: 'Europe/Berlin',
      note: '',
      hasNote: true,
      checklist: [{ id: 'a', content: 'card', done: false, sort: 0 }],
      source: '',
      instanceNumber: 0,
      isVirtual: false,
      createdAt: TEST_NOW,
      updatedAt: TEST_NOW,
    });
    const { event } = await user.client.call('GetEvent', { event: { id: created.id } });
    expect(event).toMatchObject({ id: created.id, note: 'Bring the **card**', hasNote: true });
  });

  it('takes the user zone when none is given, and lays all-day events on whole local days', async () => {
    const allDay = await create(user, {
      timezone: '',
      allDay: true,
      start: Date.UTC(2026, 0, 7, 15),
      end: Date.UTC(2026, 0, 7, 16),
    });
    expect(allDay).toMatchObject({
      timezone: 'UTC',
      start: Date.UTC(2026, 0, 7),
      end: Date.UTC(2026, 0, 8),
    });
    const berlin = await create(user, {
      allDay: true,
      start: Date.UTC(2026, 0, 7, 15),
      end: Date.UTC(2026, 0, 9, 12),
    });
    expect(berlin).toMatchObject({
      start: Date.UTC(2026, 0, 6, 23),
      end: Date.UTC(2026, 0, 9, 23),
    });
  });

  it('bumps timelineUpdatedAt for the other devices', async () => {
    const before = await user.client.call('GetTimelineState');
    server.clock.advance(1_000);
    await create(user);
    const after = await user.client.call('GetTimelineState');
    expect(after.timelineUpdatedAt).toBeGreaterThan(before.timelineUpdatedAt);
  });
});

describe('event rules', () => {
  it.each([
    ['no category', { category: undefined }],
    ['an empty category', { category: { id: '' } }],
    ['an unknown category', { category: { id: 'no-such-category' } }],
  ])('refuses %s with invalid.chooseCategory', async (_name, overrides) => {
    const error = await rpcError(user.client.call('CreateEvent', { event: eventInit(overrides) }));
    expect(error).toMatchObject({ code: 400, message: 'invalid.chooseCategory' });
  });

  it("treats another user's category as unknown", async () => {
    const { category } = await other.client.call('PutCategory', { category: { title: 'Theirs' } });
    const error = await rpcError(
      user.client.call('CreateEvent', { event: eventInit({ category: { id: category?.id } }) }),
    );
    expect(error.message).toBe('invalid.chooseCategory');
  });

  it.each([
    [
      '6 notifications',
      { notifications: [0, 1, 2, 3, 4, 5].map((m) => m * MINUTE_MS) },
      'invalid.tooManyNotifications',
    ],
    ['an end before the start', { end: start - 1 }, 'invalid.eventEndBeforeStart'],
    ['an unknown zone', { timezone: 'Mars/Olympus' }, 'invalid.timezone'],
    ['a negative travel time', { travelTop: -5 * MINUTE_MS }, 'field "travelTop": out of range'],
    [
      'a travel time over a day',
      { travelBottom: DAY_MS + 1 },
      'field "travelBottom": out of range',
    ],
    ['a negative notification', { notifications: [-1] }, 'field "notifications": out of range'],
    [
      'an unknown frequency',
      { recurrenceRule: { freq: 'HOURLY', interval: 1 } },
      'invalid.recurrenceFreq',
    ],
    [
      'interval 0',
      { recurrenceRule: { freq: 'DAILY', interval: 0 } },
      'invalid.recurrenceInterval',
    ],
    [
      'a bad weekday',
      { recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: 'MO,XX' } },
      'invalid.recurrenceByDay',
    ],
    [
      'count and until',
      { recurrenceRule: { freq: 'DAILY', interval: 1, count: 2, until: start + DAY_MS } },
      'invalid.recurrenceEnd',
    ],
    [
      'until before start',
      { recurrenceRule: { freq: 'DAILY', interval: 1, until: start - DAY_MS } },
      'invalid.recurrenceUntil',
    ],
    [
      'a start past 2200',
      { start: Date.UTC(2300, 0, 1), end: Date.UTC(2300, 0, 1) },
      'field "start": out of range',
    ],
  ])('refuses %s', async (_name, overrides, message) => {
    const error = await rpcError(user.client.call('CreateEvent', { event: eventInit(overrides) }));
    expect(error).toMatchObject({ code: 400, message });
  });

  it('accepts exactly 5 notifications', async () => {
    const event = await create(user, {
      notifications: [0, 5, 10, 15, 20].map((m) => m * MINUTE_MS),
    });
    expect(event.notifications).toHaveLength(5);
  });

  it('refuses wrong JSON types, out-of-range numbers, unknown fields and a missing event', async () => {
    const cases: [unknown, RegExp][] = [
      [{ event: { ...eventInit(), start: 'tomorrow' } }, /start/],
      [{ event: { ...eventInit(), start: '99999999999999999999' } }, /start/],
      [{ event: { ...eventInit(), allDay: 'yes' } }, /allDay/],
      [{ event: { ...eventInit(), colour: 'red' } }, /colour/],
      [{ event: { ...eventInit(), notifications: 15 } }, /notifications/],
      [{}, /event/],
    ];
    for (const [body, message] of cases) {
      const answer = await server.postJson('CreateEvent', body, bearer(user));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
  });

  it('keeps synced events read-only, though they can be read', async () => {
    await insertEvent(
      server.database.db,
      user.userId,
      buildEvent({
        id: 'synced-1',
        source: 'Google Calendar',
        categoryId: 'work',
        start,
        end: start + HOUR_MS,
      }),
    );
    const { event } = await user.client.call('GetEvent', { event: { id: 'synced-1' } });
    expect(event?.source).toBe('Google Calendar');
    const update = await rpcError(
      user.client.call('UpdateEvent', {
        newEvent: { ...eventInit(), id: 'synced-1', title: 'Mine now' },
        oldEvent: { id: 'synced-1' },
        apiVersion: 1,
        fields: ['title'],
      }),
    );
    expect(update).toMatchObject({ code: 403, message: 'invalid.syncedEventReadOnly' });
    const remove = await rpcError(
      user.client.call('DeleteEvent', { event: { id: 'synced-1' }, apiVersion: 1 }),
    );
    expect(remove).toMatchObject({ code: 403, message: 'invalid.syncedEventReadOnly' });
    expect((await user.client.call('GetEvent', { event: { id: 'synced-1' } })).event?.title).toBe(
      'Standup',
    );
  });
});

describe('UpdateEvent and DeleteEvent of one-off events', () => {
  it('changes only the masked fields', async () => {
    const created = await create(user, { note: 'keep me' });
    server.clock.advance(MINUTE_MS);
    const { event } = await user.client.call('UpdateEvent', {
      newEvent: { title: 'Dentist (moved)', start: start + DAY_MS, end: start + DAY_MS + HOUR_MS },
      oldEvent: { id: created.id },
      apiVersion: 1,
      updateType: 0,
      fields: ['title', 'start', 'end'],
    });
    expect(event).toMatchObject({
      id: created.id,
      title: 'Dentist (moved)',
      start: start + DAY_MS,
      category: { id: 'health' },
      updatedAt: server.clock.now(),
    });
    const read = await user.client.call('GetEvent', { event: { id: created.id } });
    expect(read.event?.note).toBe('keep me');
  });

  it('applies every field when the mask is empty, and checks the result', async () => {
    const created = await create(user);
    const error = await rpcError(
      user.client.call('UpdateEvent', {
        newEvent: { title: 'No category' },
        oldEvent: { id: created.id },
        apiVersion: 1,
      }),
    );
    expect(error.message).toBe('invalid.chooseCategory');
  });

  it('refuses unknown mask names, update types and api versions', async () => {
    const created = await create(user);
    const base = { newEvent: eventInit(), oldEvent: { id: created.id } };
    const cases: [
      PlainInit<Parameters<typeof user.client.call<'UpdateEvent'>>[1] & object>,
      RegExp,
    ][] = [
      [{ ...base, apiVersion: 1, fields: ['colour'] }, /colour/],
      [{ ...base, apiVersion: 1, updateType: 3 }, /updateType/],
      [{ ...base, apiVersion: 2 }, /apiVersion/],
    ];
    for (const [input, message] of cases) {
      const error = await rpcError(user.client.call('UpdateEvent', input));
      expect(error.code).toBe(400);
      expect(error.message).toMatch(message);
    }
  });

  it('deletes an event; a second delete answers 404', async () => {
    const created = await create(user);
    await user.client.call('DeleteEvent', { event: { id: created.id }, apiVersion: 1 });
    const get = await rpcError(user.client.call('GetEvent', { event: { id: created.id } }));
    expect(get.code).toBe(404);
    const again = await rpcError(user.client.call('DeleteEvent', { event: { id: created.id } }));
    expect(again.code).toBe(404);
  });

  it("answers another user's event exactly as a missing one, for every method", async () => {
    const mine = await create(user, { title: 'Private' });
    const calls: [string, (id: string) => unknown][] = [
      ['GetEvent', (id) => ({ event: { id } })],
      ['UpdateEvent', (id) => ({ newEvent: eventInit(), oldEvent: { id }, apiVersion: 1 })],
      ['DeleteEvent', (id) => ({ event: { id }, apiVersion: 1 })],
    ];
    for (const [method, body] of calls) {
      const foreign = await server.postJson(method, body(mine.id), bearer(other));
      const missing = await server.postJson(method, body('no-such-event'), bearer(other));
      expect(foreign.status, method).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    }
    const { event } = await user.client.call('GetEvent', { event: { id: mine.id } });
    expect(event?.title).toBe('Private');
  });
});

describe('SearchEvent', () => {
  it('finds the caller events by title or note, case-insensitively, and nothing for an empty keyword', async () => {
    const searcher = await server.signUp();
    await create(searcher, { title: 'Yoga class' });
    await create(searcher, { title: 'Lunch', note: 'after YOGA' });
    await create(other, { title: 'Yoga with friends' });
    const { events } = await searcher.client.call('SearchEvent', { keyword: 'yoga' });
    expect(events.map((e) => e.title).sort()).toEqual(['Lunch', 'Yoga class']);
    expect(events.every((e) => e.note === '')).toBe(true);
    expect((await searcher.client.call('SearchEvent', { keyword: '  ' })).events).toEqual([]);
    const long = await rpcError(searcher.client.call('SearchEvent', { keyword: 'x'.repeat(201) }));
    expect(long.code).toBe(400);
  });
});

describe('sessions', () => {
  it.each([
    'CreateEvent',
    'UpdateEvent',
    'DeleteEvent',
    'GetEvent',
    'SearchEvent',
    'GetReminders',
    'GetOverdueReminders',
    'CleanOverdueReminders',
    'CreateReminder',
    'UpdateReminder',
    'ToggleThisReminder',
    'DeleteReminder',
    'GetCategories',
    'PutCategory',
    'DeleteCategory',
    'GuessTaskCategory',
    'FinishTutorial',
    'GetTimeStatistics',
  ])('%s answers 16 without a live session', async (method) => {
    const none = await server.postJson(method, {});
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 16 });
    const revoked = await server.postJson(method, {}, { authorization: 'Bearer not-a-token' });
    expect(revoked.status).toBe(401);
  });
});
