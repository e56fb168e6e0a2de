import { expect, test, type Locator, type Page } from './fixtures';
import { AgendaApi } from './agenda-api';
import { linkInMail } from './outbox';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * The account's e-mail and password, from the account page: a new address typed key by key,
 * its verification link opened from the mail the server wrote, "Verified" on the card without
 * a reload; then a password change, after which only the new password signs in.
 */

const NEW_PASSWORD = 'Quiet-Lantern-Fjord-38';
const VERIFY_LINK = /http:\/\/[^\s]+\/verify-email\?token=[\w%-]+/;

async function shoot(page: Page, name: string, device: string, top?: Locator): Promise<void> {
  // The card at the top of the screen, just under the sticky app bar.
  await top?.evaluate((card) =>
    window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 76),
  );
  await saveShot(page, `account-${name}-${device}`);
}

/** The path and query of a mailed link: the app under test is served at baseURL. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

test('e-mail: change it, open the mailed link, verified; password: change it, only the new one signs in', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const device = deviceOf(info);
  const email = newEmail('security');
  const moved = newEmail('moved');
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(email, GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  await api.signInPage(page);
  await page.goto('/agenda');

  const shell = new ShellPage(page);
  // The app bar is drawn (openDrawer looks for the phone's menu button only once).
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await shell.openDrawer();
  await page.getByTestId('account-header').click();
  await expect(page).toHaveURL(/\/account$/);

  // The address as signed up: not verified yet, with a way to send the link again.
  const emailCard = page.getByRole('region', { name: 'Email' });
  await expect(emailCard.getByTestId('account-email')).toHaveText(email);
  await expect(emailCard.getByTestId('account-email-status')).toHaveText('Not verified');
  await expect(emailCard.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

  await emailCard.getByRole('button', { name: 'Change email' }).click();
  const field = emailCard.getByLabel('New email address');
  const [local, domain] = moved.split('@');
  // Half an address, then away from the field: it says what is wrong before anything is sent.
  await field.pressSequentially(`${local}@${domain?.split('.')[0]}`);
  await field.blur();
  await expect(emailCard.getByText('Please enter a valid email address')).toBeVisible();
  await field.pressSequentially(`.${domain?.split('.').slice(1).join('.')}`);
  await expect(emailCard.getByText('Please enter a valid email address')).toHaveCount(0);
  // Moving the address asks for the current password first (issue 28).
  await emailCard.getByRole('button', { name: 'Save and send link' }).click();
  await expect(emailCard.getByText('Please enter your password')).toBeVisible();
  await emailCard.getByLabel('Current password').pressSequentially(GOOD_PASSWORD);
  await emailCard.getByRole('button', { name: 'Save and send link' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'We sent a verification link.' });
  await expect(sent).toBeVisible();
  await expect(emailCard.getByTestId('account-email')).toHaveText(moved);
  await expect(emailCard.getByTestId('account-email-status')).toHaveText('Not verified');
  // The profile is the one Chain answered: the card at the top of the page has it too.
  await expect(page.getByTestId('account-page-email')).toHaveText(moved);
  // The toast goes by itself (5 s); the card is pictured without it.
  await expect(sent).toBeHidden();
  await shoot(page, 'email-unverified', device, emailCard);

  // The link from the mail to the new address (another tab would do the same; this one keeps
  // the session, as the mail app's browser would).
  const link = await linkInMail(moved, VERIFY_LINK);
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Your email address is verified' })).toBeVisible();
  await shoot(page, 'verify-done', device);
  await page.getByRole('button', { name: 'Go to your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(emailCard.getByTestId('account-email-status')).toHaveText('Verified');
  await expect(emailCard.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);

  // The password: a wrong current one is refused and named; the right one changes it.
  const passwordCard = page.getByRole('region', { name: 'Password' });
  const current = passwordCard.getByLabel('Current password');
  const next = passwordCard.getByLabel('New password', { exact: true });
  const confirm = passwordCard.getByLabel('Confirm new password');
  await current.pressSequentially('Not-My-Password-1');
  await next.pressSequentially(NEW_PASSWORD);
  await expect(passwordCard.getByTestId('password-strength')).toHaveText(/Good|Strong/);
  await confirm.pressSequentially(`${NEW_PASSWORD}x`);
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordCard.getByText('The passwords do not match')).toBeVisible();
  await confirm.press('End');
  await confirm.press('Backspace');
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordCard.getByText('The current password is not correct.')).toBeVisible();
  await current.fill('');
  await current.pressSequentially(GOOD_PASSWORD);
  await shoot(page, 'password-filled', device, device === 'phone' ? passwordCard : emailCard);
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();
  await expect(next).toHaveValue('');

  // Out, then in again: the old password is refused, the new one opens the agenda.
  await page.getByTestId('account-log-out').click();
  await expect(page).toHaveURL(/\/login$/);
  const login = new LoginPage(page);
  await login.logIn(moved, GOOD_PASSWORD);
  await expect(login.error).toContainText('The email or password is incorrect.');
  await login.password.fill('');
  await login.password.pressSequentially(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/agenda/);
});

test('a used verification link says so, signed out, and leads to the login', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const email = newEmail('verify-used');
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(email, GOOD_PASSWORD);
  const link = await linkInMail(email, VERIFY_LINK);
  await api.call('VerifyEmail', { token: new URL(link).searchParams.get('token') ?? '' });

  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This verification link has already been used.');
  await shoot(page, 'verify-used', device);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
