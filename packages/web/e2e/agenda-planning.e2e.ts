import { expect, test, type Page } from './fixtures';
import { AgendaApi, MINUTE, todayAt } from './agenda-api';
import { AgendaPage } from './pages/agenda-page';
import { LoginPage } from './pages/login-page';
import { GOOD_PASSWORD, newEmail } from './support';

/*
 * What the plan is made of, seen on the agenda: a new account rests at night, and an event
 * coming over the running session ends it where the event's travel time begins. Both set the
 * server's clock (listed in CLOCK_SPECS).
 */

test.afterAll(async ({ baseURL }) => {
  await new AgendaApi(baseURL ?? '').setClock(Date.now());
});

/** Minutes after midnight of a "9:05 PM" the agenda shows (en-US, 12-hour clock). */
function minuteOfDay(text: string): number {
  const match = /^(\d{1,2}):(\d{2})\s?(AM|PM)$/.exec(text.trim());
  if (!match) throw new Error(`not a time: ${text}`);
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/** Start and end, in minutes of the day, of every block of `title` on screen. */
async function blockTimes(page: Page, title: string): Promise<[number, number][]> {
  const labels = await new AgendaPage(page)
    .blocksOf(title)
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
  return labels.map((label) => {
    const [start = '', end = ''] = label.slice(label.lastIndexOf(', ') + 2).split(' to ');
    return [minuteOfDay(start), minuteOfDay(end.replace(/, locked$/, ''))];
  });
}

test('a new account plans nothing between 22:00 and 08:00', async ({ page, baseURL }) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.setClock(todayAt(20));
  const login = new LoginPage(page);
  await login.goto();
  await login.signUp(newEmail('night'), GOOD_PASSWORD);
  const agenda = new AgendaPage(page);
  await expect(agenda.controlBar).toBeVisible();

  api.token = (await page.evaluate(() => localStorage.getItem('planner:1.3:token'))) ?? '';
  for (const title of ['Draft the plan', 'Review the budget', 'Call suppliers']) {
    await api.createTask(title, 120);
  }

  // Two hours fit before 22:00; the rest waits for 08:00, and the same tab shows it.
  await expect(agenda.blocksOf('Call suppliers')).not.toHaveCount(0);
  const blocks = [
    ...(await blockTimes(page, 'Draft the plan')),
    ...(await blockTimes(page, 'Review the budget')),
    ...(await blockTimes(page, 'Call suppliers')),
  ];
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  for (const [start, end] of blocks) {
    expect(start).toBeGreaterThanOrEqual(8 * 60);
    expect(end).toBeLessThanOrEqual(22 * 60);
    expect(end).toBeGreaterThan(start);
  }
  expect(blocks).toContainEqual([20 * 60, 22 * 60]);
  expect(blocks).toContainEqual([8 * 60, 10 * 60]);
});

test('an event over the running session ends it where its travel time begins', async ({
  page,
  baseURL,
}) => {
  const api = new AgendaApi(baseURL ?? '');
  const ten = todayAt(10);
  await api.setClock(ten);
  await api.signUp(newEmail('event-wins'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask');
  await api.signInPage(page);
  await api.createTask('Write the report', 120);
  await api.advanceClock(20 * MINUTE);

  const agenda = new AgendaPage(page);
  await agenda.goto();
  await expect(agenda.currentTitle).toHaveText('Write the report');
  await expect(agenda.block(/^Write the report, 10:00 AM to 12:00 PM$/)).toBeVisible();

  // A meeting at 10:40 with 15 minutes of travel before it: busy from 10:25.
  await api.createEvent('Team meeting', ten + 40 * MINUTE, ten + 100 * MINUTE, {
    travelTop: 15 * MINUTE,
  });
  await expect(agenda.block(/^Write the report, 10:00 AM to 10:25 AM$/)).toBeVisible();
  await expect(agenda.block(/^Team meeting, 10:40 AM to 11:40 AM$/)).toBeVisible();
  // The 95 minutes left come after the meeting.
  await expect(agenda.block(/^Write the report, 11:40 AM to 1:15 PM$/)).toBeVisible();
  expect(await blockTimes(page, 'Write the report')).toEqual([
    [10 * 60, 10 * 60 + 25],
    [11 * 60 + 40, 13 * 60 + 15],
  ]);
});
