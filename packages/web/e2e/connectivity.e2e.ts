import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { GOOD_PASSWORD, newEmail } from './support';

test('the disconnected notice shows while the server is unreachable and clears after reconnect', async ({
  page,
}) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await page.goto('/login');
  await login.signUp(newEmail('offline'), GOOD_PASSWORD);
  await shell.expectAgenda();

  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'You are offline' });
  await expect(notice).toBeVisible();

  // Reconnect tries again at once; still unreachable, the notice stays.
  const retried = page.waitForRequest('**/api/**');
  await notice.getByRole('button', { name: 'Reconnect' }).click();
  await retried;
  await expect(notice).toBeVisible();

  // Back online: any answer clears the notice, a background refresh's or Reconnect's, whichever
  // comes first (so the button may be gone before it can be clicked).
  await page.unroute('**/api/**');
  await expect(async () => {
    if (await notice.isVisible())
      await notice.getByRole('button', { name: 'Reconnect' }).click({ timeout: 1000 });
    await expect(notice).toBeHidden({ timeout: 1000 });
  }).toPass();
  await expect(page.getByText('This device', { exact: true })).toBeVisible();
});
