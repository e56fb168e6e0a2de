import { HOUR_MS, MINUTE_MS } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategories } from '../categories/categories-repository';
import { buildCategory } from '../categories/category-factory';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { NO_END } from './event';
import { buildEvent } from './event-factory';
import { listEventInstances } from './event-instances';
import {
  deleteEventRows,
  findEvent,
  findEventCategories,
  insertEvent,
  listEventsOverlapping,
  listOverrides,
  saveEvent,
  searchEvents,
} from './events-repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const daily = { freq: 'DAILY' as const, interval: 1, byDay: '', until: 0, count: 0 };

describe('events repository (contract, SQLite or DATABASE_URL)', () => {
  it('round-trips every field and saves changes', async () => {
    const event = buildEvent({
      id: 'rt',
      note: 'agenda **bold**',
      checklist: [{ id: 'i1', content: 'slides', done: false, sort: 0 }],
      notifications: [15 * MINUTE_MS, 0],
      travelTop: 10 * MINUTE_MS,
      travelBottom: 5 * MINUTE_MS,
      recurrenceRule: { ...daily, count: 3 },
      exceptions: [1],
    });
    await insertEvent(database.db, 'u1', event);
    expect(await findEvent(database.db, 'u1', 'rt')).toEqual(event);
    const changed = { ...event, title: 'Retro', allDay: true, source: 'Google', updatedAt: 9 };
    await saveEvent(database.db, 'u1', changed);
    expect(await findEvent(database.db, 'u1', 'rt')).toEqual(changed);
  });

  it("reads another user's event as missing and never touches it", async () => {
    await insertEvent(database.db, 'owner', buildEvent({ id: 'private', title: 'Secret plan' }));
    expect(await findEvent(database.db, 'intruder', 'private')).toBeUndefined();
    expect(await searchEvents(database.db, 'intruder', 'secret', 10)).toEqual([]);
    expect(await findEventCategories(database.db, 'intruder', ['private'])).toEqual(new Map());
    await deleteEventRows(database.db, 'intruder', ['private']);
    expect(await findEvent(database.db, 'owner', 'private')).toBeDefined();
  });

  it('finds one-off events and running series that overlap a window, travel included', async () => {
    const u = 'window';
    const day = Date.UTC(2026, 4, 4);
    await insertEvent(
      database.db,
      u,
      buildEvent({ id: 'before', start: day - 2 * HOUR_MS, end: day - HOUR_MS }),
    );
    await insertEvent(
      database.db,
      u,
      buildEvent({
        id: 'travel',
        start: day - 2 * HOUR_MS,
        end: day - HOUR_MS,
        travelBottom: 2 * HOUR_MS,
      }),
    );
    await insertEvent(
      database.db,
      u,
      buildEvent({ id: 'inside', start: day + HOUR_MS, end: day + 2 * HOUR_MS }),
    );
    await insertEvent(
      database.db,
      u,
      buildEvent({
        id: 'series',
        start: day - 30 * 24 * HOUR_MS,
        end: day - 30 * 24 * HOUR_MS + HOUR_MS,
        recurrenceRule: daily,
      }),
    );
    await insertEvent(
      database.db,
      u,
      buildEvent({
        id: 'ended',
        start: day - 30 * 24 * HOUR_MS,
        end: day - 30 * 24 * HOUR_MS + HOUR_MS,
        recurrenceRule: { ...daily, count: 2 },
      }),
    );
    const ids = (await listEventsOverlapping(database.db, u, day, day + 24 * HOUR_MS)).map(
      (e) => e.id,
    );
    expect(ids.sort()).toEqual(['inside', 'series', 'travel']);
    expect((await findEvent(database.db, u, 'series'))?.lastEnd).toBe(NO_END);
  });

  it('lists the overrides of a series and searches title and note case-insensitively', async () => {
    const u = 'search';
    await insertEvent(database.db, u, buildEvent({ id: 's', title: 'Gym', recurrenceRule: daily }));
    await insertEvent(database.db, u, buildEvent({ id: 'o2', rootId: 's', originalInstance: 2 }));
    await insertEvent(database.db, u, buildEvent({ id: 'o1', rootId: 's', originalInstance: 1 }));
    await insertEvent(
      database.db,
      u,
      buildEvent({ id: 'n', title: 'Dentist', note: 'Bring the GYM card' }),
    );
    await insertEvent(database.db, u, buildEvent({ id: 'p', title: '100% focus_time' }));
    expect((await listOverrides(database.db, u, 's')).map((e) => e.id)).toEqual(['o1', 'o2']);
    expect((await searchEvents(database.db, u, 'gym', 10)).map((e) => e.id).sort()).toEqual([
      'n',
      's',
    ]);
    expect((await searchEvents(database.db, u, '%', 10)).map((e) => e.id)).toEqual(['p']);
    expect((await searchEvents(database.db, u, '_', 10)).map((e) => e.id)).toEqual(['p']);
    const [found] = await searchEvents(database.db, u, 'dentist', 10);
    expect(found?.hasNote).toBe(true);
  });
});

describe('listEventInstances', () => {
  it('expands a daily series at 09:00 Berlin wall time across the spring DST change', async () => {
    const u = 'dst';
    await insertCategories(database.db, u, [buildCategory({ id: 'work' })]);
    // 2026-03-27 09:00 CET is 08:00 UTC; after 2026-03-29 (CEST) it is 07:00 UTC.
    const start = Date.UTC(2026, 2, 27, 8);
    await insertEvent(
      database.db,
      u,
      buildEvent({
        id: 'daily',
        start,
        end: start + HOUR_MS,
        recurrenceRule: daily,
        exceptions: [1],
      }),
    );
    await insertEvent(
      database.db,
      u,
      buildEvent({
        id: 'moved',
        rootId: 'daily',
        originalInstance: 1,
        start: Date.UTC(2026, 2, 28, 12),
        end: Date.UTC(2026, 2, 28, 13),
      }),
    );
    const list = await listEventInstances(
      database.db,
      u,
      Date.UTC(2026, 2, 27),
      Date.UTC(2026, 2, 31),
      'Europe/Berlin',
    );
    expect(
      list.map((i) => [i.id, i.instanceNumber, i.isVirtual, new Date(i.start).toISOString()]),
    ).toEqual([
      ['daily', 0, false, '2026-03-27T08:00:00.000Z'],
      ['moved', 1, false, '2026-03-28T12:00:00.000Z'],
      ['daily', 2, true, '2026-03-29T07:00:00.000Z'],
      ['daily', 3, true, '2026-03-30T07:00:00.000Z'],
    ]);
    expect(list[0]?.category?.id).toBe('work');
    expect(list.every((i) => i.end - i.start === HOUR_MS)).toBe(true);
  });

  it('counts an instance whose travel time reaches into the window', async () => {
    const u = 'travel';
    const start = Date.UTC(2026, 5, 1, 10);
    await insertEvent(
      database.db,
      u,
      buildEvent({ id: 't', start, end: start + HOUR_MS, travelTop: 30 * MINUTE_MS }),
    );
    const window = [start - 20 * MINUTE_MS, start - 10 * MINUTE_MS] as const;
    expect(await listEventInstances(database.db, u, ...window, 'UTC')).toHaveLength(1);
    expect(
      await listEventInstances(database.db, u, start - HOUR_MS, start - 40 * MINUTE_MS, 'UTC'),
    ).toHaveLength(0);
  });
});
