import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import { linkInMail } from './outbox';
import { EditorsApi } from './pages/editors-api';
import { TaskEditorPage } from './pages/task-editor-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';
import { runDataDir } from './run-data';

/**
 * Referrals between two accounts and a redeemed code lifting a limit, reached the way a person
 * does: the category limit's dialog points a free account to /referral.
 */

const VERIFY_LINK = /http:\/\/[^\s]+\/verify-email\?token=[\w%-]+/;
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function shoot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `referral-${name}-${device}`);
}

/** The operator's command against the server's database (the same DATA_DIR). */
function createRedeemCode(level: number, days: number): string {
  const out = execFileSync(
    'npm',
    [
      'run',
      '-s',
      'admin',
      '--',
      'redeem-code',
      'create',
      '--level',
      String(level),
      '--days',
      String(days),
      '--uses',
      '1',
    ],
    { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: runDataDir() } },
  );
  return out.toString().trim().split('\n').at(-1) ?? '';
}

/** A free account at its category limit (one own category), on the new-task screen. */
async function atCategoryLimit(page: Page, label: string) {
  const api = await EditorsApi.signUp(page, label);
  await api.call('PutCategory', { category: { title: 'Reading' } });
  const editor = new TaskEditorPage(page);
  await editor.gotoNew('Practice piano');
  return { api, editor };
}

/** Tries one more category: the app's limit dialog answers. */
async function tryNewCategory(page: Page, editor: TaskEditorPage, title: string): Promise<void> {
  await editor.categoryField.click();
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByRole('textbox', { name: 'Name' }).pressSequentially(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
}

test('a friend who signs up with the code counts once their e-mail is verified', async ({
  page,
  browser,
}, info) => {
  const device = deviceOf(info);
  const { editor } = await atCategoryLimit(page, 'referrer');
  await tryNewCategory(page, editor, 'Sport');
  const limit = page.getByRole('dialog', { name: 'Premium only' });
  await expect(limit).toContainText('You have reached the number of categories your plan allows.');
  await shoot(page, 'limit-dialog', device);
  await limit.getByRole('button', { name: 'Or invite friends to raise your limits' }).click();

  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.getByTestId('referral-count')).toHaveText('Referrals: 0');
  await expect(page.getByRole('table', { name: 'Upgrades' }).getByRole('row')).toHaveCount(8);
  await shoot(page, 'page', device);

  // A wrong code in the enter-code dialog.
  await page.getByRole('button', { name: "Enter a friend's code" }).click();
  const enter = page.getByRole('dialog', { name: 'Enter a referral code' });
  await enter.getByLabel('Referral code').pressSequentially('zz zzzz9');
  await expect(enter.getByLabel('Referral code')).toHaveValue('ZZZZZZ');
  await enter.getByRole('button', { name: 'Add' }).click();
  await expect(enter.getByText('This referral code is invalid')).toBeVisible();
  await shoot(page, 'enter-code', device);
  await enter.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Share your code' }).click();
  const share = page.getByRole('dialog', { name: 'Your referral code' });
  const code = (await share.getByTestId('referral-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  await expect(share.getByRole('img', { name: 'QR code of the sign-up link' })).toBeVisible();
  await expect(share).toContainText(`/login?referral=${code}`);
  await shoot(page, 'share', device);
  await share.getByRole('button', { name: 'Close' }).click();

  // The friend opens the shared link in a browser of their own.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(`/login?referral=${code}`);
  await friend.getByRole('button', { name: 'Create account' }).click();
  await expect(friend.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(friend.getByLabel('Referral code (optional)')).toHaveValue(code);
  const friendEmail = newEmail('friend');
  await friend.getByLabel('Email', { exact: true }).pressSequentially(friendEmail);
  await friend.getByLabel('Password', { exact: true }).pressSequentially(GOOD_PASSWORD);
  await friend.getByLabel('Confirm password').pressSequentially(GOOD_PASSWORD);
  await friend.getByRole('button', { name: 'Create account' }).click();
  await expect(friend).toHaveURL(/\/agenda/);

  // Before the friend verifies, the referrer sees them waiting, not counted.
  await page.goBack();
  await page.goForward();
  await expect(page.getByText('Waiting for their e-mail verification: 1')).toBeVisible();
  await expect(page.getByTestId('referral-count')).toHaveText('Referrals: 0');

  const link = new URL(await linkInMail(friendEmail, VERIFY_LINK));
  await friend.goto(`${link.pathname}${link.search}`);
  await expect(
    friend.getByRole('heading', { name: 'Your email address is verified' }),
  ).toBeVisible();
  await friendContext.close();

  await page.goBack();
  await page.goForward();
  await expect(page.getByTestId('referral-count')).toHaveText('Referrals: 1');
  await expect(page.getByText('Level 1', { exact: true }).first()).toBeVisible();
  await shoot(page, 'page-counted', device);
});

test('a redeemed code lifts the category limit', async ({ page }, info) => {
  const device = deviceOf(info);
  const redeemCode = createRedeemCode(1, 30);
  const { api, editor } = await atCategoryLimit(page, 'redeemer');
  await tryNewCategory(page, editor, 'Sport');
  const limit = page.getByRole('dialog', { name: 'Premium only' });
  await limit.getByRole('button', { name: 'Or invite friends to raise your limits' }).click();

  await page.getByRole('button', { name: 'Redeem a code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem a code' });
  await dialog.getByLabel('Code').pressSequentially(redeemCode.toLowerCase());
  await shoot(page, 'redeem', device);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Code redeemed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Your plan already has none of the limits referrals raise.'),
  ).toBeVisible();

  // Back on the task: the same category is allowed now.
  await page.goBack();
  await tryNewCategory(page, editor, 'Sport');
  await expect(page.getByRole('dialog', { name: 'New category' })).toBeHidden();
  await expect(editor.categoryField).toContainText('Sport');
  expect((await api.categories()).map((c) => c.title)).toContain('Sport');
});
