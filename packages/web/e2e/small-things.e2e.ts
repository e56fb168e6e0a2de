import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import { AgendaApi } from './agenda-api';
import { issueShot } from './issue28-shots';
import { ShellPage } from './pages/shell-page';
import { TaskEditorPage } from './pages/task-editor-page';
import { deviceOf, GOOD_PASSWORD, newEmail } from './support';
import { runDataDir } from './run-data';

/*
 * Issue 28, items 10 and 12 (web): New task from a scrolled agenda shows its title, a category
 * can be deleted in the app after a question, and the referral upgrades fit a 360 px phone.
 */

async function signedIn(page: Page, baseURL: string, label: string) {
  const api = new AgendaApi(baseURL);
  await api.signUp(newEmail(label), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.signInPage(page);
  return api;
}

test('New task from a scrolled agenda opens with its title in view', async ({
  page,
  baseURL,
}, info) => {
  const api = await signedIn(page, baseURL ?? '', 'scrolled');
  for (let i = 1; i <= 14; i += 1) await api.createTask(`Task number ${i}`, 30);
  await page.goto('/agenda');
  await expect(page.getByText('Task number 14').first()).toBeVisible();
  if (deviceOf(info) === 'desktop') {
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 2000);
  } else {
    // Playwright has no touch swipe: the page is scrolled as a swipe would.
    await page.evaluate(() => window.scrollBy(0, 2000));
  }
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByRole('button', { name: 'Create' }).first().click();
  await page.getByRole('menuitem', { name: 'New task' }).click();
  const editor = new TaskEditorPage(page);
  await expect(page.getByRole('heading', { name: 'New task' })).toBeVisible();
  await expect(editor.title).toBeInViewport({ ratio: 1 });
  // Not under the editor's bar: the field starts below it.
  const bar = await page.getByRole('banner').boundingBox();
  const title = await editor.title.boundingBox();
  expect(title?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
  await issueShot(page, info, 'new-task-from-scrolled');
});

test('a category is deleted from its dialog after a question', async ({ page, baseURL }, info) => {
  const api = await signedIn(page, baseURL ?? '', 'delete-category');
  await page.goto('/agenda');
  await page.getByRole('button', { name: 'Create' }).first().click();
  await page.getByRole('menuitem', { name: 'New task' }).click();
  const editor = new TaskEditorPage(page);
  await editor.categoryField.click();
  const picker = page.getByRole('dialog', { name: 'Choose a category' });
  // Listed twice (suggested and all): the one under All categories.
  await picker.getByRole('button', { name: 'Edit Health' }).last().click();
  const edit = page.getByRole('dialog', { name: 'Edit category' });
  await issueShot(page, info, 'category-edit-delete');
  await edit.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Delete “Health”?' });
  await expect(question).toContainText('read as uncategorised');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(edit).toBeHidden();
  await expect(picker.getByRole('button', { name: 'Health', exact: true })).toHaveCount(0);
  const { categories } = await api.call<{ categories: { title: string }[] }>('GetCategories');
  expect(categories.map((c) => c.title)).not.toContain('Health');
});

test('the referral upgrades fit the screen without sideways scrolling @phone', async ({
  page,
  baseURL,
}, info) => {
  await signedIn(page, baseURL ?? '', 'referral-fit');
  await page.goto('/agenda');
  // The app bar's menu button is there once the agenda is.
  await expect(page.getByTestId('control-bar')).toBeVisible();
  await new ShellPage(page).openDrawer();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Invite friends' })
    .click();
  const table = page.getByRole('table', { name: 'Upgrades' });
  await expect(table.getByRole('row')).toHaveCount(8);
  await table.scrollIntoViewIfNeeded();
  await issueShot(page, info, 'referral');
  const overflow = await table.evaluate((element) => {
    const box = element.parentElement ?? element;
    return box.scrollWidth - box.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  // What a level unlocks is still read on a phone, under its name.
  await expect(table).toContainText('Monthly and yearly analysis');
});

/** The operator's command against the server's database (the same DATA_DIR). */
function createRedeemCode(level: number, days: number): string {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const out = execFileSync(
    'npm',
    ['run', '-s', 'admin', '--', 'redeem-code', 'create', '--level', String(level)].concat([
      '--days',
      String(days),
      '--uses',
      '1',
    ]),
    { cwd: root, env: { ...process.env, DATA_DIR: runDataDir() } },
  );
  return out.toString().trim().split('\n').at(-1) ?? '';
}

test('after a redeemed code, Premium shows the level and until when', async ({
  page,
  baseURL,
}, info) => {
  const code = createRedeemCode(1, 30);
  await signedIn(page, baseURL ?? '', 'redeemed');
  await page.goto('/agenda');
  await expect(page.getByTestId('control-bar')).toBeVisible();
  const shell = new ShellPage(page);
  await shell.openDrawer();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Invite friends' }).click();
  await page.getByRole('button', { name: 'Redeem a code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem a code' });
  await dialog.getByLabel('Code').pressSequentially(code);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Code redeemed')).toBeVisible();
  await shell.openDrawer();
  await menu.getByRole('link', { name: /^Premium/ }).click();
  await expect(page.getByTestId('premium-level')).toHaveText('Premium');
  // 30 days from the server's clock (which other specs may move): a whole long date.
  await expect(page.getByTestId('premium-until')).toHaveText(/^Until [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await issueShot(page, info, 'premium-redeemed');
});
