import { expect, expectAccessible, test, type Page } from './fixtures';
import { AgendaApi, MINUTE, todayAt } from './agenda-api';
import { AgendaPage } from './pages/agenda-page';
import { LoginPage } from './pages/login-page';
import { GOOD_PASSWORD, newEmail, deviceOf } from './support';

// The server's clock is one for all tests (PLANNER_TEST_CLOCK=1): the tests that move it run
// one after another, on the desktop project only.
test.describe.configure({ mode: 'serial' });

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('planner:1.3:token'));
  if (!token) throw new Error('not signed in');
  return token;
}

test('a day in the life: plan, controls, drag, history edits, week view', async ({
  page,
  baseURL,
}, info) => {
  test.skip(deviceOf(info) !== 'desktop', 'moves the shared server clock');
  test.setTimeout(180_000);
  const api = new AgendaApi(baseURL ?? '');
  const agenda = new AgendaPage(page);
  await api.setClock(todayAt(9));

  // Sign up in the browser; the onboarding tutorial greets the newcomer.
  const login = new LoginPage(page);
  await page.goto('/login');
  await login.signUp(newEmail('day-in-life'), GOOD_PASSWORD);
  await expect(page.getByTestId('agenda-empty')).toBeVisible();
  const onboarding = page.getByTestId('tutorial-onboarding');
  await expect(onboarding).toContainText('Welcome to your agenda');
  // Five steps, the last one calendar sync.
  for (let step = 0; step < 4; step += 1)
    await onboarding.getByRole('button', { name: 'Next' }).click();
  await onboarding.getByRole('button', { name: 'Finish' }).click();
  await expect(onboarding).toBeHidden();
  api.token = await tokenOf(page);

  // Tasks and an event arrive from another device: the open agenda updates by itself.
  await api.createEvent('Team meeting', todayAt(11), todayAt(12));
  // Deadlines fix the order (tasks created in the same instant would tie).
  await api.createTask('Write report', 60, { deadline: todayAt(18) });
  await api.createTask('Answer emails', 30, { deadline: todayAt(19) });
  await api.createTask('Review budget', 45, { deadline: todayAt(20) });
  await expect(agenda.block('Team meeting, 11:00 AM to 12:00 PM')).toBeVisible({ timeout: 15_000 });
  await expect(agenda.block('Write report, 9:00 AM to 10:00 AM')).toBeVisible();
  await expect(agenda.block('Answer emails, 10:00 AM to 10:30 AM')).toBeVisible();
  // Review budget does not fit before the meeting: it is split around it.
  await expect(agenda.block('Review budget, 10:30 AM to 11:00 AM')).toBeVisible();
  await expect(agenda.block('Review budget, 12:00 PM to 12:15 PM')).toBeVisible();

  // Running: the first planned task is the current session; 20 minutes later Next moves on.
  await expect(agenda.currentTitle).toHaveText('Write report');
  await expect(agenda.blocksOf('Write report').and(page.locator('[data-current]'))).toBeVisible();
  await api.advanceClock(20 * MINUTE);
  await agenda.control('Next').click();
  await expect(agenda.currentTitle).toHaveText('Answer emails');

  // Pause and play.
  await api.advanceClock(10 * MINUTE);
  await agenda.control('Pause').click();
  await expect(agenda.currentTitle).toHaveText('Paused');
  await api.advanceClock(20 * MINUTE);
  await agenda.control('Play').click();
  await expect(agenda.control('Pause')).toBeVisible();

  // Take a break from the overflow menu.
  await agenda.chooseMore('Take a break');
  await agenda.dialog('Take a break').getByRole('button', { name: 'Start break' }).click();
  await expect(agenda.currentTitle).toHaveText('On a break');
  await expect(agenda.control('Play')).toBeVisible();

  // Shuffle answers without an error and the plan is still there.
  await agenda.chooseMore('Shuffle the plan');
  // The first shuffle says what it does before it acts (shuffleDialog).
  await page
    .getByTestId('shuffle-dialog')
    .getByRole('button', { name: 'Shuffle the plan' })
    .click();
  await expect(page.getByTestId('shuffle-dialog')).toHaveCount(0);
  await expect(agenda.block('Team meeting, 11:00 AM to 12:00 PM')).toBeVisible();

  // Drag a future block (long press) and see it locked at its new time.
  const future = agenda.blocksOf('Review budget').last();
  await agenda.longPressDrag(future, 120);
  await expect(
    agenda.blocksOf('Review budget').locator('[aria-label="Locked at this time"]').first(),
  ).toBeVisible({ timeout: 10_000 });

  // Edit a past block: the first session of Write report (9:00 to 9:20) ends 5 minutes earlier.
  await agenda.openBlockMenu(agenda.block('Write report, 9:00 AM to 9:20 AM'));
  await page.getByRole('menuitem', { name: 'Edit time' }).click();
  const edit = agenda.dialog('Edit time');
  await edit.getByRole('slider').focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(agenda.block('Write report, 9:00 AM to 9:15 AM')).toBeVisible();

  // Add a record in the paused time (9:30 to 9:50 was not tracked).
  await page.getByRole('button', { name: /^Add a record for 9:30 AM/ }).click();
  await page.getByRole('menuitem', { name: 'Add record' }).click();
  const add = agenda.dialog('Add record');
  await add.getByLabel('Task').fill('Coffee with Mia');
  await add.getByLabel('Category').click();
  await page.getByRole('option').first().click();
  await add.getByRole('button', { name: 'Add record' }).click();
  await expect(agenda.blocksOf('Coffee with Mia').first()).toBeVisible();

  // Week view: 7 columns, the now line, and the chosen view is remembered.
  await agenda.chooseView('Week');
  await expect(page.getByTestId('week-grid')).toBeVisible();
  await expect(page.getByTestId('week-grid').getByTestId('week-day-header')).toHaveCount(7);
  await expect(page.getByTestId('now-line').first()).toBeVisible();
  await expect(
    page
      .getByTestId('week-grid')
      .getByRole('button', { name: 'Team meeting, 11:00 AM to 12:00 PM' }),
  ).toBeVisible();
  await page.goto('/agenda');
  await expect(page).toHaveURL(/\/agenda$/);
  await expect(page.getByTestId('week-grid')).toBeVisible();
});

test('the unconfirmed dialog asks when a session ran out with auto-extend off', async ({
  page,
  baseURL,
}, info) => {
  test.skip(deviceOf(info) !== 'desktop', 'moves the shared server clock');
  const api = new AgendaApi(baseURL ?? '');
  await api.setClock(todayAt(14));
  await api.signUp(newEmail('unconfirmed'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  await api.createTask('Draft newsletter', 30);
  await api.call('Next');
  await api.advanceClock(45 * MINUTE);
  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda/day');
  const dialog = agenda.dialog('Did you finish this task?');
  await expect(dialog).toBeVisible();
  const done = dialog.getByRole('checkbox', { name: 'Draft newsletter is done' });
  await expect(done).toBeChecked();
  // The whole row is the checkbox's label, and the only control in it (axe: nothing nested).
  await dialog.getByText('Draft newsletter').click();
  await expect(done).not.toBeChecked();
  await dialog.getByText('Draft newsletter').click();
  await expect(done).toBeChecked();
  await expectAccessible(page, 'unconfirmed dialog');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(agenda.block(/^Draft newsletter, 2:30 PM/)).toHaveCount(0);
  await api.setClock(Date.now());
});

test('reminders, search, shortcuts, focus mode and the speed dial', async ({
  page,
  baseURL,
}, info) => {
  test.skip(deviceOf(info) !== 'desktop', 'moves the shared server clock');
  test.setTimeout(120_000);
  const api = new AgendaApi(baseURL ?? '');
  await api.setClock(todayAt(10));
  await api.signUp(newEmail('everyday'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.createTask('Write report', 60);
  for (let i = 1; i <= 8; i += 1) {
    await api.call('CreateReminder', {
      reminder: {
        title: `Old note ${i}`,
        start: todayAt(-24 * i),
        allDay: true,
        timezone: 'Europe/Berlin',
      },
    });
  }
  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda/day');

  // Quick add a reminder for today; mark it done.
  const today = page.locator('section', { has: page.getByRole('heading', { name: 'Today' }) });
  await today.getByTestId('quick-add-reminder').fill('Call the bank');
  await today.getByTestId('quick-add-reminder').press('Enter');
  await expect(today.getByText('Call the bank')).toBeVisible();
  await today.getByRole('checkbox', { name: 'Mark Call the bank as done' }).click();
  await expect(
    today.getByRole('checkbox', { name: 'Mark Call the bank as not done' }),
  ).toBeVisible();

  // More than 7 overdue reminders: the clear link asks first, then clears them.
  const overdue = page.getByTestId('overdue-reminders');
  await expect(overdue).toContainText('Overdue · 8');
  await overdue.getByRole('button', { name: 'Clear all' }).click();
  await agenda
    .dialog('Clear overdue reminders?')
    .getByRole('button', { name: 'Clear all' })
    .click();
  await expect(overdue).toBeHidden();

  // Search finds the task; Create opens the task editor with the typed title.
  await page.getByRole('searchbox', { name: 'Search tasks and events' }).fill('report');
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('button', { name: 'Write report' })).toBeVisible();
  await results.getByRole('button', { name: 'Create an event named report' }).click();
  await expect(page).toHaveURL(/\/events\/create\?title=report$/);
  await agenda.goto('/agenda/day');

  // Shortcuts: week view, day view, the list of shortcuts, focus mode and back.
  await page.keyboard.press('w');
  await expect(page).toHaveURL(/\/agenda\/week\//);
  await expect(page.getByTestId('week-grid')).toBeVisible();
  await page.keyboard.press('d');
  await expect(page).toHaveURL(/\/agenda\/day\//);
  await page.keyboard.press('?');
  await expect(agenda.dialog('Keyboard shortcuts')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('f');
  await expect(page.getByTestId('focus-view')).toBeVisible();
  await expect(page.getByTestId('focus-title')).toHaveText('Write report');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('focus-view')).toBeHidden();

  // The speed dial leads to the editors.
  await page.getByRole('button', { name: 'Create' }).first().click();
  await page.getByRole('menuitem', { name: 'New task' }).click();
  await expect(page).toHaveURL(/\/tasks\/create$/);
});

test('the agenda fits a 360 px phone @phone', async ({ page, baseURL }, info) => {
  test.skip(deviceOf(info) !== 'phone', 'phone layout');
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('phone'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding');
  await api.createTask('Write a long report about the quarterly numbers', 90);
  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  for (const path of ['/agenda/day', '/agenda/week']) {
    await agenda.goto(path);
    await expect(
      page.getByTestId('agenda-block').or(page.getByTestId('week-block')).first(),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await agenda.control('Pause').tap();
  await expect(agenda.currentTitle).toHaveText('Paused');
});
