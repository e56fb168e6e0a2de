import { expect, test, type Locator, type Page } from './fixtures';
import { setUserFlag } from './run-database';
import { AgendaApi, HOUR } from './agenda-api';
import { ShellPage } from './pages/shell-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * Analysis on a fixed clock: the server's test clock and the browser's both read Wednesday
 * 25 November 2026, 12:00 in Berlin; an English account's weeks start on Sunday. Tracked time, made through the API:
 *   Mon 23 Nov 10:00-10:45  the task "Write report" (Study), started with OrganizeTimeblocks
 *   Tue 24 Nov 09:00-10:30  event "Team meeting" (Work)
 *   Tue 24 Nov 18:00-18:45  event "Gym" (Health)
 *   Wed 25 Nov 08:00-09:00  event "Breakfast" (Personal)
 *   Tue 10 Nov 14:00-16:00  event "Old project" (Work)
 *   Tue 20 Oct 10:00-11:00  event "October review" (Work)
 * So today 1 h, yesterday 2 h 15 min, Monday 45 min; this week 4 h; November 6 h, October 1 h.
 *
 * Paid tiers have no API on purpose: the test sets premium_level with SQL on the run's SQLite
 * file, as an operator would. The analysis entry of the drawer is hidden until integration, so
 * the test opens /analysis once by address and clicks from there.
 */
const berlin = (day: number, hour: number, month = 11) =>
  Date.UTC(2026, month - 1, day) + (hour - 1) * HOUR;
const NOW = berlin(25, 12);

function setPremium(email: string): void {
  setUserFlag(email, 'premium_level', 1);
}

async function shoot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `analysis-${name}-${device}`, { animations: 'disabled' });
}

async function signUp(page: Page, baseURL: string, label: string, premium: boolean) {
  const api = new AgendaApi(baseURL);
  await api.setClock(berlin(23, 10));
  const email = newEmail(label);
  await api.signUp(email, GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  if (premium) setPremium(email);
  await page.clock.setFixedTime(NOW);
  await api.signInPage(page);
  return api;
}

async function trackTime(api: AgendaApi): Promise<void> {
  const { categories } = await api.call<{ categories: { id: string; title: string }[] }>(
    'GetCategories',
  );
  const category = (title: string) => ({ id: categories.find((c) => c.title === title)?.id });
  const report = await api.createTask('Write report', 45, { category: category('Study') });
  await api.call('OrganizeTimeblocks', { nextTask: report, keepCurrent: false });
  await api.createEvent('Team meeting', berlin(24, 9), berlin(24, 10.5), {
    category: category('Work'),
  });
  await api.createEvent('Gym', berlin(24, 18), berlin(24, 18.75), { category: category('Health') });
  await api.createEvent('Breakfast', berlin(25, 8), berlin(25, 9), {
    category: category('Personal'),
  });
  await api.createEvent('Old project', berlin(10, 14), berlin(10, 16), {
    category: category('Work'),
  });
  await api.createEvent('October review', berlin(20, 10, 10), berlin(20, 11, 10), {
    category: category('Work'),
  });
  await api.setClock(NOW);
}

function rows(page: Page): Locator {
  return page.getByTestId('analysis-row');
}

async function expectRow(page: Page, index: number, label: RegExp, total: string) {
  const row = rows(page).nth(index);
  await expect(row).toContainText(label);
  await expect(row.getByTestId('analysis-row-total')).toHaveText(total);
}

// The page's clock is Playwright's here, and it holds animation frames still: the charts are
// asked to draw without animating (as for anyone who prefers reduced motion), or a screenshot
// catches the donut's slices half-grown.
test.use({ reducedMotion: 'reduce' });

test('tracked time by day, week and month, a detail and its neighbours, a custom range', async ({
  page,
  baseURL,
}, testInfo) => {
  const device = deviceOf(testInfo);
  const api = await signUp(page, baseURL ?? '', 'analysis', true);
  await trackTime(api);

  // Through the drawer, as a person goes (from the task list: the agenda would first ask whether
  // the tracked task is finished).
  await page.goto('/tasks');
  const shell = new ShellPage(page);
  await expect(
    page
      .getByRole('navigation', { name: 'Main menu' })
      .or(page.getByRole('button', { name: 'Open menu' })),
  ).toBeVisible();
  await shell.openDrawer();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Analysis' })
    .click();
  await expect(page).toHaveURL(/\/analysis$/);
  // Days, newest first: today, yesterday, Monday (the account's first day), then back across the
  // empty days before it to the 10th, which a past event filled; the empty days after that, all
  // before the account, are not listed until the page after them says whether time comes.
  await expectRow(page, 0, /Today/, '1 h');
  await expectRow(page, 1, /Tue, Nov 24, 2026/, '2 h 15 min');
  await expectRow(page, 2, /Mon, Nov 23, 2026/, '45 min');
  await expect(rows(page).nth(1)).toContainText('Work 1 h 30 min · Health 45 min');
  await expectRow(page, 15, /Tue, Nov 10, 2026/, '2 h');
  await expect(rows(page)).toHaveCount(16);

  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page).toHaveURL(/\/analysis\/week$/);
  await expectRow(page, 0, /This week/, '4 h');
  await expectRow(page, 1, /Nov 15 – 21/, '–');
  await expectRow(page, 2, /Nov 8 – 14/, '2 h');
  // The filter counts one category only.
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Work' }).click();
  await expectRow(page, 0, /This week/, '1 h 30 min');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'All categories' }).click();
  await expectRow(page, 0, /This week/, '4 h');
  await shoot(page, 'list', device);

  await page.getByRole('tab', { name: 'Month' }).click();
  await expect(page).toHaveURL(/\/analysis\/month$/);
  await expectRow(page, 0, /This month/, '6 h');
  await expectRow(page, 1, /October 2026/, '1 h');
  // The list ends where the history does: no month before October holds time and the account
  // is from November, so after a page of such months no further page is read (not back to 1970).
  await expect(page.getByLabel('Loading more')).toHaveCount(0);
  await rows(page).last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(page.getByLabel('Loading more')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(2);

  // The detail of this week: the total, the donut's categories with their shares, the items.
  await page.getByRole('tab', { name: 'Week' }).click();
  await expectRow(page, 0, /This week/, '4 h');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await rows(page).first().click();
  await expect(page).toHaveURL(
    new RegExp(`/analysis/week/${berlin(22, 0).toString(32)}/${berlin(29, 0).toString(32)}$`),
  );
  await expect(page.getByTestId('analysis-period')).toHaveText(/Nov 22 – 28, 2026/);
  await expect(page.getByTestId('analysis-total')).toHaveText('4 h');
  const categories = page.getByTestId('analysis-category');
  await expect(categories).toHaveText([
    /Work.*1 h 30 min.*38%/,
    /Personal.*1 h.*25%/,
    /Health.*45 min.*19%|Study.*45 min.*19%/,
    /Health.*45 min.*19%|Study.*45 min.*19%/,
  ]);
  await expect(page.getByTestId('analysis-donut').locator('svg path')).toHaveCount(4);
  await expect(page.getByTestId('analysis-tasks')).toContainText('Write report');
  await expect(page.getByTestId('analysis-events')).toContainText('Team meeting');
  await expect(page.getByTestId('analysis-events')).toContainText('1 h 30 min');
  await shoot(page, 'detail', device);

  // Neighbouring weeks: an empty one, then the one with the old project; nothing after now.
  await expect(page.getByRole('button', { name: 'Next period' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous period' }).click();
  await expect(page.getByTestId('analysis-period')).toHaveText(/Nov 15 – 21, 2026/);
  await expect(page.getByText('No time was tracked in this period.')).toBeVisible();
  await page.getByRole('button', { name: 'Previous period' }).click();
  await expect(page.getByTestId('analysis-total')).toHaveText('2 h');
  await expect(page.getByTestId('analysis-events')).toContainText('Old project');
  await page.getByRole('button', { name: 'Next period' }).click();
  await page.getByRole('button', { name: 'Next period' }).click();
  await expect(page.getByTestId('analysis-total')).toHaveText('4 h');

  // A custom range: the last seven days first, then an end typed before the start.
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await page.getByRole('tab', { name: 'Custom' }).click();
  await expect(page).toHaveURL(/\/analysis\/custom$/);
  await expect(page.getByTestId('custom-total')).toHaveText('4 h');
  const endDay = page.getByRole('group', { name: 'End date' }).getByRole('spinbutton', {
    name: 'Day',
  });
  await endDay.focus();
  await page.keyboard.type('23');
  await expect(page.getByTestId('custom-total')).toHaveText('45 min');
  const startDay = page.getByRole('group', { name: 'Start date' }).getByRole('spinbutton', {
    name: 'Day',
  });
  await startDay.focus();
  await page.keyboard.type('24');
  await endDay.focus();
  // Start 24, end 23: the start becomes the 22nd.
  await expect(page.getByTestId('custom-start-moved')).toBeVisible();
  await expect(startDay).toHaveText('22');
  await expect(page.getByTestId('custom-total')).toHaveText('45 min');
  await page.getByRole('link', { name: 'Show details' }).click();
  await expect(page).toHaveURL(/\/analysis\/custom\/[0-9a-v]+\/[0-9a-v]+$/);
  await expect(page.getByTestId('analysis-total')).toHaveText('45 min');
  await expect(page.getByTestId('analysis-tasks')).toContainText('Write report');
});

test('a free account: month, year and custom open the upgrade dialog, the server refuses', async ({
  page,
  baseURL,
}) => {
  const api = await signUp(page, baseURL ?? '', 'analysis-free', false);
  await trackTime(api);
  await page.goto('/analysis');
  await expectRow(page, 0, /Today/, '1 h');
  for (const tab of ['Month', 'Year', 'Custom']) {
    await page.getByRole('tab', { name: tab }).click();
    const dialog = page.getByRole('dialog', { name: 'Premium only' });
    await expect(dialog).toContainText('This analysis is part of Premium.');
    await expect(
      dialog.getByRole('button', { name: 'Or invite friends to raise your limits' }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upgrade now' })).toBeVisible();
    await dialog.getByRole('button', { name: 'No thanks' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/analysis$/);
  }
  await page.getByRole('tab', { name: 'Week' }).click();
  await expectRow(page, 0, /This week/, '4 h');
  // The server enforces the same: a month is 4201 analysisTypeLimit.
  const november = { start: berlin(1, 0), end: berlin(1, 0, 12) };
  await expect(api.call('GetTimeStatistics', { points: [november] })).rejects.toThrow(
    /4201|analysisTypeLimit/,
  );
  // Addresses typed by hand: a custom detail without the feature goes to the list; a broken
  // address says so and leads back.
  const week = `${berlin(22, 0).toString(32)}/${berlin(29, 0).toString(32)}`;
  await page.goto(`/analysis/custom/${week}`);
  await expect(page).toHaveURL(/\/analysis$/);
  await page.goto(`/analysis/week/${berlin(22, 0).toString(32)}/zz`);
  await expect(page.getByText('This analysis address is not valid')).toBeVisible();
  await page.getByRole('link', { name: 'Open analysis' }).click();
  await expect(page).toHaveURL(/\/analysis$/);
  await expectRow(page, 0, /Today/, '1 h');
  // The upgrade leads to the premium screen.
  await page.getByRole('tab', { name: 'Month' }).click();
  await page.getByRole('button', { name: 'Upgrade now' }).click();
  await expect(page).toHaveURL(/\/premium\/0$/);
});
