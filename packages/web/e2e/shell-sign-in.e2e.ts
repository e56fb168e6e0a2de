import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { pluginHeaders } from '../src/native/testing/plugin-headers';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { deviceOf, SHOTS_DIR } from './support';

/*
 * Google sign-in inside the Android shell, as far as Chromium can go: the page is made an Android
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
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `shell-sign-in-${name}-${device}.png`) });
}

/** The app inside the fake shell; answers the addresses its Browser.open calls ask for. */
async function openShellApp(page: Page): Promise<string[]> {
  const opened: string[] = [];
  await page.exposeFunction('__openSystemBrowser', (url: string) => {
    opened.push(url);
  });
  await page.addInitScript(fakeNativeScript());
  const login = new LoginPage(page);
  await login.goto();
  await login.openLogIn();
  return opened;
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
  const name = `shell-${randomUUID().slice(0, 8)}`;
  const loginField = browser.locator('input[name="login"]');
  await loginField.pressSequentially(name);
  await browser.locator('input[name="password"]').pressSequentially('any password');
  await browser.getByRole('button', { name: 'Sign-in' }).click();
  await browser.getByRole('button', { name: 'Continue' }).click();
  const back = browser.getByRole('link', { name: 'Return to Planner' });
  await expect(back).toBeVisible();
  await shoot(browser, 'return', device);
  const appLink = (await back.getAttribute('href')) ?? '';
  expect(appLink).toMatch(/^app\.planner:\/\/oauth\?state=[\w-]+&code=[\w-]{43}$/);
  await browser.close();

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
  await shoot(page, 'agenda', device);
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
  await shoot(page, 'cancelled', deviceOf(info));
});
