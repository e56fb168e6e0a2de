import { MINUTE_MS } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';
import { listEventInstances } from './event-instances';

/*
 * A weekly event saved on a weekday its rule leaves out has no instance on that day; instance 0
 * is the rule's first occurrence (docs/events-reminders-categories.md). Europe/Berlin, across
 * the spring change on Sunday 29 March 2026: 09:00 local is 08:00 UTC before it, 07:00 after.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: Date.UTC(2026, 2, 20, 12) });
});
afterAll(() => server.close());

const ZONE = 'Europe/Berlin';
const utc = (day: number, hour: number) => Date.UTC(2026, 2, day, hour);
const iso = (ms: number) => new Date(ms).toISOString();
// Thursday 26 March, 09:00 CET; the rule wants Saturdays and Sundays.
const START = utc(26, 8);

async function weekendSeries() {
  const user = await server.signUp();
  const { event } = await user.client.call('CreateEvent', {
    event: {
      title: 'Hike',
      start: START,
      end: START + 90 * MINUTE_MS,
      category: { id: 'personal' },
      timezone: ZONE,
      recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: 'SA,SU', until: 0, count: 0 },
    },
  });
  if (!event) throw new Error('no event');
  return { user, id: event.id };
}

async function agenda(user: SignedUpUser) {
  const list = await listEventInstances(
    server.database.db,
    user.userId,
    utc(26, 0),
    utc(33, 0),
    ZONE,
  );
  return list.map((i) => [i.instanceNumber, iso(i.start), i.isVirtual]);
}

describe('a weekly event saved off its pattern', () => {
  it('starts on the first listed day, keeping 09:00 across the change', async () => {
    const { user, id } = await weekendSeries();
    expect(await agenda(user)).toEqual([
      [0, iso(utc(28, 8)), true],
      [1, iso(utc(29, 7)), true],
    ]);
    const { event } = await user.client.call('GetEvent', { event: { id, instanceNumber: 0 } });
    expect(event).toMatchObject({ instanceNumber: 0, isVirtual: true, start: utc(28, 8) });
    const day = (d: number) =>
      user.client.call('GetTimeline', { start: utc(d, 0), end: utc(d, 23) });
    expect(JSON.stringify(await day(26))).not.toContain(id);
    expect(JSON.stringify(await day(28))).toContain(id);
  });

  it('changes and deletes instances by those numbers', async () => {
    const { user, id } = await weekendSeries();
    await user.client.call('UpdateEvent', {
      newEvent: { title: 'Long hike' },
      oldEvent: { id, instanceNumber: 1, isVirtual: true },
      apiVersion: 1,
      fields: ['title'],
    });
    await user.client.call('DeleteEvent', {
      event: { id, instanceNumber: 0, isVirtual: true },
      apiVersion: 1,
      updateType: 0,
    });
    const list = await listEventInstances(
      server.database.db,
      user.userId,
      utc(26, 0),
      utc(33, 0),
      ZONE,
    );
    expect(list.map((i) => [i.title, iso(i.start)])).toEqual([['Long hike', iso(utc(29, 7))]]);
  });
});
