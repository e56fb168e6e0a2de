import { DAY_MS } from '@planner/core';
import type { PlainInit, Reminder as WireReminder } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcError } from '../events/rpc-error-helper';
import {
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';

let server: TestServer;
let user: SignedUpUser;
let other: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp();
  other = await server.signUp();
});
afterAll(() => server.close());

const bearer = (u: SignedUpUser) => ({ authorization: `Bearer ${u.token}` });
const jan = (day: number, hour = 0) => Date.UTC(2026, 0, day, hour);

async function create(u: SignedUpUser, reminder: PlainInit<WireReminder>) {
  const answer = await u.client.call('CreateReminder', { reminder });
  if (!answer.reminder) throw new Error('no reminder');
  return answer.reminder;
}

async function list(u: SignedUpUser, start: number, end: number) {
  return (await u.client.call('GetReminders', { start, end })).reminders;
}

describe('CreateReminder and GetReminders', () => {
  it('stores a reminder and answers it in its window, an all-day one at local midnight', async () => {
    const created = await create(user, {
      title: '  Call mum ',
      start: jan(6, 15),
      allDay: true,
      star: true,
    });
    expect(created).toMatchObject({
      title: 'Call mum',
      start: jan(6),
      allDay: true,
      timezone: 'UTC',
      status: 0,
      star: true,
      origin: jan(6),
      createdAt: TEST_NOW,
    });
    expect(created.instanceId).toBe(`${created.id}:${jan(6)}`);
    expect(created.recurrenceRule).toBeUndefined();
    expect((await list(user, jan(6), jan(7))).map((r) => r.id)).toContain(created.id);
    expect((await list(user, jan(7), jan(8))).map((r) => r.id)).not.toContain(created.id);
  });

  it('keeps an empty title (clients show their untitled placeholder)', async () => {
    const created = await create(user, { title: '   ', start: jan(6, 10) });
    expect(created.title).toBe('');
  });

  it.each([
    ['status 2', { status: 2 }, /status/],
    ['an unknown zone', { timezone: 'Nowhere/Land' }, /invalid.timezone/],
    ['a start out of range', { start: -1 }, /start/],
    [
      'a bad rule',
      { recurrenceRule: { freq: 'SOMETIMES', interval: 1 } },
      /invalid.recurrenceFreq/,
    ],
    [
      'a zero count',
      { recurrenceRule: { freq: 'DAILY', interval: 1, count: -1 } },
      /invalid.recurrenceCount/,
    ],
  ])('refuses %s', async (_name, overrides, message) => {
    const error = await rpcError(
      user.client.call('CreateReminder', { reminder: { start: jan(6, 9), ...overrides } }),
    );
    expect(error.code).toBe(400);
    expect(error.message).toMatch(message);
  });

  it('refuses wrong JSON types, a missing reminder, and windows that are backwards or too long', async () => {
    for (const [method, body, message] of [
      ['CreateReminder', { reminder: { start: 'soon' } }, /start/],
      ['CreateReminder', { reminder: { star: 1 } }, /star/],
      ['CreateReminder', {}, /reminder/],
      ['GetReminders', { start: jan(6), end: jan(5) }, /end/],
      ['GetReminders', { start: jan(1), end: jan(1) + 367 * DAY_MS }, /366/],
      ['GetReminders', { start: 1.5, end: 2 }, /start/],
    ] as const) {
      const answer = await server.postJson(method, body, bearer(user));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
  });

  it('bumps reminderUpdatedAt for the other devices', async () => {
    const before = await user.client.call('GetTimelineState');
    server.clock.advance(1_000);
    await create(user, { title: 'Bump', start: jan(8, 9) });
    const after = await user.client.call('GetTimelineState');
    expect(after.reminderUpdatedAt).toBeGreaterThan(before.reminderUpdatedAt);
  });
});

describe('one-off reminders', () => {
  it('toggles, updates by field mask and deletes', async () => {
    const r = await create(user, { title: 'Pay rent', start: jan(9, 9) });
    await user.client.call('ToggleThisReminder', {
      id: r.id,
      start: r.start,
      origin: r.origin,
      status: 1,
    });
    expect((await list(user, jan(9), jan(10))).find((x) => x.id === r.id)?.status).toBe(1);
    const { reminder } = await user.client.call('UpdateReminder', {
      reminder: { id: r.id, origin: r.origin, title: 'Pay the rent', start: jan(10, 9) },
      fields: ['title'],
    });
    expect(reminder).toMatchObject({ title: 'Pay the rent', start: jan(9, 9), status: 1 });
    await user.client.call('UpdateReminder', {
      reminder: { id: r.id, origin: r.origin, start: jan(10, 9), star: true },
      fields: ['start', 'star'],
    });
    const moved = (await list(user, jan(10), jan(11))).find((x) => x.id === r.id);
    expect(moved).toMatchObject({ start: jan(10, 9), star: true, title: 'Pay the rent' });
    await user.client.call('DeleteReminder', { id: r.id, start: moved?.start });
    expect((await list(user, jan(1), jan(20))).map((x) => x.id)).not.toContain(r.id);
    const again = await rpcError(user.client.call('DeleteReminder', { id: r.id }));
    expect(again.code).toBe(404);
  });

  it('refuses an unknown field name, a bad type and a bad status', async () => {
    const r = await create(user, { start: jan(9, 9) });
    const field = await rpcError(
      user.client.call('UpdateReminder', { reminder: { id: r.id }, fields: ['colour'] }),
    );
    expect(field.message).toMatch(/colour/);
    const type = await rpcError(
      user.client.call('UpdateReminder', { reminder: { id: r.id }, type: 5, fields: ['title'] }),
    );
    expect(type.message).toMatch(/updateType|0, 1 or 2/);
    const status = await rpcError(
      user.client.call('ToggleThisReminder', { id: r.id, start: r.start, status: 7 }),
    );
    expect(status.message).toMatch(/status/);
  });

  it("answers another user's reminder exactly as a missing one", async () => {
    const r = await create(user, { title: 'Mine', start: jan(9, 9) });
    const calls: [string, (id: string) => unknown][] = [
      ['UpdateReminder', (id) => ({ reminder: { id, title: 'x' }, fields: ['title'] })],
      ['ToggleThisReminder', (id) => ({ id, start: r.start, status: 1 })],
      ['DeleteReminder', (id) => ({ id, start: r.start })],
    ];
    for (const [method, body] of calls) {
      const foreign = await server.postJson(method, body(r.id), bearer(other));
      const missing = await server.postJson(method, body('nope'), bearer(other));
      expect(foreign.status, method).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    }
    expect((await list(other, jan(9), jan(10))).map((x) => x.id)).not.toContain(r.id);
    expect((await list(user, jan(9), jan(10))).find((x) => x.id === r.id)).toMatchObject({
      title: 'Mine',
      status: 0,
    });
  });
});

describe('overdue reminders', () => {
  it('lists open occurrences from before today and cleans them for good', async () => {
    const u = await server.signUp();
    const old = await create(u, { title: 'Old', start: Date.UTC(2025, 9, 1, 9) });
    const recent = await create(u, { title: 'Recent', start: jan(3, 9) });
    const done = await create(u, { title: 'Done', start: jan(3, 10), status: 1 });
    const today = await create(u, { title: 'Today', start: jan(5, 7) });
    const now = server.clock.now();
    server.clock.set(jan(1, 7));
    const daily = await create(u, {
      title: 'Daily',
      start: jan(1, 8),
      recurrenceRule: { freq: 'DAILY', interval: 1 },
    });
    server.clock.set(now);
    await u.client.call('ToggleThisReminder', { id: daily.id, origin: jan(2, 8), status: 1 });
    // Created today with a start in the past: its earlier occurrences were never due.
    await create(u, {
      title: 'Backdated',
      start: Date.UTC(2025, 11, 1, 8),
      recurrenceRule: { freq: 'DAILY', interval: 1 },
    });
    const { reminders } = await u.client.call('GetOverdueReminders');
    expect(reminders.map((r) => [r.title, r.start])).toEqual([
      ['Old', old.start],
      ['Daily', jan(1, 8)],
      ['Daily', jan(3, 8)],
      ['Recent', recent.start],
      ['Daily', jan(4, 8)],
    ]);
    expect(reminders.map((r) => r.id)).not.toContain(done.id);
    expect(reminders.map((r) => r.id)).not.toContain(today.id);

    await u.client.call('CleanOverdueReminders');
    expect((await u.client.call('GetOverdueReminders')).reminders).toEqual([]);
    const left = await list(u, jan(1), jan(6));
    expect(left.filter((r) => r.title === 'Daily').map((r) => [r.start, r.status])).toEqual([
      [jan(2, 8), 1],
      [jan(5, 8), 0],
    ]);
    expect(left.map((r) => r.title)).toContain('Done');
    expect(left.map((r) => r.title)).toContain('Today');
  });
});
