import { expect, test, type Page } from './fixtures';
import { AgendaApi, todayAt, ZONE } from './agenda-api';
import { AgendaPage } from './pages/agenda-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * Drag and drop in the week view, the scope question of a recurring event, and tips shown again
 * one at a time. The drag tests set the server clock to a Wednesday morning and never move it
 * on: they run in the clock lanes (playwright.config.ts), one test at a time. They also save
 * screenshots of the week view's drag and scope dialog for a person to look at.
 */
test.describe.configure({ mode: 'serial' });

const DAY = 24 * 60 * 60_000;

/**
 * `hours` after midnight of this week's Wednesday (Monday first), in Berlin. Wednesday to
 * Saturday are in one week whichever day the person's week starts on.
 */
function wednesdayAt(hours: number): number {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(
    Date.now(),
  );
  const index = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday);
  return todayAt(hours, Date.now() + (2 - index) * DAY);
}

/** Midnight of the day `days` after Wednesday (DST-safe: read from that day's own midnight). */
const dayStart = (days: number) => todayAt(0, wednesdayAt(12) + days * DAY);

async function screenshot(page: Page, name: string, project: string): Promise<void> {
  await saveShot(page, `agenda-drag-${name}-${project}`);
}

async function signedIn(page: Page, api: AgendaApi, label: string): Promise<AgendaPage> {
  await api.signUp(newEmail(label), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.signInPage(page);
  return new AgendaPage(page);
}

/**
 * How far apart two neighbouring day columns of the week in view are. Measured once drag and drop
 * has loaded: its layer then wraps the weeks, and React draws them anew, so a column measured
 * just before that may be gone from the page by the time its box is read.
 */
async function columnWidth(agenda: AgendaPage): Promise<number> {
  await agenda.dragReady();
  const first = await agenda.weekColumn(dayStart(0)).boundingBox();
  const second = await agenda.weekColumn(dayStart(1)).boundingBox();
  if (!first || !second) throw new Error('the week grid is not on screen');
  return second.x - first.x;
}

test('dragging a task block in the week view to another day locks it there @phone', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.setClock(wednesdayAt(8));
  const agenda = await signedIn(page, api, 'week-drag');
  // Deadlines fix the order: Write report is the current session, Review budget follows.
  await api.createTask('Write report', 60, { deadline: wednesdayAt(18) });
  await api.createTask('Review budget', 60, { deadline: wednesdayAt(19) });
  await agenda.goto(`/agenda/week/${wednesdayAt(12)}`);
  const wednesday = agenda.weekColumn(dayStart(0));
  const thursday = agenda.weekColumn(dayStart(1));
  await expect(
    wednesday.getByRole('button', { name: 'Review budget, 9:00 AM to 10:00 AM' }),
  ).toBeVisible();

  const review = wednesday.getByRole('button', { name: 'Review budget, 9:00 AM to 10:00 AM' });
  const across = await columnWidth(agenda);
  await agenda.longPressDrag(review, 2 * 48, {
    dx: across,
    whileDragging: async () => {
      await expect(page.getByTestId('week-drop-target')).toContainText('11:00 AM');
      await screenshot(page, 'week-drag', deviceOf(info));
    },
  });

  // A screen reader heard the block by its title.
  await expect(
    page.getByRole('status').filter({ hasText: 'Review budget dropped.' }),
  ).toBeAttached();
  // Locked on Thursday at 11:00; the plan re-flowed without it on Wednesday.
  await expect(
    thursday.getByRole('button', { name: 'Review budget, 11:00 AM to 12:00 PM, locked' }),
  ).toBeVisible({ timeout: 10_000 });
  await expect(wednesday.getByRole('button', { name: /^Review budget/ })).toHaveCount(0);
  await expect(page.getByTestId('week-drop-target')).toHaveCount(0);
});

test('dragging a recurring event asks which occurrences move; cancel leaves it @phone', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.setClock(wednesdayAt(8));
  const agenda = await signedIn(page, api, 'week-scope');
  const daily = { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 };
  await api.createEvent('Stand-up', wednesdayAt(10), wednesdayAt(10.5), {
    recurrenceRule: daily,
  });
  await agenda.goto(`/agenda/week/${wednesdayAt(12)}`);
  const column = (days: number) => agenda.weekColumn(dayStart(days));
  const at10 = { name: 'Stand-up, 10:00 AM to 10:30 AM' };
  const at11 = { name: 'Stand-up, 11:00 AM to 11:30 AM' };
  await expect(column(1).getByRole('button', at10)).toBeVisible();

  // Thursday's occurrence one hour later, same day: all three scopes are offered.
  await agenda.longPressDrag(column(1).getByRole('button', at10), 48);
  const scope = agenda.dialog('Change recurring item');
  await expect(scope).toContainText('Stand-up moves to Thursday');
  await expect(scope.getByRole('radio')).toHaveCount(3);
  await screenshot(page, 'week-scope', deviceOf(info));
  await scope.getByRole('radio', { name: 'This and following' }).check();
  await scope.getByRole('button', { name: 'Save' }).click();
  await expect(scope).toBeHidden();

  // Wednesday keeps 10:00; Thursday and the days after move to 11:00.
  await expect(column(1).getByRole('button', at11)).toBeVisible({ timeout: 10_000 });
  await expect(column(2).getByRole('button', at11)).toBeVisible();
  await expect(column(0).getByRole('button', at10)).toBeVisible();

  // Friday's occurrence to Saturday: the date changes, so "this and following" is not offered.
  const across = await columnWidth(agenda);
  await agenda.longPressDrag(column(2).getByRole('button', at11), 0, { dx: across });
  await expect(scope.getByRole('radio')).toHaveCount(2);
  await expect(scope.getByRole('radio', { name: 'This and following' })).toHaveCount(0);
  await scope.getByRole('button', { name: 'Cancel' }).click();
  await expect(scope).toBeHidden();
  await expect(page.getByTestId('week-drop-target')).toHaveCount(0);
  await expect(column(2).getByRole('button', at11)).toBeVisible();
  await expect(column(3).getByRole('button', at11)).toHaveCount(1);

  // This one only: Friday's occurrence moves to Saturday, Friday is left without one.
  await agenda.longPressDrag(column(2).getByRole('button', at11), 0, { dx: across });
  await scope.getByRole('radio', { name: 'This one' }).check();
  await scope.getByRole('button', { name: 'Save' }).click();
  await expect(column(2).getByRole('button', at11)).toHaveCount(0, { timeout: 10_000 });
  await expect(column(3).getByRole('button', at11)).toHaveCount(2);
});

test('one dismissed tip can be shown again on its own', async ({ page, baseURL }) => {
  const api = new AgendaApi(baseURL ?? '');
  const agenda = await signedIn(page, api, 'tips');
  await agenda.goto('/agenda/day');
  const empty = page.getByTestId('agenda-empty');
  await expect(empty).toBeVisible();
  await empty.getByRole('button', { name: 'Dismiss' }).click();
  await expect(empty).toBeHidden();

  await agenda.chooseMore('Tips');
  const tips = agenda.dialog('Tips');
  await expect(tips.getByRole('listitem')).toHaveCount(5);
  await expect(tips.getByRole('button', { name: /^Show “.+” again$/ })).toHaveCount(5);
  await tips.getByRole('button', { name: 'Show “Empty agenda” again' }).click();
  await expect(tips.getByRole('button', { name: 'Show “Empty agenda” again' })).toHaveCount(0);
  await expect(tips.getByRole('button', { name: /^Show “.+” again$/ })).toHaveCount(4);
  await tips.getByRole('button', { name: 'Close' }).click();

  // Only that tip is back, and it stays back: the server keeps the status (the page is read
  // again without the locally saved copy of the profile).
  await expect(empty).toBeVisible();
  await expect(page.getByTestId('tutorial-onboarding')).toHaveCount(0);
  await page.evaluate(() => localStorage.removeItem('planner:1.3:queryCache'));
  await agenda.goto('/agenda/day');
  await expect(empty).toBeVisible();
  await expect(page.getByTestId('tutorial-onboarding')).toHaveCount(0);
  const { user } = await api.call<{ user: { options: { tutorialStatus: string } } }>(
    'GetUserProfile',
  );
  expect(Object.keys(JSON.parse(user.options.tutorialStatus)).sort()).toEqual([
    'autoExtend',
    'firstTask',
    'focusView',
    'onboarding',
  ]);
});
