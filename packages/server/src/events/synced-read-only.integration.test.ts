import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceSyncedEvents } from '../calendar-sync/synced-events';
import { rpcError, startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { buildEvent } from './event-factory';
import { insertEvent } from './events-repository';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const READ_ONLY = { code: 403, message: 'invalid.syncedEventReadOnly' };

/** One synced occurrence stored the way every source stores them; answers its event id. */
async function syncedEvent(user: Planner, start: number, end: number, title = 'Board meeting') {
  await server.database.db.transaction().execute((trx) =>
    replaceSyncedEvents(trx, user.userId, {
      source: 'google',
      origin: 'google:primary',
      events: [
        { syncKey: `k-${start}`, title, start, end, allDay: false, categoryId: '', timezone: '' },
      ],
      now: TEST_NOW,
    }),
  );
  const row = await server.database.db
    .selectFrom('events')
    .select('id')
    .where('user_id', '=', user.userId)
    .where('sync_key', '=', `k-${start}`)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function titleOf(user: Planner, id: string, instanceNumber = 0) {
  return (await user.client.call('GetEvent', { event: { id, instanceNumber } })).event?.title;
}

describe('synced events are read-only', () => {
  it('refuses UpdateEvent and DeleteEvent in every scope, and the event stays as it was', async () => {
    const user = await signUpPlanner(server);
    const id = await syncedEvent(user, TEST_NOW + DAY, TEST_NOW + DAY + HOUR);
    for (const updateType of [0, 1, 2]) {
      const update = await rpcError(
        user.client.call('UpdateEvent', {
          newEvent: { id, title: 'Mine now', category: { id: user.categoryId } },
          oldEvent: { id },
          apiVersion: 1,
          updateType,
          fields: ['title'],
        }),
      );
      expect(update).toMatchObject(READ_ONLY);
      const remove = await rpcError(
        user.client.call('DeleteEvent', { event: { id }, apiVersion: 1, updateType }),
      );
      expect(remove).toMatchObject(READ_ONLY);
    }
    expect(await titleOf(user, id)).toBe('Board meeting');
  });

  it('refuses edits of any instance of a synced series', async () => {
    const user = await signUpPlanner(server);
    await insertEvent(
      server.database.db,
      user.userId,
      buildEvent({
        id: 'synced-series',
        source: 'caldav',
        categoryId: user.categoryId,
        start: TEST_NOW + HOUR,
        end: TEST_NOW + 2 * HOUR,
        recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 5 },
      }),
    );
    for (const [instanceNumber, updateType] of [
      [0, 0],
      [2, 0],
      [2, 1],
      [3, 2],
    ] as const) {
      const update = await rpcError(
        user.client.call('UpdateEvent', {
          newEvent: { title: 'Moved', start: TEST_NOW + 3 * HOUR, end: TEST_NOW + 4 * HOUR },
          oldEvent: { id: 'synced-series', instanceNumber, isVirtual: instanceNumber > 0 },
          apiVersion: 1,
          updateType,
          fields: ['title', 'start', 'end'],
        }),
      );
      expect(update).toMatchObject(READ_ONLY);
      const remove = await rpcError(
        user.client.call('DeleteEvent', {
          event: { id: 'synced-series', instanceNumber, isVirtual: instanceNumber > 0 },
          apiVersion: 1,
          updateType,
        }),
      );
      expect(remove).toMatchObject(READ_ONLY);
    }
    expect(await titleOf(user, 'synced-series', 3)).toBe('Standup');
  });
});

describe('synced events are busy time', () => {
  /** The user's blocks of today as [task id or event title, start, end] in minutes after now. */
  async function spans(user: Planner): Promise<[string, number, number][]> {
    const timeline = await user.client.call('GetTimeline', {
      start: TEST_NOW - HOUR,
      end: TEST_NOW + DAY,
      version: 4,
      includeAll: true,
    });
    return timeline.blockContainers.map((c) => [
      c.timeblock?.task?.id ?? c.event?.title ?? '',
      (Number(c.timeblock?.start) - TEST_NOW) / MINUTE,
      (Number(c.timeblock?.end) - TEST_NOW) / MINUTE,
    ]);
  }

  it('a synced event moves the plan around it exactly as the user’s own event does', async () => {
    const own = await signUpPlanner(server);
    const synced = await signUpPlanner(server);
    const results: [string, number, number][][] = [];
    for (const user of [own, synced]) {
      // Something going on now, then a 3-hour task planned next.
      await user.client.call('PutTask', {
        task: { title: 'Now', category: { id: user.categoryId }, timeScheduled: HOUR },
      });
      const { task } = await user.client.call('PutTask', {
        task: { title: 'Report', category: { id: user.categoryId }, timeScheduled: 3 * HOUR },
      });
      const start = TEST_NOW + 2 * HOUR;
      if (user === own) {
        await user.client.call('CreateEvent', {
          event: {
            title: 'Board meeting',
            start,
            end: start + HOUR,
            category: { id: user.categoryId },
          },
        });
      } else {
        await syncedEvent(user, start, start + HOUR);
      }
      results.push(
        (await spans(user)).map(([what, from, to]) => [
          what === task?.id ? 'Report' : what === 'Board meeting' ? what : 'Now',
          from,
          to,
        ]),
      );
    }
    expect(results[1]).toEqual(results[0]);
    // The report is split around the meeting: 1 hour before it, 2 after.
    expect(results[1]).toEqual([
      ['Now', 0, 60],
      ['Report', 60, 120],
      ['Board meeting', 120, 180],
      ['Report', 180, 300],
    ]);
  });
});
