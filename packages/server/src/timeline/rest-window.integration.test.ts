import { toWallClock } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REST_WINDOW } from '../accounts/accounts-presenter';
import { startTestServer, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner, type Planner } from './planning-test-kit';

const ZONE = 'Europe/Berlin';
/** Saturday 28 March 2026, 19:00 in Berlin (CET); the clocks go forward that night. */
const SPRING_EVE = Date.UTC(2026, 2, 28, 18, 0);
/** Saturday 24 October 2026, 19:00 in Berlin (CEST); the clocks go back that night. */
const AUTUMN_EVE = Date.UTC(2026, 9, 24, 17, 0);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: SPRING_EVE });
});
afterAll(async () => server.close());

async function berliner(now: number, taskHours: number[]): Promise<Planner> {
  server.clock.set(now);
  const user = await signUpPlanner(server, { timezone: ZONE });
  for (const [i, hours] of taskHours.entries()) {
    await user.client.call('PutTask', {
      task: { title: `Task ${i}`, category: { id: user.categoryId }, timeScheduled: hours * HOUR },
    });
  }
  return user;
}

async function taskSpans(user: Planner, now: number): Promise<{ start: number; end: number }[]> {
  const timeline = await user.client.call('GetTimeline', {
    start: now,
    end: now + 4 * DAY,
    version: 4,
  });
  return timeline.blockContainers.flatMap((c) =>
    c.timeblock?.task ? [{ start: c.timeblock.start, end: c.timeblock.end }] : [],
  );
}

/** Minutes after local midnight in Berlin. */
const localMinutes = (t: number) => {
  const wall = toWallClock(t, ZONE);
  return wall.hour * 60 + wall.minute;
};

function isNight(t: number): boolean {
  const minutes = localMinutes(t);
  return minutes >= 22 * 60 || minutes < 8 * 60;
}

describe('the rest window', () => {
  it('is on for a new account, 22:00 to 08:00', async () => {
    const user = await berliner(SPRING_EVE, []);
    const { options } = await user.client.call('GetUserProfile');
    expect(options).toMatchObject({
      timezone: ZONE,
      autoIdleEnabled: true,
      autoIdleStart: 22 * HOUR,
      autoIdleEnd: 8 * HOUR,
    });
    expect(DEFAULT_REST_WINDOW.autoIdleStart).toBe(22 * HOUR);
  });

  it.each([
    ['spring', SPRING_EVE],
    ['autumn', AUTUMN_EVE],
  ])('plans no task between 22:00 and 08:00 local, across the %s clock change', async (_, eve) => {
    const user = await berliner(eve, [10, 10, 10, 6]);
    const spans = await taskSpans(user, eve);
    const planned = spans.reduce((sum, s) => sum + s.end - s.start, 0);
    expect(planned).toBe(36 * HOUR);
    for (const span of spans) {
      for (let t = span.start; t < span.end; t += 5 * MINUTE) expect(isNight(t)).toBe(false);
      expect(isNight(span.end - 1)).toBe(false);
    }
    // Work goes right up to the window and starts again as it ends, on the wall clock.
    const endsAt22 = spans.filter((s) => localMinutes(s.end) === 22 * 60);
    const startsAt8 = spans.filter((s) => localMinutes(s.start) === 8 * 60);
    expect(endsAt22.length).toBeGreaterThanOrEqual(2);
    expect(startsAt8.length).toBeGreaterThanOrEqual(2);
    // The change night: 22:00 to 08:00 is 9 hours in spring and 11 in autumn.
    const night = (startsAt8[0]?.start ?? 0) - (endsAt22[0]?.end ?? 0);
    expect(night).toBe(eve === SPRING_EVE ? 9 * HOUR : 11 * HOUR);
  });

  it('tracks no session at night: the work waits for 08:00', async () => {
    const user = await berliner(SPRING_EVE, [6]);
    // 03:30 on the spring-forward night (01:30 UTC).
    server.clock.set(Date.UTC(2026, 2, 29, 1, 30));
    expect((await user.client.call('GetTimelineState')).currentBlock?.task ?? '').toBe('');
    server.clock.set(Date.UTC(2026, 2, 29, 6, 0));
    const morning = await user.client.call('GetTimelineState');
    expect(morning.currentBlock?.task).toBeTruthy();
    expect(morning.currentBlock?.start).toBe(Date.UTC(2026, 2, 29, 6, 0));
  });
});
