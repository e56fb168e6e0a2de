import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AgendaApi, HOUR } from './agenda-api';
import { expect, expectAccessible, test, type Page, type TestInfo } from './fixtures';
import { deviceOf, GOOD_PASSWORD, newEmail, reveal } from './support';

/*
 * axe-core on every screen and dialog a person reaches by clicking, on a desktop and a phone:
 * no critical or serious violation (WCAG 2.0, 2.1, 2.2, A and AA). Each screen is checked where
 * it stands, so one failing screen does not hide the others (soft assertions). With
 * PLANNER_A11Y_REPORT set, the count per screen is appended to that file (the before/after table
 * of docs/accessibility.md).
 */

async function check(page: Page, info: TestInfo, screen: string): Promise<void> {
  const findings = await expectAccessible(page, screen);
  const report = process.env.PLANNER_A11Y_REPORT;
  if (!report) return;
  mkdirSync(dirname(report), { recursive: true });
  const elements = findings.reduce((sum, f) => sum + f.targets.length, 0);
  const rules = findings.map((f) => `${f.rule}(${f.impact[0]}${f.targets.length})`).join(' ');
  appendFileSync(
    report,
    `${deviceOf(info)}\t${screen}\t${findings.length}\t${elements}\t${rules}\n`,
  );
}

async function signedIn(
  page: Page,
  baseURL: string,
  label: string,
  locale = 'en',
): Promise<AgendaApi> {
  const api = new AgendaApi(baseURL);
  await api.signUp(newEmail(label), GOOD_PASSWORD, locale);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.signInPage(page);
  return api;
}

// The login screens in two walks: each full-page check takes its share of the test's time.
test('the login intro and the sign-up screen', { tag: '@phone' }, async ({ page }, info) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create account' }).waitFor();
  await check(page, info, 'login intro');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await check(page, info, 'sign-up');
});

test(
  'the log-in screen and its forgot-password dialog',
  { tag: '@phone' },
  async ({ page }, info) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await check(page, info, 'log-in');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, info, 'forgot password dialog');
  },
);

test('the agenda, its menus and dialogs', { tag: '@phone' }, async ({ page, baseURL }, info) => {
  test.setTimeout(180_000);
  const api = await signedIn(page, baseURL ?? '', 'a11y-agenda');
  await api.createTask('Write report', 60);
  await api.createTask('Read paper', 30);
  await api.createEvent('Team meeting', Date.now() + 26 * HOUR, Date.now() + 27 * HOUR);
  await page.goto('/agenda');
  const bar = page.getByTestId('control-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByRole('button', { name: /^Write report, / }).first()).toBeVisible();
  await check(page, info, 'agenda day');

  await page
    .getByRole('button', { name: /^Write report, / })
    .first()
    .click();
  await page.getByRole('menu').waitFor();
  await check(page, info, 'block menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menu').waitFor();
  await check(page, info, 'more actions menu');
  await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
  await page.getByRole('dialog').waitFor();
  await check(page, info, 'shortcuts dialog');
  await page.keyboard.press('Escape');

  const search = page.getByRole('searchbox').first();
  await reveal(search, page.getByRole('button', { name: 'Search tasks and events' }));
  await search.focus();
  await page.keyboard.type('Write');
  await expect(page.getByTestId('search-results').getByText('Write report')).toBeVisible();
  await check(page, info, 'search results');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('menuitem', { name: 'New task' }).waitFor();
  await check(page, info, 'create menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Focus mode' }).click();
  await page.getByRole('button', { name: 'Leave focus mode' }).waitFor();
  await check(page, info, 'focus view');
  await page.getByRole('button', { name: 'Leave focus mode' }).click();

  await page.getByRole('button', { name: /^View: / }).click();
  await page.getByRole('menuitem', { name: 'Week' }).click();
  await expect(page.getByTestId('week-grid')).toBeVisible();
  await check(page, info, 'agenda week');

  await reveal(
    page.getByRole('navigation', { name: 'Main menu' }),
    page.getByRole('button', { name: 'Open menu' }),
  );
  // On a phone the drawer is a modal dialog, and a dialog is named (axe's aria-dialog-name).
  if (deviceOf(info) === 'phone') {
    await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeVisible();
  }
  await check(
    page,
    info,
    deviceOf(info) === 'phone' ? 'drawer' : 'drawer (desktop, beside the agenda)',
  );
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menu').waitFor();
  await check(page, info, 'account menu');
});

test('the editors', { tag: '@phone' }, async ({ page, baseURL }, info) => {
  await signedIn(page, baseURL ?? '', 'a11y-editors');
  await page.goto('/tasks/create');
  await page.getByLabel('Title').first().waitFor();
  await check(page, info, 'task editor');
  await page.goto('/events/create');
  await page.getByLabel('Title').first().waitFor();
  await check(page, info, 'event editor');
  await page.goto('/reminders/create');
  await page.getByLabel('Title').first().waitFor();
  await check(page, info, 'reminder editor');
});

test(
  'the other screens of the drawer and the account',
  { tag: '@phone' },
  async ({ page, baseURL }, info) => {
    test.setTimeout(180_000);
    const api = await signedIn(page, baseURL ?? '', 'a11y-screens');
    await api.createTask('Write report', 60);
    const screens: [string, string, RegExp | string][] = [
      ['tasks', '/tasks', 'Write report'],
      ['analysis', '/analysis', /./],
      ['custom analysis', '/analysis/custom', /./],
      ['help', '/help', /./],
      ['feedback', '/feedback', /./],
      ['about', '/about', /./],
      ['settings', '/settings', /./],
      ['account', '/account', /./],
      ['premium', '/premium', /./],
      ['referral', '/referral', /./],
    ];
    for (const [name, path, text] of screens) {
      await page.goto(path);
      await expect(page.getByRole('main').or(page.locator('#root')).first()).toContainText(text);
      // Loaded: no spinner left (waiting for the network to be idle never ends beside the live
      // updates' connection).
      await expect(page.getByRole('progressbar', { name: /loading/i })).toHaveCount(0);
      await check(page, info, name);
    }
    await page.goto('/help');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Add tasks/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Add tasks' }).waitFor();
    await check(page, info, 'help article');
  },
);

/*
 * Every language lays the screens out anew: longer words wrap or crowd controls, and names must
 * still hold the visible text. The walks above run in English on both devices; here the screens
 * with the most controls (the agenda with its control bar, the task editor, the settings) are
 * checked in each other language, each language on one device: the long-worded ones on the
 * narrow phone, where they wrap first, the others on the desktop. Both layouts are read in
 * several languages, every language once. Waits read no text, so they hold in every language.
 */
const OTHER_LOCALES: [string, 'desktop' | 'phone'][] = [
  ['de', 'phone'],
  ['es', 'desktop'],
  ['fr', 'phone'],
  ['it', 'desktop'],
  ['pt', 'phone'],
  ['ru', 'phone'],
  ['ja', 'desktop'],
  ['ko', 'phone'],
  ['zh_cn', 'desktop'],
];

for (const [locale, device] of OTHER_LOCALES) {
  test.describe(() => {
    // Decided before the test's browser opens: the phone project runs only `@phone` tests, and
    // the desktop skips the languages the phone reads.
    test.skip(
      ({ isMobile }) => isMobile !== (device === 'phone'),
      `${locale} is read on the ${device}`,
    );
    test(
      `the agenda, the task editor and the settings in ${locale} on the ${device}`,
      device === 'phone' ? { tag: '@phone' } : {},
      async ({ page, baseURL }, info) => {
        const api = await signedIn(page, baseURL ?? '', `a11y-${locale}`, locale);
        await api.createTask('Write report', 60);
        await page.goto('/agenda');
        await expect(page.getByTestId('agenda-block').first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute(
          'lang',
          locale === 'zh_cn' ? 'zh-CN' : locale,
        );
        await check(page, info, `agenda (${locale})`);
        await page.goto('/tasks/create');
        await page.getByRole('textbox').first().waitFor();
        await check(page, info, `task editor (${locale})`);
        await page.goto('/settings');
        await page.getByRole('main').getByRole('heading').first().waitFor();
        await check(page, info, `settings (${locale})`);
      },
    );
  });
}
