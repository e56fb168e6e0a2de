import { HOUR_MS } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import {
  applySyncedChanges,
  removeSyncedOrigin,
  replaceSyncedEvents,
  type SyncedEventInput,
} from './synced-events';
import { listSyncedOrigins } from './synced-events-repository';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const occurrence = (
  key: string,
  hoursFromNow: number,
  title = `Meeting ${key}`,
): SyncedEventInput => ({
  syncKey: key,
  title,
  start: TEST_NOW + hoursFromNow * HOUR_MS,
  end: TEST_NOW + (hoursFromNow + 1) * HOUR_MS,
  allDay: false,
  categoryId: '',
  timezone: 'Europe/Berlin',
});

async function eventsSeen(user: SignedUpUser) {
  const answer = await user.client.call('GetTimeline', {
    start: TEST_NOW - HOUR_MS,
    end: TEST_NOW + 24 * HOUR_MS,
  });
  return answer.blockContainers
    .flatMap((c) => (c.event ? [c.event] : []))
    .map((e) => ({ title: e.title, start: e.start, source: e.source }));
}

describe('synced events (SQLite or DATABASE_URL)', () => {
  it('are busy time the timeline shows with their source, written once however often synced', async () => {
    const user = await server.signUp();
    const db = server.database.db;
    const origin = 'caldav:a1:https://dav.example/cal/';
    const events = [occurrence('u1/1', 2), occurrence('u2/1', 5)];
    const first = await db
      .transaction()
      .execute((trx) =>
        replaceSyncedEvents(trx, user.userId, { source: 'caldav', origin, events, now: TEST_NOW }),
      );
    expect(first).toEqual({ added: 2, updated: 0, removed: 0 });
    const again = await db
      .transaction()
      .execute((trx) =>
        replaceSyncedEvents(trx, user.userId, { source: 'caldav', origin, events, now: TEST_NOW }),
      );
    expect(again).toEqual({ added: 0, updated: 0, removed: 0 });
    expect(await eventsSeen(user)).toEqual([
      { title: 'Meeting u1/1', start: TEST_NOW + 2 * HOUR_MS, source: 'caldav' },
      { title: 'Meeting u2/1', start: TEST_NOW + 5 * HOUR_MS, source: 'caldav' },
    ]);
    expect(await listSyncedOrigins(db, user.userId, 'caldav:')).toEqual([origin]);
  });

  it('change, add and remove occurrences incrementally, and a full sync removes what is gone', async () => {
    const user = await server.signUp();
    const db = server.database.db;
    const origin = 'google:primary';
    const put = (upserts: SyncedEventInput[], removals: string[] = []) =>
      db.transaction().execute((trx) =>
        applySyncedChanges(trx, user.userId, {
          source: 'google',
          origin,
          upserts,
          removals,
          now: TEST_NOW,
        }),
      );
    expect(await put([occurrence('a', 1), occurrence('b', 3)])).toEqual({
      added: 2,
      updated: 0,
      removed: 0,
    });
    expect(await put([occurrence('a', 2, 'Moved')], ['b', 'never-seen'])).toEqual({
      added: 0,
      updated: 1,
      removed: 1,
    });
    expect(await eventsSeen(user)).toEqual([
      { title: 'Moved', start: TEST_NOW + 2 * HOUR_MS, source: 'google' },
    ]);
    const full = await db.transaction().execute((trx) =>
      replaceSyncedEvents(trx, user.userId, {
        source: 'google',
        origin,
        events: [occurrence('c', 4)],
        now: TEST_NOW,
      }),
    );
    expect(full).toEqual({ added: 1, updated: 0, removed: 1 });
    expect(
      await db
        .transaction()
        .execute((trx) => removeSyncedOrigin(trx, user.userId, origin, TEST_NOW)),
    ).toBe(1);
    expect(await eventsSeen(user)).toEqual([]);
  });

  it("keep users apart: the same origin and keys of two users are two users' events", async () => {
    const [ann, bob] = [await server.signUp(), await server.signUp()];
    const db = server.database.db;
    const origin = 'google:primary';
    for (const user of [ann, bob]) {
      await db.transaction().execute((trx) =>
        replaceSyncedEvents(trx, user.userId, {
          source: 'google',
          origin,
          events: [occurrence('same', 1, `For ${user.email}`)],
          now: TEST_NOW,
        }),
      );
    }
    await db.transaction().execute((trx) => removeSyncedOrigin(trx, ann.userId, origin, TEST_NOW));
    expect(await eventsSeen(ann)).toEqual([]);
    expect((await eventsSeen(bob)).map((e) => e.title)).toEqual([`For ${bob.email}`]);
  });
});
