import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { GOOD_PASSWORD, newEmail } from './support';

/** The reset link from the mail the server wrote to DATA_DIR/outbox (no SMTP in tests). */
async function resetLinkFor(email: string): Promise<string> {
  const outbox = join(process.env.PLANNER_E2E_DATA_DIR ?? '', 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const file = readdirSync(outbox, { withFileTypes: true })
      .map((entry) => entry.name)
      .find((name) => name.includes(email));
    if (file) {
      // Quoted-printable: soft line breaks and "=3D" for "=".
      const mail = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const match = /\/login\?reset=[\w%-]+/.exec(mail);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail for ${email}`);
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

test('a used or unknown reset link says so', async ({ page }) => {
  await page.goto('/login?reset=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('Quiet-Lantern-Fjord-38');
  await page.getByLabel('Confirm password', { exact: true }).fill('Quiet-Lantern-Fjord-38');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});
