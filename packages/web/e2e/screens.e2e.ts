import { test, type Page, type TestInfo } from './fixtures';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { GOOD_PASSWORD, newEmail, saveShot } from './support';

// Screenshots of the main states, to look at (not compared pixel by pixel). They land in the
// shots folder (e2e/support.ts).
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = `screens-${name}-${testInfo.project.name}`;
  await saveShot(page, file);
}

test('screens of the login flow and the shell @phone', async ({ page }, testInfo) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await shoot(page, testInfo, '01-login-intro');

  await login.openSignUp();
  await login.email.fill('ada@example.com');
  await login.password.fill('Maple-Harbor');
  await shoot(page, testInfo, '02-sign-up');

  await page.getByRole('button', { name: 'Back' }).click();
  await login.logIn('nobody@example.com', 'Wrong-Password-1');
  await login.error.waitFor();
  await shoot(page, testInfo, '03-log-in-error');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, testInfo, '04-forgot-password');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Back' }).click();
  await login.signUp(newEmail('screens'), GOOD_PASSWORD);
  await shell.expectAgenda();
  await shoot(page, testInfo, '05-agenda');

  await shell.openDrawer();
  await shoot(page, testInfo, '06-drawer');
  await page.keyboard.press('Escape');

  await page.goto('/account');
  await page.getByTestId('account-page-email').waitFor();
  await page.getByText('This device', { exact: true }).waitFor();
  await shoot(page, testInfo, '07-account');

  await page.goto('/about');
  await page.getByRole('button', { name: 'Terms of Service' }).click();
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
  await shoot(page, testInfo, '08-terms');
});

test('screens of the login intro in German and Japanese @phone', async ({ page }, testInfo) => {
  for (const locale of ['de', 'ja']) {
    await page.addInitScript((value) => localStorage.setItem('planner:1.3:locale', value), locale);
    await page.goto('/login');
    await page.locator(`html[lang="${locale}"]`).waitFor({ state: 'attached' });
    await page.getByRole('button').first().waitFor();
    await shoot(page, testInfo, `09-login-${locale}`);
  }
});
