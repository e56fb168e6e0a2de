import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures';
import { AgendaApi } from './agenda-api';
import { deviceOf, GOOD_PASSWORD, newEmail, reveal, saveShot } from './support';
import { runDataDir } from './run-data';

/*
 * Help and feedback, reached by clicks from the drawer in one tab: the lists, an article, a
 * link between articles, the FAQ, every article, the tutorial started again in the agenda, and
 * the feedback form's checks and thank-you.
 */

async function shoot(page: Page, name: string, device: string): Promise<void> {
  await saveShot(page, `help-${name}-${device}`, { fullPage: true });
}

const DRAWER_EN = { openMenu: 'Open menu', mainMenu: 'Main menu', entry: 'Help & feedback' };
const DRAWER_DE = { openMenu: 'Menü öffnen', mainMenu: 'Hauptmenü', entry: 'Hilfe & Feedback' };

async function openHelpFromDrawer(page: Page, labels = DRAWER_EN): Promise<void> {
  // On a phone the drawer opens from the app bar; on a desktop it is always there.
  await expect(page.getByRole('banner')).toBeVisible();
  const drawer = page.getByRole('navigation', { name: labels.mainMenu });
  await reveal(drawer, page.getByRole('button', { name: labels.openMenu }));
  await drawer.getByRole('link', { name: labels.entry }).click();
  await expect(page).toHaveURL(/\/help$/);
}

async function signedIn(page: Page, baseURL: string | undefined, label: string) {
  const api = new AgendaApi(baseURL ?? '');
  const email = newEmail(label);
  await api.signUp(email, GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.signInPage(page);
  await page.goto('/agenda');
  await expect(page.getByTestId('agenda-empty')).toBeVisible();
  return { api, email };
}

const help = (page: Page) => page.getByRole('main');

test('help: lists, an article and its links, the FAQ, all articles, the tutorial again @phone', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  await signedIn(page, baseURL, 'help');
  await expect(page.getByTestId('tutorial-onboarding')).toHaveCount(0);

  await openHelpFromDrawer(page);
  await expect(help(page).getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expect(help(page).getByRole('heading', { name: 'Tips' })).toBeVisible();
  await shoot(page, 'help-index', device);

  // A getting-started article, then a link inside it to another article.
  await help(page)
    .getByRole('link', { name: /^Add tasks/ })
    .click();
  await expect(page).toHaveURL(/\/help\/add-tasks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add tasks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What a task holds' })).toBeVisible();
  await expect(page.getByText('from 5 minutes to 72 hours')).toBeVisible();
  await page.getByRole('link', { name: 'How the plan is made' }).click();
  await expect(page).toHaveURL(/\/help\/how-the-plan-is-made$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How the plan is made' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Which task comes first' })).toBeVisible();
  await shoot(page, 'help-article', device);

  await page.getByRole('link', { name: 'Back to help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await help(page)
    .getByRole('link', { name: /^Frequently asked questions/ })
    .click();
  await expect(page).toHaveURL(/\/help\/faq$/);
  await expect(
    page.getByRole('heading', { name: 'Why is no work planned in the evening or at night?' }),
  ).toBeVisible();
  await shoot(page, 'help-faq', device);

  // Back in the browser's history, then every article.
  await page.goBack();
  await expect(page).toHaveURL(/\/help$/);
  await help(page)
    .getByRole('link', { name: /^All articles/ })
    .click();
  await expect(page).toHaveURL(/\/help\/articles$/);
  await help(page)
    .getByRole('link', { name: /^Categories and plans/ })
    .click();
  await expect(page.getByRole('table')).toContainText('Open tasks planned at once');
  await page.getByRole('link', { name: 'Back to help' }).click();

  // Restart the tutorial: the agenda shows the welcome tour again.
  await help(page)
    .getByRole('button', { name: /^Restart the tutorial/ })
    .click();
  await expect(page).toHaveURL(/\/agenda/);
  await expect(page.getByTestId('tutorial-onboarding')).toContainText('Welcome to your agenda');
});

test('help: an unknown article says so and leads back', async ({ page, baseURL }) => {
  await signedIn(page, baseURL, 'help-missing');
  // An old or mistyped link is the only way here, so the address is typed.
  await page.goto('/help/no-such-article');
  await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
  await expect(page.getByText('There is no help article called “no-such-article”.')).toBeVisible();
  await help(page).getByRole('link', { name: 'Back to help' }).last().click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(help(page).getByRole('heading', { name: 'Getting started' })).toBeVisible();
});

test('help: in German the lists, the FAQ and the articles are German', async ({
  page,
  baseURL,
}) => {
  const { api } = await signedIn(page, baseURL, 'help-de');
  const { options } = await api.call<{ options: Record<string, unknown> }>('GetUserOptions');
  await api.call('UpdateUserOptions', {
    fields: ['locale'],
    options: { ...options, locale: 'de' },
  });
  await page.evaluate(() => localStorage.setItem('planner:1.3:locale', 'de'));
  await page.goto('/agenda');
  await expect(page.getByTestId('agenda-empty')).toBeVisible();
  await openHelpFromDrawer(page, DRAWER_DE);
  await expect(help(page).getByRole('heading', { name: 'Erste Schritte' })).toBeVisible();
  await help(page)
    .getByRole('link', { name: /^Häufige Fragen/ })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Wie sehe ich die Einführung noch einmal?' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'So entsteht der Plan' }).click();
  await expect(page.getByRole('heading', { name: 'Welche Aufgabe zuerst kommt' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('feedback: checks the comment and the e-mail, then thanks and goes back', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const { email } = await signedIn(page, baseURL, 'feedback');
  await openHelpFromDrawer(page);
  await help(page)
    .getByRole('link', { name: /^Send feedback/ })
    .click();
  await expect(page).toHaveURL(/\/feedback$/);
  // The sub-page layout: no drawer, a way back.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  const emailField = page.getByRole('textbox', { name: 'Your e-mail' });
  const comment = page.getByRole('textbox', { name: 'Your feedback' });
  await expect(emailField).toHaveValue(email);
  await shoot(page, 'feedback-form', device);

  const send = page.getByRole('button', { name: 'Send' });
  await send.click();
  await expect(page.getByText('Please write your feedback')).toBeVisible();

  await emailField.clear();
  await emailField.pressSequentially('me@home');
  const words = 'The week view helps me a lot. Could reminders get colours too?';
  await comment.pressSequentially(words);
  await expect(page.getByText('Please write your feedback')).toHaveCount(0);
  await send.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await shoot(page, 'feedback-errors', device);

  await emailField.clear();
  await emailField.pressSequentially('reply@example.com');
  await send.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you for your feedback!' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/help$/);

  // The server mails feedback to FEEDBACK_TO (playwright.config.ts): the mail is in its outbox.
  const team = process.env.PLANNER_E2E_FEEDBACK_TO ?? '';
  const outbox = join(runDataDir(), 'outbox');
  expect(team).not.toBe('');
  await expect
    .poll(async () => {
      const files = (await readdir(outbox).catch(() => [])).filter((f) => f.includes(team));
      const mails = await Promise.all(
        // The text is quoted-printable: long lines carry soft breaks ("=" at the end).
        files.map(async (f) => (await readFile(join(outbox, f), 'utf8')).replace(/=\n/g, '')),
      );
      return mails.some(
        (m) =>
          m.includes(`Account e-mail: ${email}`) &&
          m.includes('Reply to: reply@example.com') &&
          m.includes(words),
      );
    })
    .toBe(true);
});
