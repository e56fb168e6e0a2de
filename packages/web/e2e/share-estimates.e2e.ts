import { expect, test, type Page } from './fixtures';
import { AgendaApi, MINUTE } from './agenda-api';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * Shares and learned estimates on a fixed clock (the server's test clock and the browser's both
 * read Wednesday 25 November 2026, 12:00 in Berlin). Made through the API on Monday 23 November:
 * three Work tasks estimated at 1 h each, each started at once and marked done after 40 min;
 * so Work tasks take 0.67x their estimate, and this week holds 2 h of Work.
 * The account has no name: the first share asks for one.
 */
const HOUR = 60 * MINUTE;
const berlin = (day: number, hour: number) => Date.UTC(2026, 10, day) + (hour - 1) * HOUR;
const NOW = berlin(25, 12);

async function shoot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `share-${name}-${device}`, { animations: 'disabled' });
}

async function trackDoneTasks(api: AgendaApi): Promise<void> {
  const { categories } = await api.call<{ categories: { id: string; title: string }[] }>(
    'GetCategories',
  );
  const work = { id: categories.find((c) => c.title === 'Work')?.id };
  for (const [i, title] of ['Draft slides', 'Review budget', 'Plan sprint'].entries()) {
    await api.setClock(berlin(23, 9 + i));
    const id = await api.createTask(title, 60, { category: work });
    await api.call('OrganizeTimeblocks', { nextTask: id, keepCurrent: false });
    await api.advanceClock(40 * MINUTE);
    await api.call('PutMultipleTasks', {
      req: [{ task: { id, isCompleted: true }, fields: ['isCompleted'] }],
    });
  }
  await api.setClock(NOW);
}

test('a share made from the detail opens in a fresh browser; the learned estimate is offered', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const device = deviceOf(testInfo);
  const api = new AgendaApi(baseURL ?? '');
  await api.setClock(berlin(23, 8));
  await api.signUp(newEmail('share'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await trackDoneTasks(api);
  await page.clock.setFixedTime(NOW);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await api.signInPage(page);

  // The analysis list says how long Work tasks take (the drawer entry is hidden until
  // integration, so the list is opened by address once).
  await page.goto('/analysis');
  const card = page.getByTestId('estimate-accuracy');
  await expect(card).toContainText('Your Work tasks take 0.7× their estimate');
  await expect(card).toContainText('From 3 done tasks in the last 90 days');
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'estimates-card', device);

  // This week's detail, then Share: no name yet, so the dialog asks for one.
  await page.getByRole('tab', { name: 'Week' }).click();
  await page.getByTestId('analysis-row').first().click();
  await expect(page.getByTestId('analysis-total')).toHaveText('2 h');
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByTestId('share-name-dialog');
  await expect(dialog).toContainText('Please set your name first');
  await dialog.getByRole('textbox', { name: 'Name' }).pressSequentially('Ada Lovelace');
  await dialog.getByRole('button', { name: 'Save and share' }).click();
  const copy = page.getByRole('menuitem', { name: 'Copy link' });
  await expect(copy).toBeEnabled();
  await expect(page.getByRole('menuitem', { name: 'Share on Facebook' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Share on X (Twitter)' })).toBeVisible();
  await shoot(page, 'share-menu', device);
  await copy.click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/share/[A-Za-z0-9_-]{43}$`));

  // A fresh browser without an account sees the frozen copy.
  const visitor = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile: device === 'phone',
    hasTouch: device === 'phone',
    timezoneId: 'Europe/Berlin',
    locale: 'en-US',
    // The donut grows in with an animation; a still picture needs it settled.
    reducedMotion: 'reduce',
  });
  const stranger = await visitor.newPage();
  await stranger.goto(link);
  await expect(stranger.getByText('Shared by Ada Lovelace')).toBeVisible();
  await expect(stranger.getByTestId('share-period')).toHaveText(/Nov 22\s*–\s*28, 2026/);
  await expect(stranger.getByTestId('share-total')).toHaveText('2 h');
  await expect(stranger.getByTestId('share-category')).toHaveText([/Work.*2 h.*100%/]);
  await expect(stranger.getByTestId('share-tasks')).toContainText('Draft slides');
  await expect(stranger.getByTestId('share-tasks')).toContainText('40 min');
  const slice = stranger.getByTestId('analysis-donut').locator('svg path');
  await expect(slice).toHaveCount(1);
  await expect.poll(async () => (await slice.boundingBox())?.width ?? 0).toBeGreaterThan(150);
  await shoot(stranger, 'share-page', device);
  // An unknown id: a clear page and a way into the app.
  await stranger.goto(`${baseURL}/share/${'x'.repeat(43)}`);
  await expect(stranger.getByTestId('share-not-found')).toContainText('This share does not exist');
  await shoot(stranger, 'share-not-found', device);
  await stranger.getByRole('link', { name: 'Open Planner' }).last().click();
  await expect(stranger).toHaveURL(/\/login/);
  await visitor.close();

  // A new Work task: the editor offers the learned estimate; only a click applies it.
  await page.goto('/tasks/create?title=Write%20minutes');
  await page.getByRole('button', { name: 'Category' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a category' });
  await picker.getByRole('button', { name: 'Work', exact: true }).first().click();
  // A new task is 1 h by default; Work tasks take 0.67x: 40 minutes.
  const duration = page.getByRole('spinbutton', { name: 'Time needed' });
  await expect(duration).toHaveValue('1');
  const offer = page.getByTestId('estimate-suggestion');
  await expect(offer).toContainText('Tasks like this usually take 40 min');
  await expect(duration).toHaveValue('1');
  await shoot(page, 'estimates-suggestion', device);
  await offer.getByRole('button', { name: 'Use it' }).click();
  await expect(duration).toHaveValue('40');
  await expect(page.getByRole('combobox', { name: 'Unit' })).toHaveText('Minutes');
  await expect(offer).toHaveCount(0);
});
