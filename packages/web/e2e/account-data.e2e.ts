import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { strFromU8, unzipSync } from 'fflate';
import { AgendaApi, HOUR } from './agenda-api';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * The account's data card: the download is the browser's own (a zip read back here), and the
 * deletion goes through its three steps, the password typed key by key, to /login, after which
 * the account no longer signs in.
 */

const TASK = 'Plan the garden';

async function shoot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `account-data-${name}-${device}`);
}

async function openAccount(page: Page): Promise<void> {
  await new ShellPage(page).openAccountMenu();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

test('download my data, then delete the account in three steps', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const device = deviceOf(info);
  const email = newEmail('account-data');
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(email, GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  await api.createTask(TASK, 45);
  const now = await api.advanceClock(0);
  await api.createEvent('Choir', now + 26 * HOUR, now + 27 * HOUR, {
    recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: '', until: 0, count: 0 },
  });

  await api.signInPage(page);
  await page.goto('/agenda');
  await openAccount(page);
  const card = page.getByTestId('account-data-card');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await saveShot(card, `account-data-card-${device}`);

  // The download: a real browser download, named by the server, holding every part.
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^planner-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(readFileSync(await download.path()));
  const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['events.ics', 'time-records.csv', 'tables/tasks.json']),
  );
  expect(JSON.parse(text('tables/tasks.json'))).toEqual([expect.objectContaining({ title: TASK })]);
  expect(JSON.parse(text('tables/users.json'))).toEqual([expect.objectContaining({ email })]);
  expect(text('events.ics')).toContain('SUMMARY:Choir');
  expect(text('events.ics')).toMatch(/RRULE:FREQ=WEEKLY/);

  // Step 1: what is lost, with the export offered again.
  await card.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: /Delete your account/ });
  await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
  await expect(dialog.getByText('your time records and analysis')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download my data' })).toBeVisible();
  await shoot(page, 'step1', device);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the password, typed key by key; a wrong one comes back to this step.
  await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
  const password = dialog.getByLabel('Password');
  await password.pressSequentially('not-my-password', { delay: 5 });
  await shoot(page, 'step2', device);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('This password is not right.')).toBeVisible();
  await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
  await shoot(page, 'step2-wrong', device);
  await password.clear();
  await password.pressSequentially(GOOD_PASSWORD, { delay: 5 });
  await password.press('Enter');

  // Step 3: the last word.
  const final = page.getByRole('dialog', { name: 'Delete the account now?' });
  await expect(final.getByText('Step 3 of 3')).toBeVisible();
  await expect(final.getByText('This cannot be undone.', { exact: false })).toBeVisible();
  await shoot(page, 'step3', device);
  await final.getByRole('button', { name: 'Delete my account' }).click();

  // Gone: back on /login with nothing of the account left on this device.
  const login = new LoginPage(page);
  await login.expectIntro();
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  await shoot(page, 'deleted', device);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('planner:1.3:token'),
    cache: localStorage.getItem('planner:1.3:queryCache'),
  }));
  expect(stored).toEqual({ token: null, cache: null });

  // Signing in again fails: the account does not exist any more.
  await login.logIn(email, GOOD_PASSWORD);
  await expect(login.error).toContainText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});
