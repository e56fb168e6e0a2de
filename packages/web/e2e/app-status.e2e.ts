import { expect, test, type Page, type Request } from './fixtures';
import { AgendaApi } from './agenda-api';
import { ShellPage } from './pages/shell-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * App visibility and error reports (docs/app-status.md). The page's visibility is switched by
 * stubbing document.visibilityState and sending visibilitychange, as a browser does when the tab
 * is hidden; the time away passes on the page's clock (Playwright's clock), the one the app
 * measures it with. The server's clock is left alone, so nothing but the 10-minute rule can make
 * the agenda load its timeline again on return.
 */

async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => next === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

const isCall = (method: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === `/api/${method}`;

/** The same account signed in on another device, asking whether the page's device shows the app. */
async function otherDevice(baseURL: string, email: string): Promise<() => Promise<boolean>> {
  const other = new AgendaApi(baseURL);
  other.token = (
    await other.call<{ authToken: string }>('CreateSession', { email, password: GOOD_PASSWORD })
  ).authToken;
  return async () =>
    Boolean((await other.call<{ active?: boolean }>('GetUserActiveStatus')).active);
}

test('hidden and shown again: the server hears it, and a long absence reloads the timeline', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = new AgendaApi(baseURL ?? '');
  const email = newEmail('visibility');
  await api.signUp(email, GOOD_PASSWORD);
  const othersShowing = await otherDevice(baseURL ?? '', email);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname.slice('/api/'.length));
  });

  await page.clock.install();
  await api.signInPage(page);
  const saidShown = page.waitForRequest(isCall('GetUserActiveStatus'));
  await page.goto('/agenda');
  await new ShellPage(page).expectAgenda();
  await saidShown;
  await expect.poll(othersShowing).toBe(true);

  // Hidden: OnAppInactive goes out, and the other device no longer sees this one.
  const saidInactive = page.waitForRequest(isCall('OnAppInactive'));
  await setVisibility(page, 'hidden');
  await saidInactive;
  await expect.poll(othersShowing).toBe(false);

  // Back after 2 minutes: the timeline state is asked, the timeline is not loaded again.
  await page.clock.fastForward('02:00');
  calls.length = 0;
  const stateAsked = page.waitForResponse((response) =>
    isCall('GetTimelineState')(response.request()),
  );
  await setVisibility(page, 'visible');
  await stateAsked;
  await expect.poll(othersShowing).toBe(true);
  await page.waitForTimeout(1_000);
  expect(calls).not.toContain('GetTimeline');

  // Back after 11 minutes: the agenda loads its timeline again.
  await setVisibility(page, 'hidden');
  await page.clock.fastForward('11:00');
  calls.length = 0;
  const reloaded = page.waitForResponse((response) => isCall('GetTimeline')(response.request()));
  await setVisibility(page, 'visible');
  await reloaded;
  expect(calls).toContain('GetUserActiveStatus');
  await new ShellPage(page).expectAgenda();
});

test('an uncaught error reaches the server masked; a screen that fails to load says so', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('errors'), GOOD_PASSWORD);
  await api.signInPage(page);
  await page.goto('/agenda');
  const shell = new ShellPage(page);
  await shell.expectAgenda();

  const logged = page.waitForRequest(isCall('CreateFrontendLog'));
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error(
        'Saving {"title":"Visit the clinic","note":"room 4"} failed for ann@example.com',
      );
    });
  });
  // The body is protobuf: its strings are there as UTF-8.
  const report = (await logged).postDataBuffer()?.toString('utf8') ?? '';
  expect(report).toContain('Error: Saving {"title":"***","note":"***"} failed for ***');
  expect(report).toContain('/agenda');
  for (const secret of ['Visit the clinic', 'room 4', 'ann@example.com']) {
    expect(report).not.toContain(secret);
  }

  // The settings screen's code cannot be fetched.
  await page.route(/\/assets\/SettingsPage-[\w-]+\.js$/, (route) => route.abort());
  const chunkReported = page.waitForRequest(
    (request) =>
      isCall('CreateFrontendLog')(request) &&
      (request.postDataBuffer()?.toString('utf8') ?? '').includes('Loading SettingsPage failed'),
  );
  await shell.openDrawer();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('This screen could not be loaded');
  await expect(notice.getByRole('button', { name: 'Try again' })).toBeVisible();
  await chunkReported;
  await saveShot(page, `app-status-chunk-failed-${deviceOf(info)}`);

  // Try again fetches the screen anew once the network is back.
  await page.unroute(/\/assets\/SettingsPage-[\w-]+\.js$/);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' }).first()).toBeVisible();
});

test('a change waiting to be saved goes out as soon as the app is hidden', async ({
  page,
  baseURL,
}) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('flush'), GOOD_PASSWORD);
  await page.clock.install();
  await api.signInPage(page);
  await page.goto('/agenda');
  const shell = new ShellPage(page);
  await shell.expectAgenda();
  await shell.openDrawer();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await page.getByRole('combobox', { name: /^Clock/ }).click();
  const option = page.getByRole('option', { name: /^24-hour/ });
  await expect(option).toBeVisible();

  // Time stands still: the 300 ms save timer cannot fire, only the hiding can send the change.
  await page.clock.pauseAt(Date.now() + 60_000);
  const saved = page.waitForRequest(isCall('UpdateUserOptions'));
  await option.click();
  await page.waitForTimeout(1_000);
  await setVisibility(page, 'hidden');
  await saved;
  await page.clock.resume();
  await expect
    .poll(
      async () =>
        (await api.call<{ options?: { timeFormat?: string } }>('GetUserOptions')).options
          ?.timeFormat,
    )
    .toBe('24-hour clock');
});
