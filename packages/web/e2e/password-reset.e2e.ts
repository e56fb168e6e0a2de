import { expect, test } from './fixtures';
import { linkInMail } from './outbox';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { GOOD_PASSWORD, newEmail } from './support';

/** The reset link from the mail (the sign-up's verification mail goes to the same address). */
function resetLinkFor(email: string): Promise<string> {
  return linkInMail(email, /\/login\?reset=[\w%-]+/);
}

test('forgot password: the mailed link sets a new password that logs in', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const email = newEmail('reset');
  const newPassword = 'Quiet-Lantern-Fjord-38';

  await page.goto('/login');
  await login.signUp(email, GOOD_PASSWORD);
  await shell.expectAgenda();
  await shell.logOut();

  await login.openLogIn();
  await login.email.fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.getByLabel('Email')).toHaveValue(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('If an account uses this email')).toBeVisible();

  await page.goto(await resetLinkFor(email));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await login.email.fill(email);
  await login.password.fill(newPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await shell.expectAgenda(email);
});

test('a used or unknown reset link says so at once, and a new one can be asked', async ({
  page,
}) => {
  await page.goto('/login?reset=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
});
