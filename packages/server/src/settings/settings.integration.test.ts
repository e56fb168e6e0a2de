import { toWallClock } from '@planner/core';
import type { Plain, UserOptions } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCategories } from '../categories/categories-repository';
import { startTestServer, STRONG_PASSWORD, type TestServer } from '../testing/test-server';
import {
  DAY,
  expectRpcError,
  HOUR,
  MINUTE,
  signUpPlanner,
  type Planner,
} from '../timeline/planning-test-kit';

const ZONE = 'Europe/Berlin';
/** Saturday 28 March 2026, 19:00 in Berlin (CET); the clocks go forward that night. */
const SPRING_EVE = Date.UTC(2026, 2, 28, 18, 0);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: SPRING_EVE });
});
afterAll(async () => server.close());

async function berliner(taskHours: number[]): Promise<Planner> {
  server.clock.set(SPRING_EVE);
  const user = await signUpPlanner(server, { timezone: ZONE });
  for (const [i, hours] of taskHours.entries()) {
    await user.client.call('PutTask', {
      task: { title: `Task ${i}`, category: { id: user.categoryId }, timeScheduled: hours * HOUR },
    });
  }
  return user;
}

async function optionsOf(user: Planner): Promise<Plain<UserOptions>> {
  const { options } = await user.client.call('GetUserOptions');
  if (!options) throw new Error('no options');
  return options;
}

async function taskSpans(user: Planner): Promise<{ start: number; end: number }[]> {
  const timeline = await user.client.call('GetTimeline', {
    start: SPRING_EVE,
    end: SPRING_EVE + 3 * DAY,
    version: 4,
  });
  return timeline.blockContainers.flatMap((c) =>
    c.timeblock?.task ? [{ start: c.timeblock.start, end: c.timeblock.end }] : [],
  );
}

/** Minutes after local midnight in `zone`. */
const localMinutes = (t: number, zone = ZONE) => {
  const wall = toWallClock(t, zone);
  return wall.hour * 60 + wall.minute;
};

describe('user options', () => {
  it('reads the options with format version 3', async () => {
    const user = await berliner([]);
    const options = await optionsOf(user);
    expect(options).toMatchObject({ version: 3, timezone: ZONE, timeFormat: 'local' });
    expect(options.timeZoneInfo?.name ?? ZONE).toBe(ZONE);
  });

  it('changes only the fields named', async () => {
    const user = await berliner([]);
    const before = await optionsOf(user);
    const answer = await user.client.call('UpdateUserOptions', {
      fields: ['timeFormat', 'taskNotificationOffset'],
      options: {
        ...before,
        timeFormat: '24-hour clock',
        taskNotificationOffset: 10 * MINUTE,
        locale: 'ja',
      },
    });
    expect(answer.options).toMatchObject({ timeFormat: '24-hour clock', locale: before.locale });
    expect(await optionsOf(user)).toEqual({
      ...before,
      timeFormat: '24-hour clock',
      taskNotificationOffset: 10 * MINUTE,
    });
  });

  it.each([
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['timezone', { timezone: '+01:00' }],
    ['autoIdleStart', { autoIdleStart: DAY }],
    ['autoIdleEnd', { autoIdleEnd: -1 }],
    ['taskNotificationOffset', { taskNotificationOffset: 7 * MINUTE }],
    ['firstDayOfWeek', { firstDayOfWeek: '' }],
    ['timeFormat', { timeFormat: '' }],
    ['locale', { locale: 'nl' }],
    ['tutorialStatus', { tutorialStatus: '[1]' }],
    ['version', { version: 2 }],
    ['dailyTaskCap', { dailyTaskCap: 10 * MINUTE }],
    ['dailyTaskCap', { dailyTaskCap: DAY + MINUTE }],
    ['taskBuffer', { taskBuffer: 90_000 }],
    ['taskBuffer', { taskBuffer: -MINUTE }],
    ['minBlock', { minBlock: 5 * HOUR }],
    ['maxBlock', { maxBlock: 5 * MINUTE }],
  ])('refuses a bad %s with 400 naming it, and keeps what was stored', async (field, bad) => {
    const user = await berliner([]);
    const before = await optionsOf(user);
    const fields = field === 'version' ? ['locale'] : [field];
    const call = user.client.call('UpdateUserOptions', { fields, options: { ...before, ...bad } });
    await expectRpcError(call, 400, `"options.${field}"`);
    const put = user.client.call('PutUserOptions', { options: { ...before, ...bad } });
    await expectRpcError(put, 400, `"options.${field}"`);
    expect(await optionsOf(user)).toEqual(before);
  });

  it('refuses an unknown option name and an over-long zone keyword', async () => {
    const user = await berliner([]);
    const options = await optionsOf(user);
    await expectRpcError(
      user.client.call('UpdateUserOptions', { fields: ['colour'], options }),
      400,
      'field "fields"',
    );
    await expectRpcError(
      user.client.call('QueryTerritories', { keyword: 'x'.repeat(201), locale: 'en' }),
      400,
      'field "keyword"',
    );
  });

  it('re-plans at once when the rest window changes, across the spring clock change', async () => {
    const user = await berliner([10, 10, 10]);
    const stateBefore = await user.client.call('GetTimelineState');
    const before = await taskSpans(user);
    expect(before.some((s) => localMinutes(s.end) === 22 * 60)).toBe(true);
    const options = await optionsOf(user);
    await user.client.call('UpdateUserOptions', {
      fields: ['autoIdleStart', 'autoIdleEnd'],
      options: { ...options, autoIdleStart: 20 * HOUR, autoIdleEnd: 9 * HOUR },
    });
    const stateAfter = await user.client.call('GetTimelineState');
    expect(stateAfter.timelineUpdatedAt).toBeGreaterThan(stateBefore.timelineUpdatedAt);
    const after = await taskSpans(user);
    expect(after.reduce((sum, s) => sum + s.end - s.start, 0)).toBe(30 * HOUR);
    // The block running now keeps its end (the person is working on it); every later one moves.
    const [running, ...planned] = after;
    expect(running).toEqual(before[0]);
    expect(running?.start).toBe(SPRING_EVE);
    for (const span of planned) {
      // Nothing planned in 20:00 to 09:00 local.
      for (let t = span.start; t < span.end; t += 5 * MINUTE) {
        const minutes = localMinutes(t);
        expect(minutes >= 9 * 60 && minutes < 20 * 60).toBe(true);
      }
    }
    expect(after.some((s) => localMinutes(s.start) === 9 * 60)).toBe(true);
    expect(after.some((s) => localMinutes(s.end) === 20 * 60)).toBe(true);
  });

  it('starts work at once when the rest window ends earlier than now', async () => {
    const user = await berliner([4]);
    // 07:00 on the morning after the spring change (CEST): still rest until 08:00.
    const morning = Date.UTC(2026, 2, 29, 5, 0);
    server.clock.set(morning);
    expect((await user.client.call('GetTimelineState')).currentBlock?.task ?? '').toBe('');
    const options = await optionsOf(user);
    await user.client.call('UpdateUserOptions', {
      fields: ['autoIdleEnd'],
      options: { ...options, autoIdleEnd: 6 * HOUR + 30 * MINUTE },
    });
    const state = await user.client.call('GetTimelineState');
    expect(state.currentBlock?.task).toBeTruthy();
    expect(state.currentBlock?.start).toBe(morning);
  });

  it('re-plans on a new zone: the night follows the new wall clock', async () => {
    const user = await berliner([10, 10]);
    const options = await optionsOf(user);
    const zone = 'America/New_York';
    const answer = await user.client.call('UpdateUserOptions', {
      fields: ['timezone'],
      options: { ...options, timezone: zone },
    });
    expect(answer.options?.timeZoneInfo).toMatchObject({ name: zone, type: 'US' });
    const spans = await taskSpans(user);
    expect(spans.some((s) => localMinutes(s.end, zone) === 22 * 60)).toBe(true);
    for (const span of spans) {
      const minutes = localMinutes(span.start, zone);
      expect(minutes >= 8 * 60 && minutes < 22 * 60).toBe(true);
    }
  });
});

describe('territories and time zones', () => {
  it('finds Germany by name, by a city and in French, and Berlin under it', async () => {
    const user = await berliner([]);
    const byName = await user.client.call('QueryTerritories', { keyword: 'germ', locale: 'en' });
    expect(byName.territories).toContainEqual({ type: 'DE', name: 'Germany' });
    const byCity = await user.client.call('QueryTerritories', { keyword: 'berlin', locale: 'en' });
    expect(byCity.territories.map((t) => t.type)).toContain('DE');
    const french = await user.client.call('QueryTerritories', {
      keyword: 'allemagne',
      locale: 'fr',
    });
    expect(french.territories).toEqual([{ type: 'DE', name: 'Allemagne' }]);
    const { timeZones } = await user.client.call('QueryTimeZones', {
      locale: 'en',
      territoryType: 'DE',
    });
    // 19:00 on the eve of the clock change: still winter time.
    expect(timeZones.find((z) => z.name === ZONE)).toMatchObject({
      type: 'DE',
      offset: HOUR,
      isInDst: false,
      gmtShortName: 'GMT+1',
      description: 'Central European Time',
    });
    server.clock.set(SPRING_EVE + DAY);
    const summer = await user.client.call('QueryTimeZones', { locale: 'de', territoryType: 'de' });
    expect(summer.timeZones.find((z) => z.name === ZONE)).toMatchObject({
      offset: 2 * HOUR,
      isInDst: true,
      description: 'Mitteleuropäische Zeit',
    });
  });

  it('answers no zones for an unknown territory', async () => {
    const user = await berliner([]);
    const answer = await user.client.call('QueryTimeZones', { locale: 'en', territoryType: 'XX' });
    expect(answer.timeZones).toEqual([]);
  });
});

describe('the language of the default categories', () => {
  it('follows a language chosen later; a category the person renamed stays', async () => {
    const user = await berliner([]);
    const titles = async () =>
      Object.fromEntries(
        (await listCategories(server.database.db, user.userId)).map((c) => [c.id, c.title]),
      );
    expect(await titles()).toMatchObject({ work: 'Work', personal: 'Personal' });
    const before = await optionsOf(user);
    const { categories } = await user.client.call('GetCategories');
    const study = categories.find((c) => c.id === 'study');
    await user.client.call('PutCategory', { category: { ...study, title: 'Reading' } });
    await user.client.call('UpdateUserOptions', {
      fields: ['locale'],
      options: { ...before, locale: 'de' },
    });
    expect(await titles()).toMatchObject({
      work: 'Arbeit',
      personal: 'Privat',
      health: 'Gesundheit',
      study: 'Reading',
    });
    await user.client.call('UpdateUserOptions', {
      fields: ['locale'],
      options: { ...before, locale: 'ja' },
    });
    expect(await titles()).toMatchObject({ work: '仕事', study: 'Reading' });
  });
});

describe('an automatic locale', () => {
  it('takes the first day of the week and category names from the device language', async () => {
    server.clock.set(SPRING_EVE);
    const { authToken } = await server.client().call('CreateUser', {
      email: `local-${Date.now()}@example.com`,
      password: STRONG_PASSWORD,
      options: { locale: 'local', deviceLocale: 'de' },
    });
    const { options, user } = await server.client(authToken).call('GetUserProfile');
    expect(options).toMatchObject({ locale: 'local', firstDayOfWeek: 'MON' });
    const names = (await listCategories(server.database.db, user?.id ?? '')).map((c) => c.title);
    expect(names).toContain('Arbeit');
  });
});
