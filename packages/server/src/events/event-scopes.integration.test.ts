import { HOUR_MS, MINUTE_MS } from '@planner/core';
import type { Event as WireEvent, PlainInit } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';
import { listEventInstances } from './event-instances';
import { rpcError } from './rpc-error-helper';

/*
 * Recurring scopes across the spring daylight-saving change in Europe/Berlin (Sunday 29 March
 * 2026, 02:00 CET -> 03:00 CEST): 09:00 local is 08:00 UTC before it and 07:00 UTC after.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: Date.UTC(2026, 2, 20, 12) });
});
afterAll(() => server.close());

const ZONE = 'Europe/Berlin';
const FIRST = Date.UTC(2026, 2, 26, 8); // Thursday 26 March, 09:00 CET
const daily = { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 };
const utc = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, day, hour, minute);

async function series(rule: PlainInit<WireEvent>['recurrenceRule'] = daily) {
  const user = await server.signUp();
  const { event } = await user.client.call('CreateEvent', {
    event: {
      title: 'Standup',
      start: FIRST,
      end: FIRST + 30 * MINUTE_MS,
      category: { id: 'work' },
      timezone: ZONE,
      note: 'series note',
      recurrenceRule: rule,
    },
  });
  if (!event) throw new Error('no event');
  return { user, event };
}

/** [id, instanceNumber, start as ISO, title] of every instance from 26 March to 2 April. */
async function agenda(user: SignedUpUser, from = utc(26, 0), to = utc(33, 0)) {
  const list = await listEventInstances(server.database.db, user.userId, from, to, ZONE);
  return list.map((i) => [i.id, i.instanceNumber, new Date(i.start).toISOString(), i.title]);
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('recurring instances', () => {
  it('keeps 09:00 local across the change; GetEvent answers virtual instances by number', async () => {
    const { user, event } = await series();
    expect((await agenda(user)).map(([, n, start]) => [n, start])).toEqual([
      [0, iso(utc(26, 8))],
      [1, iso(utc(27, 8))],
      [2, iso(utc(28, 8))],
      [3, iso(utc(29, 7))],
      [4, iso(utc(30, 7))],
      [5, iso(utc(31, 7))],
      [6, iso(utc(32, 7))],
    ]);
    const virtual = await user.client.call('GetEvent', {
      event: { id: event.id, instanceNumber: 4 },
    });
    expect(virtual.event).toMatchObject({
      id: event.id,
      instanceNumber: 4,
      isVirtual: true,
      start: utc(30, 7),
      end: utc(30, 7, 30),
      note: 'series note',
    });
    const first = await user.client.call('GetEvent', {
      event: { id: event.id, instanceNumber: 0 },
    });
    expect(first.event?.isVirtual).toBe(false);
    for (const instanceNumber of [-1, 100_000_000]) {
      const error = await rpcError(
        user.client.call('GetEvent', { event: { id: event.id, instanceNumber } }),
      );
      expect(error.code).toBe(404);
    }
  });

  it('has no instance past count', async () => {
    const { user, event } = await series({ ...daily, count: 3 });
    expect(await agenda(user)).toHaveLength(3);
    const error = await rpcError(
      user.client.call('GetEvent', { event: { id: event.id, instanceNumber: 3 } }),
    );
    expect(error.code).toBe(404);
  });

  it('gives all-day instances the length of their local day (23 hours on 29 March)', async () => {
    const user = await server.signUp();
    await user.client.call('CreateEvent', {
      event: {
        title: 'Holiday',
        allDay: true,
        start: utc(28, 12),
        end: utc(28, 13),
        category: { id: 'personal' },
        timezone: ZONE,
        recurrenceRule: { ...daily, count: 3 },
      },
    });
    const list = await listEventInstances(
      server.database.db,
      user.userId,
      utc(27, 0),
      utc(32, 0),
      ZONE,
    );
    expect(list.map((i) => [iso(i.start), (i.end - i.start) / HOUR_MS])).toEqual([
      [iso(utc(27, 23)), 24],
      [iso(utc(28, 23)), 23],
      [iso(utc(29, 22)), 24],
    ]);
  });
});

describe('the autumn change', () => {
  it('keeps a weekly 18:00 event at 18:00 local when the clocks go back (25 October)', async () => {
    const user = await server.signUp();
    const first = Date.UTC(2026, 9, 16, 16);
    const { event } = await user.client.call('CreateEvent', {
      event: {
        title: 'Choir',
        start: first,
        end: first + HOUR_MS,
        category: { id: 'personal' },
        timezone: ZONE,
        recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: 'FR' },
      },
    });
    await user.client.call('DeleteEvent', {
      event: { id: event?.id, instanceNumber: 1 },
      apiVersion: 1,
      updateType: 0,
    });
    const list = await listEventInstances(
      server.database.db,
      user.userId,
      Date.UTC(2026, 9, 16),
      Date.UTC(2026, 10, 7),
      ZONE,
    );
    expect(list.map((i) => [i.instanceNumber, iso(i.start)])).toEqual([
      [0, iso(Date.UTC(2026, 9, 16, 16))],
      [2, iso(Date.UTC(2026, 9, 30, 17))],
      [3, iso(Date.UTC(2026, 10, 6, 17))],
    ]);
  });
});

describe('scope 0: this one', () => {
  it('stores the changed instance on its own; the series skips it', async () => {
    const { user, event } = await series();
    const { event: changed } = await user.client.call('UpdateEvent', {
      newEvent: { title: 'Late standup', start: utc(30, 8), end: utc(30, 8, 30) },
      oldEvent: { id: event.id, instanceNumber: 4, isVirtual: true },
      apiVersion: 1,
      updateType: 0,
      fields: ['title', 'start', 'end'],
    });
    expect(changed).toMatchObject({
      rootId: event.id,
      instanceNumber: 4,
      isVirtual: false,
      title: 'Late standup',
      start: utc(30, 8),
      note: '',
    });
    expect(changed?.id).not.toBe(event.id);
    expect(changed?.recurrenceRule).toBeUndefined();
    const list = await agenda(user);
    expect(list).toContainEqual([changed?.id, 4, iso(utc(30, 8)), 'Late standup']);
    expect(list.filter(([, , , title]) => title === 'Standup')).toHaveLength(6);
    // The old link to instance 4 now opens the changed instance, note included.
    const old = await user.client.call('GetEvent', { event: { id: event.id, instanceNumber: 4 } });
    expect(old.event).toMatchObject({ id: changed?.id, note: 'series note' });

    // Changing it again with scope 0 changes the same stored instance.
    await user.client.call('UpdateEvent', {
      newEvent: { title: 'Later standup' },
      oldEvent: { id: changed?.id, instanceNumber: 4 },
      apiVersion: 1,
      fields: ['title'],
    });
    expect((await agenda(user)).filter(([, n]) => n === 4)).toEqual([
      [changed?.id, 4, iso(utc(30, 8)), 'Later standup'],
    ]);

    // Deleting it (scope 0) leaves the series without instance 4.
    await user.client.call('DeleteEvent', { event: { id: changed?.id }, apiVersion: 1 });
    expect((await agenda(user)).map(([, n]) => n)).toEqual([0, 1, 2, 3, 5, 6]);
  });
});

describe('scope 1: this and following', () => {
  it('ends the series before the instance and starts a new one at the new time', async () => {
    const { user, event } = await series({ ...daily, count: 10 });
    const { event: following } = await user.client.call('UpdateEvent', {
      newEvent: { title: 'Standup v2', start: utc(30, 8), end: utc(30, 8, 30) },
      oldEvent: { id: event.id, instanceNumber: 4, isVirtual: true },
      apiVersion: 1,
      updateType: 1,
      fields: ['title', 'start', 'end'],
    });
    expect(following).toMatchObject({
      rootId: event.id,
      instanceNumber: 0,
      isVirtual: false,
      start: utc(30, 8),
      recurrenceRule: { freq: 'DAILY', interval: 1, count: 6 },
    });
    expect(
      (await agenda(user)).map(([id, n, start, title]) => [id === event.id, n, start, title]),
    ).toEqual([
      [true, 0, iso(utc(26, 8)), 'Standup'],
      [true, 1, iso(utc(27, 8)), 'Standup'],
      [true, 2, iso(utc(28, 8)), 'Standup'],
      [true, 3, iso(utc(29, 7)), 'Standup'],
      [false, 0, iso(utc(30, 8)), 'Standup v2'],
      [false, 1, iso(utc(31, 8)), 'Standup v2'],
      [false, 2, iso(utc(32, 8)), 'Standup v2'],
    ]);
    const gone = await rpcError(
      user.client.call('GetEvent', { event: { id: event.id, instanceNumber: 4 } }),
    );
    expect(gone.code).toBe(404);
    const later = await listEventInstances(
      server.database.db,
      user.userId,
      utc(26, 0),
      utc(60, 0),
      ZONE,
    );
    expect(later).toHaveLength(10);
  });

  it('moves changed instances after the cut to the new series and drops those before it', async () => {
    const { user, event } = await series();
    const edit = (n: number, title: string) =>
      user.client.call('UpdateEvent', {
        newEvent: { title },
        oldEvent: { id: event.id, instanceNumber: n },
        apiVersion: 1,
        updateType: 0,
        fields: ['title'],
      });
    await edit(1, 'Before the cut');
    await edit(5, 'After the cut');
    await user.client.call('UpdateEvent', {
      newEvent: { note: 'new note' },
      oldEvent: { id: event.id, instanceNumber: 3 },
      apiVersion: 1,
      updateType: 1,
      fields: ['note'],
    });
    const titles = (await agenda(user)).map(([, n, , title]) => [n, title]);
    expect(titles).toEqual([
      [0, 'Standup'],
      [1, 'Before the cut'],
      [2, 'Standup'],
      [0, 'Standup'],
      [1, 'Standup'],
      [2, 'After the cut'],
      [3, 'Standup'],
    ]);
  });
  it('starts the new series where the user put a changed instance', async () => {
    const { user, event } = await series();
    const { event: moved } = await user.client.call('UpdateEvent', {
      newEvent: { start: utc(30, 10), end: utc(30, 10, 30) },
      oldEvent: { id: event.id, instanceNumber: 4 },
      apiVersion: 1,
      fields: ['start', 'end'],
    });
    const { event: following } = await user.client.call('UpdateEvent', {
      newEvent: { start: utc(30, 11), end: utc(30, 11, 30) },
      oldEvent: { id: moved?.id, instanceNumber: 4 },
      apiVersion: 1,
      updateType: 1,
      fields: ['start', 'end'],
    });
    expect(following).toMatchObject({ start: utc(30, 11), rootId: event.id, instanceNumber: 0 });
    expect((await agenda(user)).slice(3).map(([, n, start]) => [n, start])).toEqual([
      [3, iso(utc(29, 7))],
      [0, iso(utc(30, 11))],
      [1, iso(utc(31, 11))],
      [2, iso(utc(32, 11))],
    ]);
  });
});

describe('scope 2: all', () => {
  it('moves every instance by the same wall-clock change, on both sides of the DST change', async () => {
    const { user, event } = await series();
    await user.client.call('UpdateEvent', {
      newEvent: { title: 'Special', start: utc(28, 12), end: utc(28, 12, 30) },
      oldEvent: { id: event.id, instanceNumber: 2 },
      apiVersion: 1,
      updateType: 0,
      fields: ['title', 'start', 'end'],
    });
    const { event: saved } = await user.client.call('UpdateEvent', {
      newEvent: { title: 'Daily', start: utc(30, 7, 30), end: utc(30, 8) },
      oldEvent: { id: event.id, instanceNumber: 4, isVirtual: true },
      apiVersion: 1,
      updateType: 2,
      fields: ['title', 'start', 'end'],
    });
    expect(saved).toMatchObject({ id: event.id, instanceNumber: 4, start: utc(30, 7, 30) });
    expect((await agenda(user)).map(([, n, start, title]) => [n, start, title])).toEqual([
      [0, iso(utc(26, 8, 30)), 'Daily'],
      [1, iso(utc(27, 8, 30)), 'Daily'],
      // The instance changed on its own keeps its time and takes the new title.
      [2, iso(utc(28, 12)), 'Daily'],
      [3, iso(utc(29, 7, 30)), 'Daily'],
      [4, iso(utc(30, 7, 30)), 'Daily'],
      [5, iso(utc(31, 7, 30)), 'Daily'],
      [6, iso(utc(32, 7, 30)), 'Daily'],
    ]);
  });

  it('drops changed instances when the pattern changes', async () => {
    const { user, event } = await series();
    await user.client.call('UpdateEvent', {
      newEvent: { title: 'Special' },
      oldEvent: { id: event.id, instanceNumber: 1 },
      apiVersion: 1,
      fields: ['title'],
    });
    await user.client.call('UpdateEvent', {
      newEvent: { recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: 'TH,MO' } },
      oldEvent: { id: event.id, instanceNumber: 0 },
      apiVersion: 1,
      updateType: 2,
      fields: ['recurrenceRule'],
    });
    expect((await agenda(user)).map(([, n, start, title]) => [n, start, title])).toEqual([
      [0, iso(utc(26, 8)), 'Standup'],
      [1, iso(utc(30, 7)), 'Standup'],
    ]);
    const { event: read } = await user.client.call('GetEvent', { event: { id: event.id } });
    expect(read?.recurrenceRule).toMatchObject({ freq: 'WEEKLY', byDay: 'MO,TH' });
  });
});

describe('DeleteEvent scopes', () => {
  it('deletes this one, then this and following, then all', async () => {
    const { user, event } = await series();
    const remove = (n: number, updateType: number) =>
      user.client.call('DeleteEvent', {
        event: { id: event.id, instanceNumber: n, isVirtual: n > 0 },
        apiVersion: 1,
        updateType,
      });
    await remove(2, 0);
    expect((await agenda(user)).map(([, n]) => n)).toEqual([0, 1, 3, 4, 5, 6]);
    await remove(5, 1);
    expect((await agenda(user, utc(26, 0), utc(60, 0))).map(([, n]) => n)).toEqual([0, 1, 3, 4]);
    const deleted = await rpcError(
      user.client.call('GetEvent', { event: { id: event.id, instanceNumber: 2 } }),
    );
    expect(deleted.code).toBe(404);
    await remove(3, 2);
    expect(await agenda(user)).toEqual([]);
    const gone = await rpcError(user.client.call('GetEvent', { event: { id: event.id } }));
    expect(gone.code).toBe(404);
  });

  it('deletes a whole series from its first instance with scope 1, changed instances too', async () => {
    const { user, event } = await series();
    await user.client.call('UpdateEvent', {
      newEvent: { title: 'Special' },
      oldEvent: { id: event.id, instanceNumber: 3 },
      apiVersion: 1,
      fields: ['title'],
    });
    await user.client.call('DeleteEvent', {
      event: { id: event.id, instanceNumber: 0 },
      apiVersion: 1,
      updateType: 1,
    });
    expect(await agenda(user)).toEqual([]);
  });
});
