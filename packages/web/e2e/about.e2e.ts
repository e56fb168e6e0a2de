import { expect, test, type Page } from './fixtures';
import { AgendaApi } from './agenda-api';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { setUserFlag } from './run-database';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * The About page, the debug menu and the hidden API chooser, reached by clicks. The server runs
 * with CLOUD_CONFIG from playwright.config.ts (social links, the developer jump).
 *
 * debugEnabled has no API on purpose: an operator sets it in the database. The tests do the
 * same, with SQL on the run's SQLite file (the browser tests always run on SQLite).
 */

const JUMP_PASSWORD = 'open sesame';

function markDebugEnabled(email: string): void {
  setUserFlag(email, 'debug_enabled', 1);
}

async function shoot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `about-${name}-${device}`, { animations: 'disabled' });
}

async function signedIn(page: Page, baseURL: string, label: string) {
  const api = new AgendaApi(baseURL);
  const email = newEmail(label);
  await api.signUp(email, GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  return { api, email };
}

/** Opens the drawer once the shell shows (the permanent drawer, or the phone's menu button). */
async function openDrawer(page: Page): Promise<void> {
  const drawer = page.getByRole('navigation', { name: 'Main menu' });
  await expect(drawer.or(page.getByRole('button', { name: 'Open menu' }))).toBeVisible();
  await new ShellPage(page).openDrawer();
}

async function openFromDrawer(page: Page, name: string): Promise<void> {
  await openDrawer(page);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole(name === 'Debug' ? 'button' : 'link', { name })
    .click();
}

async function tapVersion(page: Page, times: number): Promise<void> {
  const version = page.getByTestId('about-version');
  for (let i = 0; i < times; i += 1) await version.click();
}

test('about: version, social links, legal documents and the licences of the build', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const { api } = await signedIn(page, baseURL ?? '', 'about');
  await api.signInPage(page);
  await page.goto('/agenda');

  await openDrawer(page);
  const drawer = page.getByRole('navigation', { name: 'Main menu' });
  // Every entry leads somewhere: no disabled "coming soon" entries, no Debug for this account.
  await expect(drawer.getByText('Coming soon')).toHaveCount(0);
  await expect(drawer.locator('[aria-disabled="true"], .Mui-disabled')).toHaveCount(0);
  await expect(drawer.getByRole('link', { name: 'Help & feedback' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Debug' })).toHaveCount(0);
  await shoot(page, 'drawer', device);
  await drawer.getByRole('link', { name: 'About' }).click();

  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByTestId('about-version')).toHaveText('Version 1.3.143');
  const social = page.getByRole('region', { name: 'Follow us' });
  await expect(social.getByRole('link', { name: 'Planner on X' })).toHaveAttribute(
    'href',
    'https://x.com/planner',
  );
  await expect(social.getByRole('link', { name: 'Planner on GitHub' })).toBeVisible();
  await shoot(page, 'page', device);

  // Twenty quick taps do nothing for an account without debugEnabled.
  await tapVersion(page, 20);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  const legal = page.getByRole('dialog', { name: 'Privacy Policy' });
  await expect(legal.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await legal.getByRole('button', { name: 'Close' }).click();
  await expect(legal).toBeHidden();

  await page.getByRole('button', { name: 'Open-source licences' }).click();
  const licences = page.getByRole('dialog', { name: 'Open-source licences' });
  const react = licences.locator('[data-licence="react"]');
  await expect(react).toContainText(/react \d+\.\d+\.\d+/);
  await expect(react).toContainText('MIT');
  await expect(licences).toContainText(/Open-source packages in this version: \d{2,}/);
  await react.getByRole('button').click();
  await expect(react.locator('pre')).toContainText('Permission is hereby granted');
  await licences.getByLabel('Filter by package or licence').pressSequentially('i18next');
  await expect(licences.locator('[data-licence="i18next"]')).toBeVisible();
  await expect(react).toHaveCount(0);
  await shoot(page, 'licences', device);
});

test('debug menu: twenty taps for a debugEnabled account, versions, the jump, the drawer entry', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const { api, email } = await signedIn(page, baseURL ?? '', 'debug');
  markDebugEnabled(email);
  await api.signInPage(page);
  await page.goto('/agenda');

  await openFromDrawer(page, 'About');
  await expect(page).toHaveURL(/\/about$/);
  // Nineteen taps, a pause: the count starts again, so nineteen more do not open it either.
  await tapVersion(page, 19);
  await page.waitForTimeout(1200);
  await tapVersion(page, 19);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForTimeout(1200);
  await tapVersion(page, 20);

  const menu = page.getByRole('dialog', { name: 'Debug menu' });
  await expect(menu.getByTestId('version-app')).toHaveText('1.3.143');
  await expect(menu.getByTestId('version-api')).toHaveText('1.3.143');
  await expect(menu.getByTestId('version-algorithm')).toHaveText(/^\d+/);
  await expect(menu.getByTestId('api-current')).toContainText('Local');
  await shoot(page, 'debug-menu', device);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await menu.getByRole('button', { name: 'Copy session info' }).click();
  await expect(menu.getByRole('status')).toHaveText(/^Copied to the clipboard/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toMatchObject({ appVersion: '1.3.143', debugEnabled: true });
  expect(copied).not.toContain(api.token);
  expect(copied).not.toContain(email);

  const password = menu.getByLabel('Password');
  await password.pressSequentially('open sesam');
  await menu.getByRole('button', { name: 'Go' }).click();
  await expect(menu.getByText('Wrong password.')).toBeVisible();
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect(menu).toBeHidden();

  // The drawer has a Debug entry for this account; it opens the same menu.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/agenda/);
  await openDrawer(page);
  await shoot(page, 'drawer-debug', device);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Debug' })
    .click();
  await expect(menu).toBeVisible();
  await menu.getByLabel('Password').pressSequentially(JUMP_PASSWORD);
  await menu.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(/\/help$/);
});

test('debug menu: another server signs out; the login page chooser switches back', async ({
  page,
  baseURL,
}, info) => {
  const { api, email } = await signedIn(page, baseURL ?? '', 'server');
  markDebugEnabled(email);
  await api.signInPage(page);
  await page.goto('/agenda');
  await openFromDrawer(page, 'Debug');
  const menu = page.getByRole('dialog', { name: 'Debug menu' });

  // A custom address must be http(s); one that does not answer changes nothing.
  await menu.getByRole('radio', { name: /Custom address/ }).check();
  const address = menu.getByLabel('Server address');
  await address.pressSequentially('ftp://example.com');
  await menu.getByRole('button', { name: 'Use this server' }).click();
  await expect(menu.getByText(/Enter an http:\/\/ or https:\/\/ address/)).toBeVisible();
  await address.clear();
  await address.pressSequentially('http://127.0.0.1:9/api');
  await menu.getByRole('button', { name: 'Use this server' }).click();
  await expect(menu.getByText('That server did not answer. Nothing was changed.')).toBeVisible();
  await menu.getByRole('button', { name: 'Use this server' }).scrollIntoViewIfNeeded();
  await shoot(page, 'developer-unreachable', deviceOf(info));

  // The same server under its full address answers Meta: taken, and the session ends.
  await address.clear();
  await address.pressSequentially(`${baseURL}/api`);
  await menu.getByRole('button', { name: 'Use this server' }).click();
  const login = new LoginPage(page);
  await login.expectIntro();
  const stored = await page.evaluate(() => localStorage.getItem('planner:1.3:apiEndpoint'));
  expect(JSON.parse(stored ?? '{}')).toEqual({ endpoint: 'custom', baseUrl: `${baseURL}/api` });
  expect(await page.evaluate(() => localStorage.getItem('planner:1.3:token'))).toBeNull();

  // The login screen's hidden chooser: ten clicks on the analysis title, then its text.
  await openLoginChooser(page);
  const chooser = page.getByRole('dialog', { name: 'Developer options' });
  await expect(chooser.getByTestId('api-current')).toContainText(`Custom address (${baseURL}/api)`);
  await chooser.getByRole('radio', { name: /Local/ }).check();
  await chooser.getByRole('button', { name: 'Use this server' }).click();
  await expect(chooser.getByText('Switched. Sign in to continue on that server.')).toBeVisible();
  await expect(chooser.getByTestId('api-current')).toContainText('Local (/api)');
  await chooser.getByRole('button', { name: 'Close' }).click();

  await login.logIn(email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/agenda/);

  // Diagnostics: clearing local data signs out and keeps this device's choices.
  await openFromDrawer(page, 'Debug');
  await menu.getByRole('button', { name: 'Clear local data and sign out' }).click();
  await login.expectIntro();
  const kept = await page.evaluate(() => ({
    token: localStorage.getItem('planner:1.3:token'),
    server: localStorage.getItem('planner:1.3:apiEndpoint'),
  }));
  expect(kept).toEqual({ token: null, server: '{"endpoint":"local","baseUrl":"/api"}' });
});

async function openLoginChooser(page: Page): Promise<void> {
  // The carousel moves on by itself every few seconds, except for people who prefer reduced
  // motion: ten clicks on a busy machine outlasted the slide (the gesture landed on the next).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: 'Show slide 4 of 4' }).click();
  const slide = page.locator('[data-slide="analysis"]');
  const title = slide.getByRole('heading', { name: 'See where time goes' });
  for (let i = 0; i < 10; i += 1) await title.click();
  await slide.getByText(/Every finished block becomes a record/).click();
}

test('login: the hidden API chooser opens only by the full gesture', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const login = new LoginPage(page);
  await login.goto();
  // The text alone, or after too few clicks on the title, opens nothing.
  await page.getByRole('button', { name: 'Show slide 4 of 4' }).click();
  const slide = page.locator('[data-slide="analysis"]');
  const title = slide.getByRole('heading', { name: 'See where time goes' });
  for (let i = 0; i < 9; i += 1) await title.click();
  await slide.getByText(/Every finished block becomes a record/).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await openLoginChooser(page);
  const chooser = page.getByRole('dialog', { name: 'Developer options' });
  await expect(chooser.getByTestId('api-current')).toContainText('Local (/api)');
  // Named servers are offered only with an address (CLOUD_CONFIG names a test server only).
  await expect(chooser.getByRole('radio')).toHaveCount(3);
  await expect(chooser.getByRole('radiogroup')).toContainText(`Test${baseURL}/api`);
  await expect(chooser.getByLabel('Password')).toBeVisible();
  await shoot(page, 'login-chooser', device);
});

test('the account language is applied after sign-in on a fresh device', async ({
  page,
  baseURL,
}) => {
  const api = new AgendaApi(baseURL ?? '');
  const email = newEmail('locale');
  await api.call('CreateUser', {
    email,
    password: GOOD_PASSWORD,
    options: { autoExtend: false, locale: 'de' },
  });
  const login = new LoginPage(page);
  await login.goto();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await login.logIn(email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/agenda/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The drawer on a desktop, its menu button on a phone: in German either way.
  await expect(
    page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .or(page.getByRole('button', { name: 'Menü öffnen' })),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('planner:1.3:locale'))).toBe('de');
});

test('the account language is applied on a start with a session @phone', async ({
  page,
  baseURL,
}) => {
  const api = new AgendaApi(baseURL ?? '');
  const { authToken } = await api.call<{ authToken: string }>('CreateUser', {
    email: newEmail('locale-start'),
    password: GOOD_PASSWORD,
    options: { autoExtend: false, locale: 'ja' },
  });
  api.token = authToken;
  await api.signInPage(page);
  await page.goto('/agenda');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  expect(await page.evaluate(() => localStorage.getItem('planner:1.3:locale'))).toBe('ja');
});
