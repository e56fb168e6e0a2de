import type { Page, TestInfo } from '@playwright/test';
import { AgendaApi, todayAt } from './agenda-api';
import { expect, test } from './fixtures';
import { deviceOf, GOOD_PASSWORD, newEmail, reveal, saveShot } from './support';

/*
 * What a newcomer met on the agenda and the analysis list (issue 28): each test walks as a person
 * does and leaves a screenshot to look at, desktop and phone.
 */

async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  await saveShot(page, `newcomer-${name}-${deviceOf(info)}`, { animations: 'disabled' });
}

/**
 * A new person at 10 in the morning (the clock lane's server): what the plan holds depends on the
 * hour, and in the evening a first task's hour no longer fits before the night's rest.
 */
async function newcomer(page: Page, baseURL: string, tasks: string[], locale = 'en') {
  const api = new AgendaApi(baseURL);
  await api.setClock(todayAt(10));
  const { authToken } = await api.call<{ authToken: string }>('CreateUser', {
    email: newEmail('newcomer'),
    password: GOOD_PASSWORD,
    options: { autoExtend: false, locale },
  });
  api.token = authToken;
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  for (const title of tasks) await api.createTask(title, 60);
  await api.signInPage(page);
  await page.goto('/agenda');
  await expect(page.getByTestId('control-bar')).toBeVisible();
  return api;
}

async function chooseMore(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a day with nothing planned reads as a free day @phone', async ({ page, baseURL }, info) => {
  await newcomer(page, baseURL ?? '', ['Write report']);
  const idle = page.getByTestId('agenda-idle');
  // Tomorrow, with nothing in it (the list may render its days anew meanwhile: wait for text).
  await expect(page.locator('section[data-day-start]').nth(2)).toContainText('Free day');
  await shoot(page, info, 'free-day');
  await expect(idle.filter({ hasText: 'Free day' }).first()).toBeVisible();
  await expect(idle.filter({ hasText: 'Free day' }).first()).toContainText('Nothing planned');
  await expect(idle.filter({ hasText: /12:00 AM – 12:00 AM/ })).toHaveCount(0);
});

test('the first shuffle explains itself; one that changes nothing says so @phone', async ({
  page,
  baseURL,
}, info) => {
  await newcomer(page, baseURL ?? '', ['Write report']);
  await chooseMore(page, 'Shuffle the plan');
  const dialog = page.getByTestId('shuffle-dialog');
  const toast = page.getByText(
    'Nothing to shuffle: fewer than two tasks are waiting in your plan.',
  );
  // Whatever answers the choice: the dialog now, nothing at all before.
  await expect(dialog.or(toast).or(page.getByRole('menu'))).toHaveCount(1);
  await expect(page.getByRole('menu')).toBeHidden();
  await shoot(page, info, 'shuffle-first');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('tasks without a deadline a new order');
  await dialog.getByRole('button', { name: 'Shuffle the plan' }).click();
  await expect(toast).toBeVisible();
  await shoot(page, info, 'shuffle-nothing');
  // Asked once: the next shuffle acts at once, and says so again.
  await page.reload();
  await expect(page.getByTestId('control-bar')).toBeVisible();
  await chooseMore(page, 'Shuffle the plan');
  await expect(toast).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('the first break says what a break does @phone', async ({ page, baseURL }, info) => {
  await newcomer(page, baseURL ?? '', ['Write report']);
  await chooseMore(page, 'Take a break');
  const dialog = page.getByTestId('take-break-dialog');
  await expect(dialog).toBeVisible();
  await shoot(page, info, 'rest-first');
  await expect(dialog.getByTestId('rest-intro')).toContainText('Your first break');
  // A screen reader hears the break's length as the screen shows it, not in milliseconds.
  await expect(dialog.getByRole('slider')).toHaveAttribute('aria-valuetext', '1 hr');
  await dialog.getByRole('button', { name: 'Start break' }).click();
  await expect(page.getByTestId('current-title')).toHaveText('On a break');
  await page.reload();
  await expect(page.getByTestId('control-bar')).toBeVisible();
  await chooseMore(page, 'Take a break');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('rest-intro')).toHaveCount(0);
});

test('analysis periods are links a keyboard reaches @phone', async ({ page, baseURL }, info) => {
  await newcomer(page, baseURL ?? '', ['Write report']);
  await page.goto('/analysis');
  await expect(page.getByTestId('analysis-row').first()).toContainText('Today');
  await shoot(page, info, 'analysis-links');
  const today = page.getByTestId('analysis-list').getByRole('link').first();
  await expect(today).toContainText('Today');
  for (let presses = 0; presses < 40; presses += 1) {
    if (await today.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(today).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/analysis\/day\/[^/]+\/[^/]+$/);
});

test('the German search box shows its whole placeholder @phone', async ({
  page,
  baseURL,
}, info) => {
  await newcomer(page, baseURL ?? '', [], 'de');
  const box = page.getByRole('searchbox');
  await reveal(box, page.getByRole('button', { name: 'Aufgaben und Termine suchen' }));
  await expect(box).toHaveAttribute('placeholder', /.+/);
  await shoot(page, info, 'search-de');
  const room = await box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return { text: 0, width: 0 };
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return {
      text: context.measureText(input.placeholder).width,
      width: input.clientWidth - padding,
    };
  });
  expect(room.text).toBeLessThanOrEqual(room.width);
});

test('the control bar hides none of the plan from the keyboard @phone', async ({
  page,
  baseURL,
}, info) => {
  await newcomer(page, baseURL ?? '', ['Write report', 'Read paper', 'Call the bank', 'Pay rent']);
  // Tab through the plan: each block the focus lands on is scrolled clear of the floating bar.
  // The focused block and the bar are read in one go: a re-plan may redraw the list, and a
  // locator for the focused block asked twice could wait for a focus that has moved on.
  const seen: { bottom: number; barTop: number }[] = [];
  for (let presses = 0; presses < 60 && seen.length < 8; presses += 1) {
    await page.keyboard.press('Tab');
    const place = await page.evaluate(() => {
      const block = document.activeElement;
      const bar = document.querySelector('[data-testid="control-bar"]');
      if (!block?.matches('[data-testid="agenda-block"]') || !bar) return null;
      return {
        bottom: block.getBoundingClientRect().bottom,
        barTop: bar.getBoundingClientRect().top,
      };
    });
    if (!place) continue;
    seen.push(place);
    if (seen.length === 4) await shoot(page, info, 'bar-focus');
  }
  expect(seen.length).toBeGreaterThan(3);
  for (const place of seen) expect(place.bottom).toBeLessThanOrEqual(place.barTop);
});
