import type { Locator, Page } from '@playwright/test';
import { AgendaApi, HOUR, todayAt } from './agenda-api';
import { expect, test } from './fixtures';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * The agenda driven from the keyboard alone, as a person without a mouse does: every step is a
 * key press, and each check is where the focus is and what the screen (or a screen reader) says.
 */

const focused = (page: Page): Locator => page.locator(':focus');
const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el) => el === document.activeElement);

/**
 * A person with two tasks at 10 in the morning (the clock lane's server): on the real clock the
 * plan's shape depends on the hour (in the evening the first task is split around the night's
 * rest), and one evening run's Tab walk lost the focus before it reached the end of the list.
 * Answers the person's API and the id of their "Read paper" task.
 */
async function openAgenda(page: Page, baseURL: string): Promise<{ api: AgendaApi; paper: string }> {
  const api = new AgendaApi(baseURL);
  await api.setClock(todayAt(10));
  await api.signUp(newEmail('keyboard'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.createTask('Write report', 60);
  const paper = await api.createTask('Read paper', 45);
  await api.signInPage(page);
  await page.goto('/agenda');
  await expect(page.getByTestId('control-bar')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Write report, / }).first()).toBeVisible();
  return { api, paper };
}

/** Presses Tab until `name` has the focus; fails past `most` presses. Returns the count. */
async function tabTo(page: Page, name: RegExp, most: number): Promise<number> {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press('Tab');
    // Read at once: a locator for the focused element would wait for ever once Tab has left
    // the page.
    const label = await page.evaluate(() => {
      const el = document.activeElement;
      return el && el !== document.body ? (el.getAttribute('aria-label') ?? el.textContent) : null;
    });
    if (label === null) throw new Error(`the focus left the page after ${presses} Tab presses`);
    if (name.test(label)) return presses;
  }
  throw new Error(`${name} not reached in ${most} Tab presses`);
}

test('plays, pauses, goes next, opens a block menu and the task editor by keyboard', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openAgenda(page, baseURL ?? '');

  // The skip link is the first stop; past it the controls come before the endless day list.
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveText('Skip to content');
  await page.keyboard.press('Enter');
  expect(await tabTo(page, /^(Play|Pause)$/, 3)).toBeLessThanOrEqual(3);

  // Play/Pause keeps the focus through its request, its label following the state.
  const playPause = page.getByTestId('control-bar').getByRole('button', { name: /^(Play|Pause)$/ });
  const before = await playPause.getAttribute('aria-label');
  const after = before === 'Play' ? 'Pause' : 'Play';
  await page.keyboard.press('Enter');
  await expect(playPause).toHaveAccessibleName(after);
  await expect(playPause).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(playPause).toHaveAccessibleName(before ?? '');
  await expect(playPause).toBeFocused();

  // Next: the focus stays, and the new current item is announced politely.
  await page.keyboard.press('Tab');
  const next = page.getByTestId('control-bar').getByRole('button', { name: 'Next' });
  await expect(next).toBeFocused();
  const title = await page.getByTestId('current-title').textContent();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('current-title')).not.toHaveText(title ?? '');
  await expect(next).toBeFocused();
  const announcer = page.getByTestId('current-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toHaveText(/^Now: /);

  // A block: Enter opens its menu with the first entry focused, Escape gives the focus back.
  await tabTo(page, /^Write report, /, 25);
  const block = focused(page);
  const blockName = (await block.getAttribute('aria-label')) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(focused(page)).toHaveAttribute('aria-label', blockName);

  // Its task editor: the focus moves in, Escape leaves (nothing changed: no question), and the
  // focus is back on the block.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Open task' })).toBeVisible();
  const openTask = page.getByRole('menuitem', { name: 'Open task' });
  for (let presses = 0; presses < 10 && !(await isFocused(openTask)); presses += 1)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/task\//);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Write report');
  await expect(focused(page)).toBeVisible();
  expect(await focused(page).evaluate((el) => el !== document.body)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/agenda/);
  await expect(focused(page)).toHaveAttribute('aria-label', blockName);
});

test('Escape in a changed task editor asks before leaving', async ({ page, baseURL }) => {
  await openAgenda(page, baseURL ?? '');
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/tasks\/create/);
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toBeVisible();
  for (let presses = 0; presses < 10 && !(await isFocused(title)); presses += 1)
    await page.keyboard.press('Tab');
  await expect(title).toBeFocused();
  await page.keyboard.type('Call the bank');
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog');
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Call the bank');
});

test('the day list never holds Tab: it loads more days only when asked', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openAgenda(page, baseURL ?? '');
  const days = page.locator('section[data-day-start]');
  // The first days fill the screen and a little beyond (the pointer's margin) before Tab starts:
  // the count is read once it holds still between two looks.
  await expect(page.getByRole('button', { name: 'Show more days' })).toBeVisible();
  let shown = -1;
  await expect
    .poll(
      async () => {
        const count = await days.count();
        const isSteady = count === shown;
        shown = count;
        return isSteady;
      },
      { intervals: [500] },
    )
    .toBe(true);
  await tabTo(page, /^Show more days$/, 200);
  // Tab went through every day shown and reached the end without the list growing.
  expect(await days.count()).toBe(shown);
  await page.keyboard.press('Enter');
  await expect.poll(() => days.count()).toBeGreaterThan(shown);
});

test('? lists the shortcuts in a dialog that gives the focus back', async ({ page, baseURL }) => {
  await openAgenda(page, baseURL ?? '');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await tabTo(page, /^(Play|Pause)$/, 3);
  const opener = await focused(page).getAttribute('aria-label');
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Show shortcuts');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(focused(page)).toHaveAttribute('aria-label', opener ?? '');
});

/** Where the keyboard is: the focused element's marks, or null when the focus is nowhere. */
async function focusedMarks(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    return {
      testId: el.dataset['testid'] ?? null,
      taskId: el.dataset['taskId'] ?? null,
      blockId: el.dataset['blockId'] ?? null,
      start: el.dataset['start'] ?? null,
      inWeek: el.closest('[data-active-week]') !== null,
    };
  });
}

/*
 * A re-plan draws a block anew, under a new id when it moves, and a focused element taken out of
 * the page leaves the keyboard at the top of the page. The week view hands the focus to the same
 * task's block (agenda/focus/use-focus-follows-block.ts). The meeting that moves the block comes
 * from another device while the page stays open.
 */
test('the week view keeps the keyboard on a block the plan moves', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  // 10:00 on the server's clock: the two tasks and the meeting fit the day, whatever the day.
  const { api, paper } = await openAgenda(page, baseURL ?? '');
  await page.getByRole('button', { name: /^View: / }).click();
  await page.getByRole('menuitem', { name: 'Week' }).click();
  const week = page.locator('[data-active-week]');
  await expect(week.locator(`[data-task-id="${paper}"]`).first()).toBeVisible();
  // A reminder on the week's last day: its mark is the grid's last Tab stop, after every block.
  const lastDay = Number(
    await week.locator('[data-week-column-start]').last().getAttribute('data-week-column-start'),
  );
  await api.call('CreateReminder', {
    reminder: {
      title: 'Water the plants',
      start: lastDay + 12 * HOUR,
      allDay: false,
      timezone: 'Europe/Berlin',
    },
  });
  await expect(week.getByTestId('week-reminder')).toBeVisible();
  // The blocks are drawn anew once drag and drop has loaded (after the first paint).
  await expect(page.locator('[data-drag-ready]')).toBeAttached();

  // Tab to the paper's block, as a person without a mouse does.
  let held = await focusedMarks(page);
  for (let presses = 0; presses < 80 && !(held?.inWeek && held.taskId === paper); presses += 1) {
    await page.keyboard.press('Tab');
    held = await focusedMarks(page);
  }
  expect(held).toMatchObject({ testId: 'week-block', taskId: paper, inWeek: true });
  const before = held?.blockId ?? '';

  // A meeting lands on the block from another device: the plan moves the paper past it.
  const start = Number(held?.start);
  await api.createEvent('Dentist', start, start + HOUR);
  await expect(week.getByRole('button', { name: /^Dentist, / })).toBeVisible({ timeout: 15_000 });
  await expect(week.locator(`[data-block-id="${before}"]`)).toHaveCount(0);
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('data-task-id', paper);
  await expect(focused).toHaveAttribute('data-testid', 'week-block');
  await expect(focused).not.toHaveAttribute('data-start', String(start));
  expect(await focused.evaluate((el) => el.closest('[data-active-week]') !== null)).toBe(true);
  await saveShot(page, `keyboard-week-focus-moved-${deviceOf(info)}`);

  // Tab goes on from the moved block: to what follows it in the grid, not to the page's top.
  const moved = (await focused.getAttribute('data-block-id')) ?? '';
  await page.keyboard.press('Tab');
  const goesOn = await page.evaluate((id) => {
    const block = document.querySelector(`[data-active-week] [data-block-id="${CSS.escape(id)}"]`);
    const next = document.activeElement;
    return Boolean(
      block &&
      next?.closest('[data-active-week]') &&
      block.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
  }, moved);
  expect(goesOn).toBe(true);
});
