import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';
import { waitForOutbox } from './outbox';

/*
 * Google and Facebook sign-in through the real popup: Google is a real OpenID provider on this
 * machine (oidc-provider, its own login and consent pages), Facebook a fake of its dialog,
 * token and /me edge (playwright.config.ts starts both). Phone sign-in reads its code from the
 * outbox the server writes SMS to when no gateway is configured.
 */

async function shoot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `social-${name}-${device}`);
}

const uniqueLogin = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** The Google stand-in's pages: any login and password, then consent. */
async function signInAtGoogle(popup: Page, login: string, device?: string): Promise<void> {
  await popup.waitForLoadState();
  const loginField = popup.locator('input[name="login"]');
  await expect(loginField).toBeVisible();
  await loginField.pressSequentially(login);
  await popup.locator('input[name="password"]').pressSequentially('any password');
  if (device) await shoot(popup, 'google-login', device);
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  const consent = popup.getByRole('button', { name: 'Continue' });
  await expect(consent).toBeVisible();
  if (device) await shoot(popup, 'google-consent', device);
  await consent.click();
}

/** The Facebook stand-in's dialog: a name, then Continue (or Cancel). */
async function signInAtFacebook(popup: Page, name: string, device?: string): Promise<void> {
  await popup.waitForLoadState();
  await popup.getByLabel('Name').pressSequentially(name);
  if (device) await shoot(popup, 'facebook-dialog', device);
  await popup.getByRole('button', { name: 'Continue' }).click();
}

async function openAccountPage(page: Page): Promise<void> {
  const shell = new ShellPage(page);
  await shell.expectAgenda();
  await shell.openDrawer();
  await page.getByTestId('account-header').click();
  await expect(page).toHaveURL(/\/account$/);
}

/** The code the server wrote to the outbox for a number (E.164), waiting for it a little. */
async function codeSentTo(e164: string): Promise<string> {
  const found = await waitForOutbox(
    (name) => name.endsWith('.sms') && name.includes(e164),
    /\b(\d{6})\b/,
  );
  if (!found?.[1]) throw new Error(`no code for ${e164} in the outbox`);
  return found[1];
}

test('Google: the popup signs a newcomer up, the account page shows Google connected', async ({
  page,
}, info) => {
  const device = deviceOf(info);
  const login = new LoginPage(page);
  await login.goto();
  await login.openLogIn();
  const google = page.getByTestId('sign-in-google');
  await expect(google).toBeVisible();
  await expect(page.getByTestId('sign-in-facebook')).toBeVisible();
  await page.getByTestId('sign-in-phone').scrollIntoViewIfNeeded();
  await shoot(page, 'login-buttons', device);

  const name = uniqueLogin('ada');
  const popupOpened = page.waitForEvent('popup');
  await google.click();
  const popup = await popupOpened;
  await signInAtGoogle(popup, name, device);
  // The popup closes itself once it has posted the ticket; it may already be gone by now, so its
  // state is polled rather than waiting for a close event that could have passed.
  await expect.poll(() => popup.isClosed()).toBe(true);

  await openAccountPage(page);
  const card = page.getByTestId('connected-accounts-card');
  await expect(card.getByTestId('connected-google')).toContainText(`Connected as Test ${name}`);
  await expect(card.getByTestId('connected-facebook')).toContainText('Not connected');
  await expect(page.getByTestId('account-page-email')).toHaveText(`${name}@example.com`);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'account-card', device);
});

test('Facebook: the popup signs a newcomer up, and the same person again signs in', async ({
  page,
}, info) => {
  const device = deviceOf(info);
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const name = uniqueLogin('Grace');
  await login.goto();
  await login.openSignUp();
  let popupOpened = page.waitForEvent('popup');
  await page.getByTestId('sign-in-facebook').click();
  await signInAtFacebook(await popupOpened, name, device);
  await shell.expectAgenda();
  await shell.logOut();

  await login.openLogIn();
  popupOpened = page.waitForEvent('popup');
  await page.getByTestId('sign-in-facebook').click();
  await signInAtFacebook(await popupOpened, name);
  await openAccountPage(page);
  await expect(page.getByTestId('connected-facebook')).toContainText(`Connected as ${name}`);
});

test('closing the popup cancels the sign-in and the login screen stays usable', async ({
  page,
}, info) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.openLogIn();
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('sign-in-google').click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await popup.close();
  await expect(page.getByTestId('social-error')).toHaveText('Sign-in was cancelled.');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('sign-in-google')).toBeEnabled();
  await shoot(page, 'cancelled', deviceOf(info));
});

test('an e-mail account connects Google from the account page', async ({ page }) => {
  const login = new LoginPage(page);
  const email = newEmail('connect');
  await login.goto();
  await login.signUp(email, GOOD_PASSWORD);
  await openAccountPage(page);
  const row = page.getByTestId('connected-google');
  await expect(row).toContainText('Not connected');
  const popupOpened = page.waitForEvent('popup');
  await row.getByRole('button', { name: 'Connect' }).click();
  const name = uniqueLogin('linked');
  await signInAtGoogle(await popupOpened, name);
  await expect(page.getByText('Account connected')).toBeVisible();
  await expect(row).toContainText(`Connected as Test ${name}`);
  await expect(page.getByTestId('account-page-email')).toHaveText(email);
});

test('phone: a code by SMS signs a newcomer up, the account page shows the number', async ({
  page,
}, info) => {
  const device = deviceOf(info);
  const login = new LoginPage(page);
  // A fresh German mobile number per run.
  const subscriber = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
  await login.goto();
  await login.openLogIn();
  await page.getByTestId('sign-in-phone').click();
  await expect(page.getByRole('heading', { name: 'Sign in with your phone' })).toBeVisible();
  const code = page.getByLabel('Country code');
  await code.fill('');
  await code.pressSequentially('49');
  await page.getByLabel('Phone number').pressSequentially(`0151 2${subscriber}`);
  await shoot(page, 'phone-number', device);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to \+49/)).toBeVisible();

  // A wrong code first: refused, and the right one still works.
  const sent = await codeSentTo(`+491512${subscriber}`);
  await page.getByLabel('6-digit code').pressSequentially(sent === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('phone-error')).toHaveText('This code is wrong or has expired.');
  await shoot(page, 'phone-code', device);
  await page.getByLabel('6-digit code').fill('');
  await page.getByLabel('6-digit code').pressSequentially(sent);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await openAccountPage(page);
  await expect(page.getByTestId('connected-phone')).toContainText(`+49 1512${subscriber}`);
  await page.getByTestId('connected-accounts-card').scrollIntoViewIfNeeded();
  await shoot(page, 'account-phone', device);
});
