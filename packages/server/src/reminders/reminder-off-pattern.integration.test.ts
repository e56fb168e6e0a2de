import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcError } from '../events/rpc-error-helper';
import { startTestServer, type TestServer } from '../testing/test-server';

/*
 * A weekly reminder saved on a weekday its rule leaves out has no occurrence on that day
 * (docs/events-reminders-categories.md, Recurrence). Europe/Berlin, 08:00 local: 07:00 UTC before
 * the spring change on Sunday 29 March 2026, 06:00 UTC after.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: Date.UTC(2026, 2, 20, 12) });
});
afterAll(() => server.close());

const utc = (day: number, hour: number) => Date.UTC(2026, 2, day, hour);
const iso = (ms: number) => new Date(ms).toISOString();

describe('a weekly reminder saved off its pattern', () => {
  it('answers and lists the rule occurrences only, each with its own state', async () => {
    const user = await server.signUp();
    // Thursday 26 March, 08:00 CET; Saturdays and Sundays.
    const { reminder } = await user.client.call('CreateReminder', {
      reminder: {
        title: 'Plants',
        start: utc(26, 7),
        timezone: 'Europe/Berlin',
        recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: 'SA,SU' },
      },
    });
    if (!reminder) throw new Error('no reminder');
    expect(reminder).toMatchObject({ start: utc(28, 7), origin: utc(28, 7) });
    await user.client.call('ToggleThisReminder', {
      id: reminder.id,
      origin: utc(29, 6),
      status: 1,
    });
    const { reminders } = await user.client.call('GetReminders', {
      start: utc(26, 0),
      end: utc(33, 0),
    });
    expect(reminders.map((r) => [iso(r.origin), r.status])).toEqual([
      [iso(utc(28, 7)), 0],
      [iso(utc(29, 6)), 1],
    ]);
    const onStart = await rpcError(
      user.client.call('ToggleThisReminder', { id: reminder.id, origin: utc(26, 7), status: 1 }),
    );
    expect(onStart.code).toBe(404);
  });
});
