import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { pluginHeaders } from '../src/native/testing/plugin-headers';
import { AgendaPage } from './pages/agenda-page';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { AgendaApi } from './agenda-api';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

const GCAL = `http://127.0.0.1:${process.env.PLANNER_E2E_GCAL_PORT}`;

/*
 * Google sign-in and Google Calendar's consent inside the Android shell, as far as Chromium
 * can go: the page is made an Android
 * WebView (Capacitor's real native-bridge.js over a fake of the native side at its
 * `androidBridge` edge), the Browser plugin's `open` hands the address to the test, which plays
 * the system browser in a second page through the real OpenID provider, and the link the flow
 * ends at (app.planner://oauth?...) comes back to the app as the App plugin's `appUrlOpen`.
 */

const nativeBridgeSource = readFileSync(
  createRequire(import.meta.url).resolve(
    '@capacitor/android/capacitor/src/main/assets/native-bridge.js',
  ),
  'utf8',
);

/** What the fake native side answers (anything else answers {}). */
const ANSWERS: Record<string, unknown> = {
  'Device.getInfo': { platform: 'android', osVersion: '14', model: 'Pixel 8' },
  'App.getInfo': { version: '1.3.143', build: '1' },
  'App.getLaunchUrl': {},
  'PlannerNative.capabilities': { nativeVersion: '1.3.143 (1)', appleCalendar: false },
  'PlannerNative.takePendingRoutes': { routes: [] },
  'LocalNotifications.checkPermissions': { display: 'granted' },
  'LocalNotifications.getPending': { notifications: [] },
};

/** Runs in the page before the app: the native side's edge, then Capacitor's own script. */
function fakeNativeScript(): string {
  const headers = pluginHeaders();
  const edge = `
    (() => {
      const answers = ${JSON.stringify(ANSWERS)};
      const listeners = {};
      const calls = [];
      window.__native = { calls, listeners };
      window.Capacitor = { PluginHeaders: ${JSON.stringify(headers)} };
      const reply = (message) => setTimeout(() => window.Capacitor.fromNative(message), 0);
      window.androidBridge = {
        postMessage(json) {
          const { pluginId, methodName, options, callbackId } = JSON.parse(json);
          calls.push({ pluginId, methodName, options });
          const key = pluginId + ':' + (options && options.eventName);
          if (methodName === 'addListener') {
            (listeners[key] = listeners[key] || []).push(callbackId);
            return;
          }
          if (methodName === 'removeListener')
            listeners[key] = (listeners[key] || []).filter((id) => id !== options.callbackId);
          if (pluginId === 'Browser' && methodName === 'open') window.__openSystemBrowser(options.url);
          const data = answers[pluginId + '.' + methodName] || {};
          reply({ callbackId, pluginId, methodName, success: true, data });
        },
      };
      window.__emitNative = (pluginId, eventName, data) => {
        for (const callbackId of listeners[pluginId + ':' + eventName] || [])
          reply({ callbackId, pluginId, methodName: 'addListener', success: true, data });
      };
    })();
  `;
  return `${edge}\n${nativeBridgeSource}`;
}

async function shoot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `shell-${name}-${device}`);
}

/** Makes the page a shell's WebView; answers the addresses its Browser.open calls ask for. */
async function asShell(page: Page): Promise<string[]> {
  const opened: string[] = [];
  await page.exposeFunction('__openSystemBrowser', (url: string) => {
    opened.push(url);
  });
  await page.addInitScript(fakeNativeScript());
  return opened;
}

/** The app inside the fake shell, at its log-in form. */
async function openShellApp(page: Page): Promise<string[]> {
  const opened = await asShell(page);
  const login = new LoginPage(page);
  await login.goto();
  await login.openLogIn();
  return opened;
}

/** The Google stand-in's pages in the "system browser": any login and password, then consent. */
async function throughGoogle(browser: Page, login: string): Promise<void> {
  await browser.locator('input[name="login"]').pressSequentially(login);
  await browser.locator('input[name="password"]').pressSequentially('any password');
  await browser.getByRole('button', { name: 'Sign-in' }).click();
  await browser.getByRole('button', { name: 'Continue' }).click();
}

/** The link the flow's last page offers ("Return to Planner"), the browser closed after. */
async function returnLink(browser: Page, name: string, device: string): Promise<string> {
  const back = browser.getByRole('link', { name: 'Return to Planner' });
  await expect(back).toBeVisible();
  await shoot(browser, name, device);
  const link = (await back.getAttribute('href')) ?? '';
  await browser.close();
  return link;
}

function emitNative(page: Page, pluginId: string, eventName: string, data: object) {
  return page.evaluate(
    ([plugin, event, payload]) => {
      const emit = Reflect.get(window, '__emitNative') as (
        p: string,
        e: string,
        d: unknown,
      ) => void;
      emit(plugin as string, event as string, payload);
    },
    [pluginId, eventName, data] as const,
  );
}

test('Google inside the shell: the system browser signs in and the app link brings the person back signed in', async ({
  page,
  context,
}, info) => {
  const device = deviceOf(info);
  const opened = await openShellApp(page);
  await page.getByTestId('sign-in-google').click();
  await expect.poll(() => opened.length).toBe(1);
  const start = new URL(opened[0] ?? '');
  expect(start.pathname).toBe('/api/oauth/google/start');
  expect(start.searchParams.get('app_challenge')).toMatch(/^[\w-]{43}$/);

  // The system browser: the provider's login and consent, then our page with the app's link.
  const browser = await context.newPage();
  await browser.goto(start.href);
  await throughGoogle(browser, `shell-${randomUUID().slice(0, 8)}`);
  const appLink = await returnLink(browser, 'sign-in-return', device);
  expect(appLink).toMatch(/^app\.planner:\/\/oauth\?state=[\w-]+&code=[\w-]{43}$/);

  // The shell hands the link to the app, which trades the code and opens the agenda.
  await emitNative(page, 'App', 'appUrlOpen', { url: appLink });
  const shell = new ShellPage(page);
  await shell.expectAgenda();
  const closes = await page.evaluate(
    () =>
      (
        Reflect.get(window, '__native') as { calls: { pluginId: string; methodName: string }[] }
      ).calls.filter((c) => c.pluginId === 'Browser' && c.methodName === 'close').length,
  );
  expect(closes).toBe(1);
  await shoot(page, 'sign-in-agenda', device);
});

test('closing the system browser without signing in cancels, and the login screen stays usable', async ({
  page,
}, info) => {
  const opened = await openShellApp(page);
  await page.getByTestId('sign-in-google').click();
  await expect.poll(() => opened.length).toBe(1);
  await emitNative(page, 'Browser', 'browserFinished', {});
  await expect(page.getByTestId('social-error')).toHaveText('Sign-in was cancelled.');
  await expect(page.getByTestId('sign-in-google')).toBeEnabled();
  await shoot(page, 'sign-in-cancelled', deviceOf(info));
});

test('Google Calendar inside the shell: the consent runs in the system browser and the app link opens the calendar choice', async ({
  page,
  context,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const opened = await asShell(page);
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('shell-gcal'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'emptyAgenda');
  await api.signInPage(page);
  const login = `shell-cal-${randomUUID().slice(0, 8)}`;
  const control = await fetch(`${GCAL}/__control/accounts/${login}/calendars`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'team@group.calendar', summary: 'Team' }),
  });
  expect(control.ok).toBe(true);

  await new AgendaPage(page).goto('/agenda');
  await new ShellPage(page).openDrawer();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const google = page
    .locator('[data-settings-group="integrations"]')
    .getByTestId('google-calendar');
  await google.scrollIntoViewIfNeeded();
  await google.getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => opened.length).toBe(1);
  const start = new URL(opened[0] ?? '');
  expect(start.pathname).toBe('/api/oauth/google-calendar/start');

  const browser = await context.newPage();
  await browser.goto(start.href);
  await throughGoogle(browser, login);
  const appLink = await returnLink(browser, 'calendar-return', device);
  expect(appLink).toMatch(/^app\.planner:\/\/google-calendar\?state=[\w-]+&code=[\w-]{43}$/);

  await emitNative(page, 'App', 'appUrlOpen', { url: appLink });
  const dialog = page.getByTestId('calendar-selection-dialog');
  await expect(dialog).toContainText('Team');
  await expect(dialog).toContainText(`${login}@example.com`);
  await shoot(page, 'calendar-selection', device);
});
