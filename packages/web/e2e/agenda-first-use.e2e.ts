import { expect, test, type Locator, type Page } from './fixtures';
import { AgendaApi, MINUTE, todayAt } from './agenda-api';
import { AgendaPage } from './pages/agenda-page';
import { LoginPage } from './pages/login-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * What a newcomer sees first, the record left by many control clicks, and the week view away
 * from the current week. Every test sets the server's clock. Each also saves a
 * screenshot for a person to look at.
 */
async function screenshot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `agenda-first-use-${name}-${device}`);
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function rectOf(locator: Locator): Promise<Rect> {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error(`${locator.toString()} has no box`);
  return rect;
}

/**
 * The add button covers none of the targets where they show, that is above the (opaque) control
 * bar.
 */
async function expectAddButtonClear(page: Page, targets: Locator): Promise<void> {
  const fab = await rectOf(page.getByTestId('speed-dial'));
  const bar = await rectOf(page.getByTestId('control-bar'));
  if (page.viewportSize()?.width === 360) {
    // On a phone the button sits inside the bar: wherever the plan scrolls, it covers none of it.
    expect(fab.y).toBeGreaterThanOrEqual(bar.y);
    expect(fab.y + fab.height).toBeLessThanOrEqual(bar.y + bar.height);
    expect(fab.x + fab.width).toBeLessThanOrEqual(bar.x + bar.width);
  }
  // Every target's box in one frame: a re-render between reads cannot drop one mid-count.
  const all = await targets.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
  expect(all.length).toBeGreaterThan(0);
  const covered: Rect[] = [];
  for (const rect of all) {
    const shown = { ...rect, height: Math.min(rect.y + rect.height, bar.y) - rect.y };
    if (shown.height > 0 && intersects(shown, fab)) covered.push(rect);
  }
  expect(covered, `the add button ${JSON.stringify(fab)} covers these`).toEqual([]);
}

/** The bar's title reads in full: not cut short on either side. */
async function expectTitleReads(title: Locator): Promise<void> {
  const fits = await title.evaluate(
    (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
  );
  expect(fits).toBe(true);
}

test.afterAll(async ({ baseURL }) => {
  await new AgendaApi(baseURL ?? '').setClock(Date.now());
});

test('the first screen after sign-up shows the welcome tutorial and the empty agenda @phone', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.setClock(todayAt(10));
  const login = new LoginPage(page);
  await login.goto();
  await login.signUp(newEmail('first-screen'), GOOD_PASSWORD);
  const agenda = new AgendaPage(page);
  await expect(agenda.controlBar).toBeVisible();

  const onboarding = page.getByTestId('tutorial-onboarding');
  await expect(onboarding).toContainText('Welcome to your agenda');
  await screenshot(page, 'first-screen', deviceOf(info));
  await expect(onboarding.getByRole('button', { name: 'Next' })).toBeInViewport({ ratio: 1 });
  const empty = page.getByTestId('agenda-empty');
  await expect(empty.getByRole('heading', { name: 'Your agenda is clear' })).toBeInViewport({
    ratio: 1,
  });
  await expect(empty.getByRole('button', { name: 'New task' })).toBeInViewport({ ratio: 1 });
  // Not hidden under the control bar either.
  const button = await empty.getByRole('button', { name: 'New task' }).boundingBox();
  const bar = await agenda.controlBar.boundingBox();
  expect((button?.y ?? 0) + (button?.height ?? 0)).toBeLessThan(bar?.y ?? 0);

  // The add button leaves the card's buttons free, and the bar's title reads in full.
  await expectAddButtonClear(page, empty.getByRole('button'));
  await expectTitleReads(agenda.currentTitle);

  // Nothing is going on: the bar offers Pause and does not ask to press play.
  await expect(agenda.currentTitle).toHaveText('Nothing planned right now');
  await expect(agenda.control('Pause')).toBeVisible();
  await expect(agenda.controlBar).not.toContainText('Press play');

  // Paused: now the bar shows Play, and its words say so.
  await agenda.control('Pause').click();
  await expect(agenda.control('Play')).toBeVisible();
  await expect(agenda.controlBar).toContainText('Press play');
});

/** A session of "Write Q4 report" cut into pieces by quick clicks, as a person trying the bar. */
async function clickAround(api: AgendaApi): Promise<void> {
  await api.advanceClock(11_000);
  await api.call('Pause');
  await api.advanceClock(500);
  await api.call('Pause');
  await api.advanceClock(20_000);
  await api.call('Next');
  await api.advanceClock(8_000);
  await api.call('Pause');
  await api.advanceClock(40_000);
  await api.call('Pause');
  await api.advanceClock(25 * MINUTE);
}

test('quick control clicks leave no noise in the record; past idle time offers Add record @phone', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.setClock(todayAt(9));
  await api.signUp(newEmail('record'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'emptyAgenda');
  await api.createTask('Write Q4 report', 120, { deadline: todayAt(18) });
  await api.createTask('Answer emails', 30, { deadline: todayAt(19) });
  await clickAround(api);
  // Records under a minute can still exist (saved before the server dropped them, or added).
  const { tasks } = await api.call<{ tasks: { id: string; title: string }[] }>('GetTasks');
  const emails = tasks.find((t) => t.title === 'Answer emails')?.id ?? '';
  await api.call('AddTimeblock', {
    timeblock: { task: { id: emails }, start: todayAt(7.5), end: todayAt(7.5) + 30_000 },
  });
  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda/day');
  const today = page.locator('section', { has: page.getByRole('heading', { name: 'Today' }) });
  await expect(today.getByTestId('agenda-block').first()).toBeVisible();
  await screenshot(page, 'day-past-controls', deviceOf(info));
  await expectAddButtonClear(page, today.getByTestId('agenda-block'));
  await expectTitleReads(agenda.currentTitle);

  // No full card for a session under a minute, no idle row under a minute.
  for (const card of await today.getByTestId('agenda-block').all()) {
    await expect(card).not.toContainText(/\d+ sec/u);
  }
  for (const idle of await today.getByTestId('agenda-idle').all()) {
    await expect(idle).not.toContainText(/\d+ sec/u);
  }
  await expect(today.getByTestId('agenda-short-record')).toHaveAccessibleName(
    'Answer emails, 7:30 AM to 7:30 AM',
  );

  // The night before 9:00 is a long break in the past: a record can be added to it.
  const night = today.getByTestId('agenda-idle').filter({ hasText: 'Long break' }).first();
  await expect(night).toBeVisible();
  await night.getByRole('button', { name: /^Add a record for 12:00 AM/u }).click();
  await page.getByRole('menuitem', { name: 'Add record' }).click();
  await expect(agenda.dialog('Add record')).toBeVisible();
});

/** The bar's background is fully opaque (no alpha), so nothing scrolled under it shows. */
async function expectOpaque(page: Page, selector: string): Promise<void> {
  const color = await page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(color).toMatch(/^rgb\(/u);
}

test('the week view two weeks ahead: control bar, tutorial, timed reminders, opaque top bars @phone', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.setClock(todayAt(10));
  await api.signUp(newEmail('week'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'autoExtend');
  for (let i = 1; i <= 9; i += 1) {
    await api.createTask(`Task ${i}`, 60 + i * 20, { deadline: todayAt(24 * 30 + i) });
  }
  await api.call('CreateReminder', {
    reminder: {
      title: 'Call the dentist',
      start: todayAt(24 * 14 + 9),
      allDay: false,
      timezone: 'Europe/Berlin',
    },
  });
  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda/week');
  await expect(agenda.currentTitle).toHaveText('Task 1');
  await expectAddButtonClear(page, page.getByTestId('week-grid').getByTestId('week-block'));
  // Scrolled to its end, the grid's last hour shows above the control bar.
  const scroller = page.getByTestId('week-scroller');
  await scroller.evaluate((el) => el.scrollTo(el.scrollLeft, el.scrollHeight));
  const grid = await rectOf(page.getByTestId('week-grid'));
  expect(grid.y + grid.height).toBeLessThanOrEqual((await rectOf(agenda.controlBar)).y);
  await screenshot(page, 'week-end', deviceOf(info));

  // Two weeks ahead none of the blocks on screen is the current one. Two clicks in a row, as a
  // person makes them, go two weeks on even before the first week is drawn.
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  const reminder = page.getByTestId('week-grid').getByTestId('week-reminder');
  await expect(reminder).toHaveAccessibleName('Reminder: Call the dentist at 9:00 AM');
  await page.getByTestId('week-scroller').evaluate((el) => el.scrollTo(el.scrollLeft, 8 * 48));
  await screenshot(page, 'week-other-week', deviceOf(info));
  await expect(agenda.currentTitle).toHaveText('Task 1');
  await expect(page.getByTestId('tutorial-firstTask')).toBeHidden();
  // Drawn at 9:00: its top sits at 9/24 of its day column.
  const column = page
    .locator('[data-active-week] [data-week-column-start]')
    .filter({ has: page.getByTestId('week-reminder') });
  // The week with the reminder is the one in view; both boxes are read in one frame, so the
  // slide that brings the week in moves them together and cannot skew the measure.
  await expect(column).toHaveCount(1);
  const share = await column.evaluate((day) => {
    const mark = day.querySelector('[data-testid="week-reminder"]');
    if (!mark) return null;
    const [dayBox, markBox] = [day.getBoundingClientRect(), mark.getBoundingClientRect()];
    return (markBox.top - dayBox.top) / dayBox.height;
  });
  expect(share).toBeCloseTo(9 / 24, 2);

  await expectOpaque(page, 'header.MuiAppBar-root');
  await expectOpaque(page, 'nav[aria-label="Agenda navigation"]');
});

test('Today shows today just after midnight in Berlin, when UTC still has yesterday @phone', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  // 00:20 in Berlin is 23:20 (winter) or 22:20 (summer) UTC of the day before.
  const tomorrowAt0020 = todayAt(24 + 20 / 60);
  await api.setClock(tomorrowAt0020);
  await api.signUp(newEmail('today'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'emptyAgenda');
  await api.createTask('Write Q4 report', 120);
  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda/day');
  const today = page.locator('section', { has: page.getByRole('heading', { name: 'Today' }) });
  const berlinDate = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Berlin',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(tomorrowAt0020);
  await expect(today).toHaveAttribute('aria-label', berlinDate);
  await expect(today.getByRole('heading', { name: 'Today' })).toBeInViewport();

  // Scrolled away to later days, Today brings today back, and again a second time.
  for (let round = 0; round < 2; round += 1) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(today.getByRole('heading', { name: 'Today' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(today.getByRole('heading', { name: 'Today' })).toBeInViewport();
    // Read again until it holds: the days loaded by the scroll to the end arrive around the
    // click and draw the list anew, and a box read in that frame is none (it failed 2 in 12).
    await expect
      .poll(async () => (await today.getByRole('heading', { name: 'Today' }).boundingBox())?.y)
      .toBeLessThan((page.viewportSize()?.height ?? 0) / 2);
  }
  await screenshot(page, 'day-today-after-midnight', deviceOf(info));
});
