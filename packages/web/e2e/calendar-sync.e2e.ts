import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './fixtures';
import { startRadicale, type RadicaleServer } from '../../server/src/testing/radicale';
import { AgendaApi, HOUR } from './agenda-api';
import { AgendaPage } from './pages/agenda-page';
import { ShellPage } from './pages/shell-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * Calendar sync from the web, the way a person sets it up: Settings › Integrations reached from
 * the drawer. Google goes through the real consent popup (a real OpenID provider stands in for
 * Google's pages) and a fake of the Calendar API's HTTP edge, whose data the test changes over
 * its control routes; CalDAV runs against a real Radicale on this machine. This spec never moves
 * the shared server clock: events are placed an hour or two after the server's now.
 */

const GCAL = `http://127.0.0.1:${process.env.PLANNER_E2E_GCAL_PORT}`;

async function shoot(target: Page | Locator, name: string, device: string): Promise<void> {
  // Transitions finished: a dialog mid-fade or a radio mid-grow is not what a person sees.
  await saveShot(target, `calendar-sync-${name}-${device}`, { animations: 'disabled' });
}

async function control(path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${GCAL}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function openFromDrawer(page: Page, name: 'Settings' | 'Agenda'): Promise<void> {
  await new ShellPage(page).openDrawer();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
}

/** A signed-up account in the agenda, tutorials done; answers the API and the server's now. */
async function signedIn(page: Page, baseURL: string | undefined, label: string) {
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail(label), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'emptyAgenda');
  const now = await api.advanceClock(0);
  await api.signInPage(page);
  await new AgendaPage(page).goto('/agenda');
  return { api, now };
}

/** The Google stand-in's pages: any login and password, then consent. */
async function consentAtGoogle(popup: Page, login: string, device?: string): Promise<void> {
  await popup.waitForLoadState();
  const loginField = popup.locator('input[name="login"]');
  await expect(loginField).toBeVisible();
  await loginField.pressSequentially(login);
  await popup.locator('input[name="password"]').pressSequentially('any password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  const consent = popup.getByRole('button', { name: 'Continue' });
  await expect(consent).toBeVisible();
  if (device) await shoot(popup, 'google-consent', device);
  await consent.click();
}

/** "10:00 AM"-style start of a block on the agenda (en-US, Berlin), as a pattern. */
function timeOf(ms: number): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  })
    .format(ms)
    .replace(/\s/gu, '\\s');
}

/** Whole hours after now, so the event is on today's or tomorrow's agenda either way. */
function slot(now: number, hoursAhead: number): { start: number; end: number } {
  const start = Math.ceil(now / HOUR) * HOUR + hoursAhead * HOUR;
  return { start, end: start + HOUR };
}

test('Google: connect from Settings, choose calendars with categories, see the event; an expired grant asks and disable turns sync off', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const device = deviceOf(info);
  const { now } = await signedIn(page, baseURL, 'gcal');
  const login = `cal-${randomUUID().slice(0, 8)}`;
  // The Google account's calendars: its primary one and "Team", with one meeting in Team.
  await control(`accounts/${login}/calendars`, { id: 'team@group.calendar', summary: 'Team' });
  const meeting = slot(now, 2);
  await control(`accounts/${login}/calendars/team@group.calendar/events`, {
    summary: 'Quarterly planning',
    start: { dateTime: new Date(meeting.start).toISOString() },
    end: { dateTime: new Date(meeting.end).toISOString() },
  });

  await openFromDrawer(page, 'Settings');
  const integrations = page.locator('[data-settings-group="integrations"]');
  const google = integrations.getByTestId('google-calendar');
  await google.scrollIntoViewIfNeeded();
  await expect(google).toContainText('Google Calendar');
  await shoot(integrations, 'settings', device);

  const popupOpened = page.waitForEvent('popup');
  await google.getByRole('button', { name: 'Connect' }).click();
  const popup = await popupOpened;
  await consentAtGoogle(popup, login, device);
  await expect.poll(() => popup.isClosed()).toBe(true);

  const dialog = page.getByTestId('calendar-selection-dialog');
  await expect(dialog).toContainText('Team');
  await expect(dialog).toContainText(`${login}@example.com`);
  await dialog.getByRole('switch', { name: 'Busy time from Team' }).check();
  await dialog.getByRole('combobox', { name: 'Category for Team' }).click();
  const options = page.getByRole('option');
  const second = (await options.allTextContents())[1] ?? '';
  await options.nth(1).click();
  await expect(dialog.getByRole('combobox', { name: 'Category for Team' })).toHaveText(second);
  await shoot(page, 'google-selection', device);
  await dialog.getByRole('button', { name: 'Save and sync' }).click();
  await expect(page.getByText('Calendars synced')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(google).toContainText(/Last synced/);

  await openFromDrawer(page, 'Agenda');
  const agenda = new AgendaPage(page);
  await expect(
    agenda.block(new RegExp(`^Quarterly planning, ${timeOf(meeting.start)}`)),
  ).toBeVisible({
    timeout: 15_000,
  });

  // Google stops accepting the grant: the next sync brings the prompt, which cannot be closed,
  // and does not say it synced (the first sync's toast is gone by then).
  await expect(page.getByText('Calendars synced')).toBeHidden();
  await control(`accounts/${login}/revoke`);
  await openFromDrawer(page, 'Settings');
  await google.getByRole('button', { name: 'Sync now' }).click();
  const prompt = page.getByTestId('google-expired-prompt');
  await expect(prompt).toContainText('Google Calendar needs you');
  await page.keyboard.press('Escape');
  await expect(prompt).toBeVisible();
  await expect(page.getByText('Calendars synced')).toHaveCount(0);
  await shoot(page, 'expired-prompt', device);
  await prompt.getByRole('button', { name: 'Disable sync' }).click();
  await expect(prompt).toBeHidden();
  await expect(google.getByRole('button', { name: 'Connect' })).toBeVisible();

  // The meeting left the agenda with the sync.
  await openFromDrawer(page, 'Agenda');
  await expect(agenda.controlBar).toBeVisible();
  await expect(agenda.blocksOf('Quarterly planning')).toHaveCount(0);
});

test.describe('CalDAV', () => {
  let radicale: RadicaleServer;
  const user = `ada-${randomUUID().slice(0, 6)}`;
  const password = 'app-pass-1234 5678';

  test.beforeAll(async () => {
    radicale = await startRadicale({ users: { [user]: password } });
    await radicale.createCalendar(user, 'work', { displayName: 'Work', color: '#d32f2f' });
    await radicale.createCalendar(user, 'plan', { displayName: 'Planner plan', color: '#1976d2' });
  });
  test.afterAll(async () => {
    await radicale.stop();
  });

  test('add an account typed key by key, a busy and a publish calendar, the event in the agenda', async ({
    page,
    baseURL,
  }, info) => {
    test.setTimeout(120_000);
    const device = deviceOf(info);
    const { api, now } = await signedIn(page, baseURL, 'caldav');
    const meeting = slot(now, 3);
    const stamp = (ms: number) =>
      new Date(ms).toISOString().replace(/[-:]/gu, '').slice(0, 15) + 'Z';
    const uid = `${device}-${randomUUID()}`;
    await radicale.putEvent(
      user,
      'work',
      uid,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//e2e//EN',
        'BEGIN:VEVENT',
        `UID:${uid}`,
        `DTSTAMP:${stamp(now)}`,
        `DTSTART:${stamp(meeting.start)}`,
        `DTEND:${stamp(meeting.end)}`,
        `SUMMARY:Radicale review ${device}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await api.createTask(`Draft the memo ${device}`, 30);

    await openFromDrawer(page, 'Settings');
    const caldav = page.getByTestId('caldav-accounts');
    await caldav.scrollIntoViewIfNeeded();
    await caldav.getByRole('button', { name: 'Add account' }).click();
    const add = page.getByTestId('caldav-account-dialog');
    await add.getByLabel(/Server address/).pressSequentially(radicale.url);
    await add.getByLabel(/User name/).pressSequentially(user);
    await add.getByLabel(/App password/).pressSequentially('wrong password');
    await shoot(page, 'caldav-dialog', device);
    await add.getByRole('button', { name: 'Connect' }).click();
    await expect(add.getByTestId('caldav-add-error')).toHaveText(
      'The server refused the user name or password.',
    );
    await add.getByLabel(/App password/).fill('');
    await add.getByLabel(/App password/).pressSequentially(password);
    await add.getByRole('button', { name: 'Connect' }).click();

    const selection = page.getByTestId('calendar-selection-dialog');
    await expect(selection).toContainText('Planner plan');
    await selection.getByRole('radio', { name: 'Publish my plan into Planner plan' }).check();
    await selection.getByRole('switch', { name: 'Busy time from Work' }).check();
    await shoot(page, 'caldav-selection', device);
    await selection.getByRole('button', { name: 'Save and sync' }).click();
    await expect(page.getByText('Calendars synced')).toBeVisible();
    const account = caldav.getByTestId('caldav-account');
    await expect(account).toContainText('1 busy calendar');
    await expect(account).toContainText('plan published to Planner plan');
    await expect(account).toContainText('last synced');
    await shoot(caldav, 'caldav-account', device);

    await openFromDrawer(page, 'Agenda');
    const agenda = new AgendaPage(page);
    await expect(
      agenda.block(new RegExp(`^Radicale review ${device}, ${timeOf(meeting.start)}`)),
    ).toBeVisible({ timeout: 15_000 });
    // The plan went the other way: the task's block is in the published calendar.
    await expect
      .poll(async () =>
        (await radicale.listObjects(user, 'plan')).some((o) =>
          o.ics.includes(`SUMMARY:Draft the memo ${device}`),
        ),
      )
      .toBe(true);
  });
});

test('ICS feed: create, copy, and a new address after a question', async ({
  page,
  baseURL,
  context,
}, info) => {
  const device = deviceOf(info);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedIn(page, baseURL, 'ics');
  await openFromDrawer(page, 'Settings');
  const feed = page.getByTestId('ics-feed');
  await feed.scrollIntoViewIfNeeded();
  await feed.getByRole('button', { name: 'Create feed' }).click();
  const url = feed.getByTestId('ics-url');
  await expect(url).toHaveValue(/\/ics\/.+\.ics$/);
  const first = await url.inputValue();
  await feed.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Feed address copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  // The feed answers iCalendar to anyone holding the address.
  const answer = await fetch(first);
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain('BEGIN:VCALENDAR');
  await shoot(feed, 'ics', device);

  await feed.getByRole('button', { name: 'New address' }).click();
  const confirm = page.getByTestId('ics-confirm-dialog');
  await expect(confirm).toContainText('The current address stops working');
  await confirm.getByRole('button', { name: 'New address' }).click();
  await expect(url).not.toHaveValue(first);
  await expect(url).toHaveValue(/\/ics\/.+\.ics$/);
  expect((await fetch(first)).status).toBe(404);
});

test('onboarding: the 5th step is calendar sync and leads to Integrations', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('onboarding-cal'), GOOD_PASSWORD);
  await api.signInPage(page);
  await new AgendaPage(page).goto('/agenda');
  const onboarding = page.getByTestId('tutorial-onboarding');
  await expect(onboarding).toContainText('Welcome to your agenda');
  for (let step = 0; step < 4; step += 1)
    await onboarding.getByRole('button', { name: 'Next' }).click();
  await expect(onboarding).toContainText('Bring your calendars');
  await expect(onboarding.getByRole('button', { name: 'Finish' })).toBeVisible();
  await shoot(page, 'onboarding-step', device);
  await onboarding.getByRole('button', { name: 'Connect a calendar' }).click();
  await expect(page).toHaveURL(/\/settings#integrations$/);
  await expect(page.locator('[data-settings-group="integrations"]')).toBeInViewport();
});
