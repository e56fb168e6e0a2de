import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcError, startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { MAX_APPLE_EVENTS, MAX_APPLE_RELATIONS } from './apple-calendar-methods';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const at = (hours: number) => TEST_NOW + hours * HOUR;

function occurrence(id: string, calendarTitle: string, title: string, startHours: number) {
  return {
    id,
    calendarTitle,
    title,
    start: at(startHours),
    end: at(startHours) + 30 * MINUTE,
    allDay: false,
    timezone: 'Europe/Berlin',
  };
}

/** The user's events of the next days as [title, source, category id], by start. */
async function synced(user: Planner): Promise<[string, string, string][]> {
  const timeline = await user.client.call('GetTimeline', {
    start: TEST_NOW - DAY,
    end: TEST_NOW + 3 * DAY,
    version: 4,
    includeAll: true,
  });
  return timeline.blockContainers
    .filter((c) => c.event?.source)
    .map((c) => [c.event?.title ?? '', c.event?.source ?? '', c.event?.category?.id ?? '']);
}

async function secondCategory(user: Planner): Promise<string> {
  const { categories } = await user.client.call('GetCategories');
  const id = categories.find((c) => c.id !== user.categoryId)?.id;
  if (!id) throw new Error('a new account has one category only');
  return id;
}

describe('Apple calendar bind', () => {
  it('stores relations, answers them, and refuses categories that are not the user’s', async () => {
    const user = await signUpPlanner(server);
    const other = await signUpPlanner(server);
    expect((await user.client.call('GetAppleCalendarBindRelationship')).relations).toEqual([]);
    const relations = [
      { calendarTitle: 'Work', categoryId: user.categoryId },
      { calendarTitle: 'Family', categoryId: await secondCategory(user) },
    ];
    await user.client.call('UpdateAppleCalendarBindRelationship', { relations });
    expect((await user.client.call('GetAppleCalendarBindRelationship')).relations).toEqual(
      [...relations].sort((a, b) => a.calendarTitle.localeCompare(b.calendarTitle)),
    );
    // Default categories share their ids across accounts: a category the other user made.
    const { category } = await other.client.call('PutCategory', {
      category: { title: 'Private' },
    });
    for (const categoryId of [category?.id ?? '', 'no-such-category']) {
      const foreign = await rpcError(
        user.client.call('UpdateAppleCalendarBindRelationship', {
          relations: [{ calendarTitle: 'Work', categoryId }],
        }),
      );
      expect(foreign).toMatchObject({ code: 400, message: 'invalid.chooseCategory' });
    }
    const work = { calendarTitle: 'Work', categoryId: user.categoryId };
    const twice = await rpcError(
      user.client.call('UpdateAppleCalendarBindRelationship', { relations: [work, work] }),
    );
    expect(twice.code).toBe(400);
    const tooMany = await rpcError(
      user.client.call('UpdateAppleCalendarBindRelationship', {
        relations: Array.from({ length: MAX_APPLE_RELATIONS + 1 }, (_, i) => ({
          calendarTitle: `Calendar ${i}`,
          categoryId: user.categoryId,
        })),
      }),
    );
    expect(tooMany.code).toBe(400);
    // The refused calls changed nothing; the other user sees none of it.
    expect((await user.client.call('GetAppleCalendarBindRelationship')).relations).toHaveLength(2);
    expect((await other.client.call('GetAppleCalendarBindRelationship')).relations).toEqual([]);
  });
});

describe('UploadAppleCalendarEvents', () => {
  it('stores events of related calendars as read-only synced events, with the hash', async () => {
    const user = await signUpPlanner(server);
    const family = await secondCategory(user);
    await user.client.call('UpdateAppleCalendarBindRelationship', {
      relations: [
        { calendarTitle: 'Work', categoryId: user.categoryId },
        { calendarTitle: 'Family', categoryId: family },
      ],
    });
    expect((await user.client.call('GetServerAppleCalendarHashVersion')).hash).toBe('');
    const answer = await user.client.call('UploadAppleCalendarEvents', {
      events: [
        occurrence('a@1', 'Work', 'Review', 2),
        occurrence('b@1', 'Family', 'School play', 26),
        occurrence('c@1', 'Birthdays', 'Not related', 4),
      ],
      hash: 'v1',
    });
    expect(answer.hash).toBe('v1');
    expect((await user.client.call('GetServerAppleCalendarHashVersion')).hash).toBe('v1');
    expect(await synced(user)).toEqual([
      ['Review', 'apple', user.categoryId],
      ['School play', 'apple', family],
    ]);
    // Read-only like every synced event.
    const { event } = await user.client.call('SearchEvent', { keyword: 'Review' }).then((r) => ({
      event: r.events[0],
    }));
    const refused = await rpcError(
      user.client.call('DeleteEvent', { event: { id: event?.id ?? '' }, apiVersion: 1 }),
    );
    expect(refused).toMatchObject({ code: 403, message: 'invalid.syncedEventReadOnly' });

    // The next upload is the whole set: what is missing goes, what changed is changed.
    await user.client.call('UploadAppleCalendarEvents', {
      events: [occurrence('a@1', 'Work', 'Review (moved)', 5)],
      hash: 'v2',
    });
    expect(await synced(user)).toEqual([['Review (moved)', 'apple', user.categoryId]]);
    expect((await user.client.call('GetServerAppleCalendarHashVersion')).hash).toBe('v2');
  });

  it('a changed relation moves or removes the stored events and asks for a new upload', async () => {
    const user = await signUpPlanner(server);
    const family = await secondCategory(user);
    await user.client.call('UpdateAppleCalendarBindRelationship', {
      relations: [
        { calendarTitle: 'Work', categoryId: user.categoryId },
        { calendarTitle: 'Family', categoryId: family },
      ],
    });
    await user.client.call('UploadAppleCalendarEvents', {
      events: [occurrence('a', 'Work', 'Review', 2), occurrence('b', 'Family', 'Dinner', 8)],
      hash: 'h1',
    });
    await user.client.call('UpdateAppleCalendarBindRelationship', {
      relations: [{ calendarTitle: 'Work', categoryId: family }],
    });
    expect(await synced(user)).toEqual([['Review', 'apple', family]]);
    expect((await user.client.call('GetServerAppleCalendarHashVersion')).hash).toBe('');
  });

  it('refuses bad input before storing anything', async () => {
    const user = await signUpPlanner(server);
    await user.client.call('UpdateAppleCalendarBindRelationship', {
      relations: [{ calendarTitle: 'Work', categoryId: user.categoryId }],
    });
    const cases = [
      { ...occurrence('x', 'Work', 'Backwards', 3), end: at(2) },
      { ...occurrence('x', 'Work', 'Too early', 3), start: -1 },
      { ...occurrence('x', 'Work', 'Too late', 3), end: Date.UTC(2101, 0, 1) },
      occurrence('x', 'Work', 'T'.repeat(501), 3),
      { ...occurrence('x', 'Work', 'Zone', 3), timezone: 'Mars/Olympus' },
      occurrence('', 'Work', 'No id', 3),
    ];
    for (const bad of cases) {
      const error = await rpcError(
        user.client.call('UploadAppleCalendarEvents', {
          events: [occurrence('ok', 'Work', 'Fine', 1), bad],
          hash: 'bad',
        }),
      );
      expect(error.code).toBe(400);
    }
    const tooMany = await rpcError(
      user.client.call('UploadAppleCalendarEvents', {
        events: Array.from({ length: MAX_APPLE_EVENTS + 1 }, (_, i) =>
          occurrence(`e${i}`, 'Work', 'Many', 1),
        ),
        hash: 'many',
      }),
    );
    expect(tooMany.code).toBe(400);
    expect(await synced(user)).toEqual([]);
    expect((await user.client.call('GetServerAppleCalendarHashVersion')).hash).toBe('');
  });

  it('takes 2,000 occurrences in one upload', async () => {
    const user = await signUpPlanner(server);
    await user.client.call('UpdateAppleCalendarBindRelationship', {
      relations: [{ calendarTitle: 'Work', categoryId: user.categoryId }],
    });
    const events = Array.from({ length: MAX_APPLE_EVENTS }, (_, i) => ({
      ...occurrence(`occurrence-${i}`, 'Work', `Event ${i}`, 0),
      start: at(-24 * 30) + i * HOUR,
      end: at(-24 * 30) + i * HOUR + 30 * MINUTE,
    }));
    const started = performance.now();
    await user.client.call('UploadAppleCalendarEvents', { events, hash: 'big' });
    const ms = performance.now() - started;
    const count = await server.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.userId)
      .where('source', '=', 'apple')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_APPLE_EVENTS);
    console.log(`upload of ${MAX_APPLE_EVENTS} occurrences: ${Math.round(ms)} ms`);
  });

  it('marks the timeline changed, so polling devices refetch', async () => {
    const user = await signUpPlanner(server);
    await user.client.call('UpdateAppleCalendarBindRelationship', {
      relations: [{ calendarTitle: 'Work', categoryId: user.categoryId }],
    });
    const before = (await user.client.call('GetTimelineState')).timelineUpdatedAt;
    server.clock.advance(MINUTE);
    await user.client.call('UploadAppleCalendarEvents', {
      events: [occurrence('a', 'Work', 'Review', 2)],
      hash: 'h',
    });
    const after = (await user.client.call('GetTimelineState')).timelineUpdatedAt;
    expect(Number(after)).toBeGreaterThan(Number(before));
    server.clock.set(TEST_NOW);
  });
});
