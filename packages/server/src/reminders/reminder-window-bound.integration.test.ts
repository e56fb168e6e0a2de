import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, expectRpcError, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { MAX_WINDOW_OCCURRENCES } from './reminder-instances';

/**
 * No single call holds the server: a window's reminder occurrences are bounded (GetReminders
 * over a year of 100 daily reminders took 1.4 s), and so is a Chain's time.
 */
let server: TestServer;
let user: Planner;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpPlanner(server, { premiumLevel: 2 });
  for (let i = 0; i < 100; i += 1) {
    await user.client.call('CreateReminder', {
      reminder: {
        title: `daily ${i}`,
        start: TEST_NOW + i * 60_000,
        recurrenceRule: { freq: 'DAILY', interval: 1 },
      },
    });
  }
}, 60_000);
afterAll(() => server.close());

describe('reminder occurrences per window', () => {
  it('refuses a window with more than the bound, early, and answers one within it', async () => {
    for (const days of [366, 92]) {
      await expectRpcError(
        user.client.call('GetReminders', { start: TEST_NOW, end: TEST_NOW + days * DAY }),
        413,
        'field "end"',
      );
    }
    const days = Math.floor(MAX_WINDOW_OCCURRENCES / 100);
    const within = await user.client.call('GetReminders', {
      start: TEST_NOW,
      end: TEST_NOW + days * DAY,
    });
    expect(within.reminders).toHaveLength(days * 100);
  });

  it('bounds GetTimeline the same way, and a Chain of them stops at once', async () => {
    await expectRpcError(
      user.client.call('GetTimeline', { start: TEST_NOW, end: TEST_NOW + 92 * DAY, version: 4 }),
      413,
      'reminder occurrences',
    );
    const week = await user.client.call('GetTimeline', {
      start: TEST_NOW,
      end: TEST_NOW + 7 * DAY,
      version: 4,
    });
    expect(week.reminders).toHaveLength(700);
    const steps = Array.from({ length: 50 }, () => ({
      method: 'GetTimeline',
      data: { start: TEST_NOW, end: TEST_NOW + 92 * DAY, version: 4 },
    }));
    const answer = await server.postJson(
      'Chain',
      { steps },
      {
        authorization: `Bearer ${user.token}`,
      },
    );
    expect(answer.body).toMatchObject({ errorIndex: 0, error: { code: 413 } });
  });
});
