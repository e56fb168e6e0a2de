import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import {
  DAY,
  expectRpcError,
  HOUR,
  signUpPlanner,
  type Planner,
} from '../timeline/planning-test-kit';

/** What the fuzz suite found, each pinned down by itself. */

let server: TestServer;
let user: Planner;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpPlanner(server, { premiumLevel: 2 });
});
afterAll(() => server.close());

function createEvent(start: number, end: number, freq: string, interval = 1) {
  return user.client.call('CreateEvent', {
    event: {
      title: 'Long',
      start,
      end,
      category: { id: user.categoryId },
      recurrenceRule: { freq, interval },
    },
  });
}

describe('a recurring event longer than its repetition', () => {
  it('is refused with its message key, so instances never pile up in one window', async () => {
    // Found: a daily event from 1970 to now stored, and every GetTimeline of the account
    // then answered 413 (20,000 overlapping instances in one hour) after half a second.
    const tooLong = 'invalid.recurringEventTooLong';
    await expectRpcError(createEvent(1, TEST_NOW + HOUR, 'DAILY'), 400, tooLong);
    await expectRpcError(createEvent(TEST_NOW, TEST_NOW + 8 * DAY, 'WEEKLY'), 400, tooLong);
    const timeline = await user.client.call('GetTimeline', {
      start: TEST_NOW,
      end: TEST_NOW + HOUR,
      version: 4,
    });
    expect(timeline.blockContainers).toHaveLength(0);
  });

  it('is refused when an edit makes it so, and the event stays as it was', async () => {
    const { event } = await createEvent(TEST_NOW + HOUR, TEST_NOW + 2 * HOUR, 'DAILY');
    await expectRpcError(
      user.client.call('UpdateEvent', {
        oldEvent: { id: event?.id, instanceNumber: 0 },
        newEvent: { ...event, end: TEST_NOW + 3 * DAY },
        updateType: 2,
        fields: ['end'],
      }),
      400,
      'invalid.recurringEventTooLong',
    );
    const again = await user.client.call('GetEvent', { event: { id: event?.id } });
    expect(again.event?.end).toBe(TEST_NOW + 2 * HOUR);
  });

  it('keeps what a calendar needs: a day-long daily event, a week-long event every 2 weeks', async () => {
    const daily = await createEvent(TEST_NOW + 2 * DAY, TEST_NOW + 3 * DAY, 'DAILY');
    expect(daily.event?.end).toBe(TEST_NOW + 3 * DAY);
    const fortnightly = await createEvent(TEST_NOW, TEST_NOW + 14 * DAY, 'WEEKLY', 2);
    expect(fortnightly.event?.recurrenceRule?.interval).toBe(2);
    // One that does not recur may last as long as the user likes.
    const { event } = await user.client.call('CreateEvent', {
      event: {
        title: 'Year',
        start: TEST_NOW,
        end: TEST_NOW + 400 * DAY,
        category: { id: user.categoryId },
      },
    });
    expect(event?.end).toBe(TEST_NOW + 400 * DAY);
  });

  it('an all-day daily event on the day clocks go back (25 hours) is kept', async () => {
    const berlin = await signUpPlanner(server, { timezone: 'Europe/Berlin' });
    // Sunday 25 October 2026: Berlin's clocks go back an hour, so the day lasts 25 hours.
    const dayStart = Date.UTC(2026, 9, 24, 22);
    const { event } = await berlin.client.call('CreateEvent', {
      event: {
        title: 'All day',
        start: dayStart,
        end: dayStart + 25 * HOUR,
        allDay: true,
        timezone: 'Europe/Berlin',
        category: { id: berlin.categoryId },
        recurrenceRule: { freq: 'DAILY', interval: 1 },
      },
    });
    expect(event ? event.end - event.start : 0).toBe(25 * HOUR);
  });
});

describe('a NUL character in any text', () => {
  it('is refused with a 400 naming the field, on every method and inside a Chain', async () => {
    // Found: PostgreSQL cannot store U+0000 in text, so every string field answered 500 there.
    await expectRpcError(
      user.client.call('PutTask', {
        task: { title: 'a\u0000b', category: { id: user.categoryId }, timeScheduled: HOUR },
      }),
      400,
      'field "task.title": contains a NUL character',
    );
    await expectRpcError(
      user.client.call('SearchEvent', { keyword: '\u0000' }),
      400,
      'field "keyword"',
    );
    await expectRpcError(
      user.client.call('GetTasks', { ids: ['fine', 'x\u0000'] }),
      400,
      'field "ids[1]"',
    );
    const chain = await server.postJson(
      'Chain',
      { steps: [{ method: 'DeleteCategory', data: { id: '\u0000' } }] },
      { authorization: `Bearer ${user.token}` },
    );
    expect(chain.body).toMatchObject({ errorIndex: 0, error: { code: 400 } });
    const { tasks } = await user.client.call('GetTasks', { status: 'all' });
    expect(tasks.filter((t) => t.title.includes('\u0000'))).toEqual([]);
  });
});
