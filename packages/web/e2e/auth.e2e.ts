import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { GOOD_PASSWORD, newEmail } from './support';

test('a newcomer signs up, stays signed in across a reload, logs out and logs in again', async ({
  page,
}) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const email = newEmail('newcomer');

  await page.goto('/');
  await login.expectIntro();

  await login.signUp(email, GOOD_PASSWORD);
  await shell.expectAgenda(email);

  await page.reload();
  await shell.expectAgenda(email);

  await shell.logOut();
  await login.expectIntro();
  expect(await page.evaluate(() => localStorage.getItem('planner:1.3:token'))).toBeNull();

  await login.logIn(email, GOOD_PASSWORD);
  await shell.expectAgenda(email);
});

test('a wrong password shows the error and keeps the person on /login', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const email = newEmail('wrong-password');
  await page.goto('/login');
  await login.signUp(email, GOOD_PASSWORD);
  await shell.expectAgenda();
  await shell.logOut();

  await login.logIn(email, 'Not-The-Password-1');
  await expect(login.error).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
});

test('the sign-up form explains what is wrong before calling the server', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUp();
  await login.email.fill('someone@example');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await login.email.fill('someone@example.com');
  await login.password.fill('abcdefgh');
  await expect(page.getByTestId('password-strength')).toHaveText('Weak');
  await login.confirmPassword.fill('abcdefgh');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please choose a stronger password')).toBeVisible();

  await login.password.fill(GOOD_PASSWORD);
  await login.confirmPassword.fill(`${GOOD_PASSWORD}!`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
});

test('without a session every route leads to /login, and unknown routes to the agenda', async ({
  page,
}) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await page.goto('/account');
  await login.expectIntro();
  await page.goto('/no-such-screen');
  await login.expectIntro();

  await login.signUp(newEmail('routes'), GOOD_PASSWORD);
  await shell.expectAgenda();
  await page.goto('/no-such-screen');
  await shell.expectAgenda();
  await page.goto('/login');
  await shell.expectAgenda();
});

test('a revoked session (code 16) wipes the token and returns to /login', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await page.goto('/login');
  await login.signUp(newEmail('revoked'), GOOD_PASSWORD);
  await shell.expectAgenda();

  // Another device signs this session out: the server now answers 16 to this token.
  const token = await page.evaluate(() => localStorage.getItem('planner:1.3:token'));
  const revoke = await page.request.post('/api/RevokeSession', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(revoke.ok()).toBe(true);

  await page.goto('/account');
  await login.expectIntro();
  expect(await page.evaluate(() => localStorage.getItem('planner:1.3:token'))).toBeNull();
});

test('a session ended elsewhere ends on any screen by itself, and the login says why', async ({
  page,
}) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await page.goto('/login');
  await login.signUp(newEmail('ended-elsewhere'), GOOD_PASSWORD);
  await shell.expectAgenda();
  // Away from the agenda (which polls): the task list, reached by clicking.
  await shell.openDrawer();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Tasks' })
    .click();
  await expect(page).toHaveURL(/\/tasks$/);

  // Another device signs this session out; this one does nothing at all.
  const token = await page.evaluate(() => localStorage.getItem('planner:1.3:token'));
  const revoke = await page.request.post('/api/RevokeSession', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(revoke.ok()).toBe(true);

  // The event stream is refused when it reconnects: the session ends and the login says why.
  await login.expectIntro();
  await expect(
    page.getByText('You were signed out: this session was ended on another device'),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('planner:1.3:token'))).toBeNull();
});
