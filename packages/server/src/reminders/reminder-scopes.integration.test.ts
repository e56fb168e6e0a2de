import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcError } from '../events/rpc-error-helper';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';

/*
 * A daily reminder at 08:00 in Europe/Berlin across the spring change (29 March 2026): 07:00 UTC
 * before it, 06:00 UTC after.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: Date.UTC(2026, 2, 20, 12) });
});
afterAll(() => server.close());

const utc = (day: number, hour: number) => Date.UTC(2026, 2, day, hour);
const iso = (ms: number) => new Date(ms).toISOString();

async function dailySeries() {
  const user = await server.signUp();
  const { reminder } = await user.client.call('CreateReminder', {
    reminder: {
      title: 'Vitamins',
      start: utc(27, 7),
      timezone: 'Europe/Berlin',
      recurrenceRule: { freq: 'DAILY', interval: 1 },
    },
  });
  if (!reminder) throw new Error('no reminder');
  return { user, reminder };
}

/** [title, start, origin, status] from 27 March to 2 April. */
async function occurrences(user: SignedUpUser) {
  const { reminders } = await user.client.call('GetReminders', {
    start: utc(27, 0),
    end: utc(33, 0),
  });
  return reminders.map((r) => [r.title, iso(r.start), iso(r.origin), r.status]);
}

describe('recurring reminders', () => {
  it('keep 08:00 local across the change, each occurrence with its own done state', async () => {
    const { user, reminder } = await dailySeries();
    await user.client.call('ToggleThisReminder', {
      id: reminder.id,
      origin: utc(30, 6),
      status: 1,
    });
    expect(await occurrences(user)).toEqual([
      ['Vitamins', iso(utc(27, 7)), iso(utc(27, 7)), 0],
      ['Vitamins', iso(utc(28, 7)), iso(utc(28, 7)), 0],
      ['Vitamins', iso(utc(29, 6)), iso(utc(29, 6)), 0],
      ['Vitamins', iso(utc(30, 6)), iso(utc(30, 6)), 1],
      ['Vitamins', iso(utc(31, 6)), iso(utc(31, 6)), 0],
      ['Vitamins', iso(utc(32, 6)), iso(utc(32, 6)), 0],
    ]);
    const wrong = await rpcError(
      user.client.call('ToggleThisReminder', { id: reminder.id, origin: utc(30, 7), status: 1 }),
    );
    expect(wrong.code).toBe(404);
  });

  it('scope 0 moves one occurrence; it keeps its origin and is found where it went', async () => {
    const { user, reminder } = await dailySeries();
    const { reminder: moved } = await user.client.call('UpdateReminder', {
      reminder: {
        id: reminder.id,
        origin: utc(30, 6),
        title: 'Vitamins (late)',
        start: utc(32, 9),
      },
      type: 0,
      fields: ['title', 'start'],
    });
    expect(moved).toMatchObject({
      start: utc(32, 9),
      origin: utc(30, 6),
      title: 'Vitamins (late)',
    });
    const list = await occurrences(user);
    expect(list.map(([, start]) => start)).not.toContain(iso(utc(30, 6)));
    expect(list).toContainEqual(['Vitamins (late)', iso(utc(32, 9)), iso(utc(30, 6)), 0]);
    const { reminders } = await user.client.call('GetReminders', {
      start: utc(32, 8),
      end: utc(32, 10),
    });
    expect(reminders.map((r) => r.title)).toEqual(['Vitamins (late)']);
    await user.client.call('ToggleThisReminder', {
      id: reminder.id,
      origin: utc(30, 6),
      status: 1,
    });
    expect(await occurrences(user)).toContainEqual([
      'Vitamins (late)',
      iso(utc(32, 9)),
      iso(utc(30, 6)),
      1,
    ]);
    // Deleting it by its origin removes it from where it moved to.
    await user.client.call('DeleteReminder', { id: reminder.id, origin: utc(30, 6) });
    expect(await occurrences(user)).toHaveLength(5);
  });

  it('scope 1 starts a new series at the new time; done states after the cut follow it', async () => {
    const { user, reminder } = await dailySeries();
    await user.client.call('ToggleThisReminder', {
      id: reminder.id,
      origin: utc(32, 6),
      status: 1,
    });
    const { reminder: following } = await user.client.call('UpdateReminder', {
      reminder: { id: reminder.id, origin: utc(30, 6), start: utc(30, 7), title: 'Vitamin D' },
      type: 1,
      fields: ['start', 'title'],
    });
    expect(following?.id).not.toBe(reminder.id);
    expect(await occurrences(user)).toEqual([
      ['Vitamins', iso(utc(27, 7)), iso(utc(27, 7)), 0],
      ['Vitamins', iso(utc(28, 7)), iso(utc(28, 7)), 0],
      ['Vitamins', iso(utc(29, 6)), iso(utc(29, 6)), 0],
      ['Vitamin D', iso(utc(30, 7)), iso(utc(30, 7)), 0],
      ['Vitamin D', iso(utc(31, 7)), iso(utc(31, 7)), 0],
      ['Vitamin D', iso(utc(32, 7)), iso(utc(32, 7)), 1],
    ]);
  });

  it('scope 2 changes every occurrence, on both sides of the change', async () => {
    const { user, reminder } = await dailySeries();
    await user.client.call('UpdateReminder', {
      reminder: { id: reminder.id, origin: utc(31, 6), start: utc(31, 5), star: true },
      type: 2,
      fields: ['start', 'star'],
    });
    const { reminders } = await user.client.call('GetReminders', {
      start: utc(27, 0),
      end: utc(33, 0),
    });
    expect(reminders.map((r) => [iso(r.start), r.star])).toEqual([
      [iso(utc(27, 6)), true],
      [iso(utc(28, 6)), true],
      [iso(utc(29, 5)), true],
      [iso(utc(30, 5)), true],
      [iso(utc(31, 5)), true],
      [iso(utc(32, 5)), true],
    ]);
  });

  it('deletes this one, this and following, and all', async () => {
    const { user, reminder } = await dailySeries();
    await user.client.call('DeleteReminder', { id: reminder.id, origin: utc(28, 7) });
    expect((await occurrences(user)).map(([, start]) => start)).not.toContain(iso(utc(28, 7)));
    await user.client.call('DeleteReminder', { id: reminder.id, origin: utc(31, 6), type: 1 });
    expect((await occurrences(user)).map(([, start]) => start)).toEqual([
      iso(utc(27, 7)),
      iso(utc(29, 6)),
      iso(utc(30, 6)),
    ]);
    const gone = await rpcError(
      user.client.call('ToggleThisReminder', { id: reminder.id, origin: utc(28, 7), status: 1 }),
    );
    expect(gone.code).toBe(404);
    await user.client.call('DeleteReminder', { id: reminder.id, origin: utc(29, 6), type: 2 });
    expect(await occurrences(user)).toEqual([]);
  });
});
