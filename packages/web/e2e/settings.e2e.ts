import { expect, test, type Page } from './fixtures';
import { AgendaApi, HOUR, ZONE } from './agenda-api';
import { AgendaPage } from './pages/agenda-page';
import { ShellPage } from './pages/shell-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * The settings screen, reached by clicks from the drawer. The rest windows are chosen around
 * the server's hour (this spec never moves the shared clock), so no block is running when they
 * change and every planned block must lie in the window that is left for work.
 */

const TASK = 'Write the settings guide';

function berlinHour(now: number): number {
  const hour = new Intl.DateTimeFormat('en-GB', {
    hour: 'numeric',
    hourCycle: 'h23',
    timeZone: ZONE,
  });
  return Number(hour.format(now));
}

/** A pattern of "9:00 AM" as the agenda writes an o'clock hour on a 12-hour clock (en-US). */
function twelveHour(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:00\\s?${hour < 12 ? 'AM' : 'PM'}`;
}

const hh = (hour: number) => String(hour).padStart(2, '0');

/** Types an o'clock time key by key into a rest field (12-hour account: hours, then AM or PM). */
async function typeTime(page: Page, field: string, hour: number): Promise<void> {
  const group = page.getByRole('group', { name: field });
  await group.getByRole('spinbutton', { name: 'Hours' }).focus();
  for (const key of hh(hour % 12 === 0 ? 12 : hour % 12)) await page.keyboard.press(key);
  for (const key of '00') await page.keyboard.press(key);
  await page.keyboard.press(hour < 12 ? 'A' : 'P');
  // Leaving the field saves the finished time.
  await page.getByRole('heading', { name: 'Rest' }).click();
}

async function openFromDrawer(page: Page, name: 'Settings' | 'Agenda'): Promise<void> {
  await new ShellPage(page).openDrawer();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
}

async function choose(page: Page, setting: RegExp, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: setting }).click();
  // Chosen by keyboard, as the list allows: a choice that resizes the page (zoom) cannot move
  // the option out from under a pointer mid-click.
  const item = page.getByRole('option', { name: option });
  await item.focus();
  await item.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
}

async function shoot(page: Page, device: string): Promise<void> {
  for (const group of ['general', 'rest', 'notifications', 'accessibility']) {
    const section = page.locator(`[data-settings-group="${group}"]`);
    await saveShot(section, `settings-${device}-${group}`);
  }
}

test('settings: rest window, clock, language, zoom and the zone picker', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const device = deviceOf(info);
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('settings'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  const hour = berlinHour(await api.advanceClock(0));
  // Work only from hour+3 to hour+4: now is rest, so nothing is running.
  const first = (hour + 3) % 24;
  const second = (hour + 6) % 24;
  const { options } = await api.call<{ options: Record<string, unknown> }>('GetUserOptions');
  await api.call('UpdateUserOptions', {
    fields: ['autoIdleStart', 'autoIdleEnd'],
    options: { ...options, autoIdleStart: ((first + 1) % 24) * HOUR, autoIdleEnd: first * HOUR },
  });
  await api.createTask(TASK, 45);

  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda');
  await expect(agenda.block(new RegExp(`^${TASK}, ${twelveHour(first)} to`))).toHaveCount(1);

  // The rest window, changed on the settings screen, re-plans the agenda (no reload).
  await openFromDrawer(page, 'Settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'General' })).toBeVisible();
  await saveShot(page, `settings-${device}-page`);
  await shoot(page, device);
  await typeTime(page, 'From', (second + 1) % 24);
  await typeTime(page, 'Until', second);
  await openFromDrawer(page, 'Agenda');
  await expect(agenda.block(new RegExp(`^${TASK}, ${twelveHour(second)} to`))).toHaveCount(1);
  await expect(agenda.blocksOf(TASK)).toHaveCount(1);

  // The 24-hour clock changes the agenda's times.
  await openFromDrawer(page, 'Settings');
  await choose(page, /^Clock/, /^24-hour/);
  await openFromDrawer(page, 'Agenda');
  await expect(agenda.block(new RegExp(`^${TASK}, 0?${second}:00 to`))).toHaveCount(1);

  // Language and zoom apply at once.
  await openFromDrawer(page, 'Settings');
  await choose(page, /^Language/, /^Deutsch$/);
  await expect(page.getByRole('heading', { name: 'Allgemein' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  await choose(page, /^Sprache/, /^English$/);
  await expect(page.getByRole('heading', { name: 'General' })).toBeVisible();
  await choose(page, /^Zoom/, /^125\s?%$/);
  const zoom = () =>
    page.evaluate(() => getComputedStyle(document.getElementById('root') ?? document.body).zoom);
  await expect.poll(zoom).toBe('1.25');
  // A list opens under its field, on the screen, with its text zoomed too (zooming the whole
  // page put every menu off the screen).
  const field = page.getByRole('combobox', { name: /^Zoom/ });
  const below = await field.boundingBox();
  await field.click();
  const list = await page.getByRole('listbox').boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(list && below && list.x >= 0 && list.x + list.width <= width).toBe(true);
  expect(Math.abs((list?.x ?? 0) - (below?.x ?? 0))).toBeLessThan(48);
  await page.keyboard.press('Escape');
  await choose(page, /^Zoom/, /^100\s?%$/);
  await expect.poll(zoom).toBe('1');

  // The zone picker: a territory, then its zones.
  const zoneButton = page.locator('[data-setting="timezone"]');
  for (const [territory, zone] of [
    ['Japan', 'Asia/Tokyo'],
    ['Germany', 'Europe/Berlin'],
  ] as const) {
    await zoneButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Country or region').fill(territory);
    await dialog.getByRole('button', { name: territory, exact: true }).click();
    if (zone === 'Europe/Berlin') {
      await saveShot(page, `settings-${device}-zone-picker`);
    }
    await dialog.locator(`[data-zone="${zone}"]`).click();
    await expect(dialog).toBeHidden();
    await expect(zoneButton).toHaveText(zone);
  }
  await expect
    .poll(
      async () =>
        (await api.call<{ options: { timezone: string } }>('GetUserOptions')).options.timezone,
    )
    .toBe('Europe/Berlin');
});

test('settings: the Planning group splits and spaces the plan on the agenda @phone', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('planning'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  const hour = berlinHour(await api.advanceClock(0));
  // Work only from hour+3 to hour+7: now is rest, so nothing is running when the plan changes.
  const first = (hour + 3) % 24;
  const { options } = await api.call<{ options: Record<string, unknown> }>('GetUserOptions');
  await api.call('UpdateUserOptions', {
    fields: ['autoIdleStart', 'autoIdleEnd'],
    options: { ...options, autoIdleStart: ((first + 4) % 24) * HOUR, autoIdleEnd: first * HOUR },
  });
  const task = 'Write the planning guide';
  await api.createTask(task, 180);

  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda');
  await expect(agenda.blocksOf(task)).toHaveCount(1);

  // At most an hour at a time, a quarter of an hour between: chosen on the settings screen.
  await openFromDrawer(page, 'Settings');
  const planning = page.locator('[data-settings-group="planning"]');
  await expect(planning.getByRole('heading', { name: 'Planning' })).toBeVisible();
  await choose(page, /^Longest block/, /^1 hr$/);
  await choose(page, /^Break between tasks/, /^15 min$/);
  await saveShot(planning, `settings-${device}-planning`);

  await openFromDrawer(page, 'Agenda');
  await expect(agenda.blocksOf(task)).toHaveCount(3);
  await expect(agenda.block(new RegExp(`^${task}, ${twelveHour(first)} to`))).toHaveCount(1);
  const next = (first + 1) % 24;
  const quarterPast = `${next % 12 === 0 ? 12 : next % 12}:15\\s?${next < 12 ? 'AM' : 'PM'}`;
  await expect(agenda.block(new RegExp(`^${task}, ${quarterPast} to`))).toHaveCount(1);
  await saveShot(page, `settings-${device}-planning-agenda`);
});
