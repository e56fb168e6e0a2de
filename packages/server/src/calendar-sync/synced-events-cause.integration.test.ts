import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import {
  HOUR,
  MINUTE,
  personWithThreeTasks,
  plannedStarts,
  type Planner,
} from '../timeline/planning-test-kit';
import {
  applySyncedChanges,
  removeSyncedOrigin,
  replaceSyncedEvents,
  type SyncedEventInput,
} from './synced-events';

/*
 * Which call caused a re-plan after a sync (docs/plan-stability.md, "Which call caused it"): a
 * sync a person asked for hands its request id down, and the re-plan it leads to names it; the
 * periodic pass hands none, and the re-plan names no call.
 */

const ZONE = 'Europe/Berlin';
/** Saturday 28 March 2026, 07:00 in Berlin: inside the rest window (until 08:00), nothing runs. */
const SATURDAY_7 = Date.UTC(2026, 2, 28, 6, 0);
const at = (hours: number, minutes = 0) => SATURDAY_7 + (hours - 7) * HOUR + minutes * MINUTE;
const ORIGIN = 'caldav:a1:https://dav.example/cal/';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: SATURDAY_7 });
});
afterAll(async () => server.close());

const meeting = (key: string, startHour: number): SyncedEventInput => ({
  syncKey: key,
  title: `Meeting ${key}`,
  start: at(startHour),
  end: at(startHour + 1),
  allDay: false,
  categoryId: '',
  timezone: ZONE,
});

async function fullSync(user: Planner, events: SyncedEventInput[], cause?: string) {
  const change = { source: 'caldav' as const, origin: ORIGIN, events, now: server.clock.now() };
  await server.database.db
    .transaction()
    .execute((trx) =>
      replaceSyncedEvents(trx, user.userId, cause === undefined ? change : { ...change, cause }),
    );
}

async function planChanges(user: Planner) {
  const { planChanges } = await user.client.call('GetTimelineState');
  return planChanges;
}

/** The cause a re-plan will name for changes recorded since the last plan. */
async function pendingCause(user: Planner): Promise<string> {
  const row = await server.database.db
    .selectFrom('timeline_state')
    .select('plan_cause')
    .where('user_id', '=', user.userId)
    .executeTakeFirstOrThrow();
  return row.plan_cause;
}

describe('the cause of a re-plan after a sync (SQLite or DATABASE_URL)', () => {
  it("a person's sync names their request; a periodic pass after it names none", async () => {
    const user = await personWithThreeTasks(server, ZONE, SATURDAY_7, at(7, 10));
    expect(await plannedStarts(user, SATURDAY_7)).toEqual([at(8), at(9), at(10)]);

    await fullSync(user, [meeting('m1', 9)], 'request-of-the-sync');
    const byPerson = await planChanges(user);
    expect(byPerson?.causeRequest).toBe('request-of-the-sync');
    expect(byPerson?.moves.map((m) => [m.reason, m.wasStart, m.nowStart])).toEqual([
      ['busy', at(9), at(11)],
    ]);

    // The periodic pass: a meeting over another block, no request behind it.
    server.clock.set(at(7, 20));
    await fullSync(user, [meeting('m1', 9), meeting('m2', 8)]);
    const byPass = await planChanges(user);
    expect(byPass?.at).toBe(at(7, 20));
    expect(byPass?.moves.map((m) => m.reason)).toEqual(['busy']);
    expect(byPass?.causeRequest).toBe('');
  });

  it('a periodic pass clears the cause of an earlier change no plan has seen yet', async () => {
    const user = await personWithThreeTasks(server, ZONE, SATURDAY_7, at(7, 10));
    await plannedStarts(user, SATURDAY_7);
    // A person's sync recorded its cause, then the pass synced again before any read re-planned.
    await fullSync(user, [meeting('m1', 9)], 'request-of-the-sync');
    await fullSync(user, [meeting('m1', 9), meeting('m2', 8)]);
    const changes = await planChanges(user);
    expect(changes?.moves).toHaveLength(2);
    expect(changes?.causeRequest).toBe('');
  });

  it('an incremental sync and a removed calendar hand their cause down too', async () => {
    const user = await personWithThreeTasks(server, ZONE, SATURDAY_7, at(7, 10));
    await plannedStarts(user, SATURDAY_7);
    const db = server.database.db;
    await db.transaction().execute((trx) =>
      applySyncedChanges(trx, user.userId, {
        source: 'google',
        origin: ORIGIN,
        upserts: [meeting('m1', 10)],
        removals: [],
        now: server.clock.now(),
        cause: 'request-of-the-google-sync',
      }),
    );
    expect((await planChanges(user))?.causeRequest).toBe('request-of-the-google-sync');

    server.clock.set(at(7, 30));
    const removed = await db
      .transaction()
      .execute((trx) =>
        removeSyncedOrigin(trx, user.userId, ORIGIN, server.clock.now(), 'request-of-the-unchoice'),
      );
    expect(removed).toBe(1);
    // The freed hour forces no move, so no re-plan names it: the pending cause is what it holds.
    expect(await pendingCause(user)).toBe('request-of-the-unchoice');
  });
});
