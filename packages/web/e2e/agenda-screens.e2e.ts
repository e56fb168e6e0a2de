import { expect, test } from './fixtures';
import { AgendaApi, HOUR, MINUTE, todayAt } from './agenda-api';
import { AgendaPage } from './pages/agenda-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot, TAKES_SHOTS } from './support';

/*
 * Screenshots of the day and week views with a realistic day in them, for a person to look at
 * (agenda-{day,menu,dialog,focus,week}-{desktop,phone}.png in the shots folder). The walk is for
 * its pictures, so a run that takes none (CI) skips it.
 */
test.skip(!TAKES_SHOTS, 'a walk for its screenshots: this run takes none (PLANNER_E2E_SHOTS=0)');

async function seedRealisticDay(api: AgendaApi): Promise<void> {
  await api.setClock(todayAt(-24 + 9));
  await api.signUp(newEmail('screens'), GOOD_PASSWORD);
  await api.call('UpdateUser', { name: 'Alex Morgan' });
  const { categories } = await api.call<{ categories: { id: string }[] }>('GetCategories');
  const [work, personal, study, health] = categories.map((c) => ({ id: c.id }));
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  const weekdays = { freq: 'WEEKLY', interval: 1, byDay: 'MO,TU,WE,TH,FR', until: 0, count: 0 };
  await api.createEvent('Team stand-up', todayAt(-24 + 9.5), todayAt(-24 + 9.75), {
    category: work,
    recurrenceRule: weekdays,
  });
  await api.createEvent('Lunch with Sam', todayAt(12.5), todayAt(13.5), { category: personal });
  await api.createEvent('Design review', todayAt(15), todayAt(16), {
    category: work,
    travelTop: 10 * MINUTE,
  });
  await api.createEvent('Yoga class', todayAt(18.5), todayAt(19.5), {
    category: health,
    travelTop: 15 * MINUTE,
    travelBottom: 15 * MINUTE,
  });
  await api.createEvent('1:1 with Priya', todayAt(24 + 10), todayAt(24 + 10.5), { category: work });
  await api.createEvent('Dentist', todayAt(48 + 14), todayAt(48 + 15), {
    category: health,
    travelTop: 20 * MINUTE,
  });
  await api.createEvent('Sprint planning', todayAt(72 + 13), todayAt(72 + 15), { category: work });
  await api.createEvent('Conference', todayAt(96), todayAt(120), { category: work, allDay: true });
  await api.createTask('Write quarterly report', 240, {
    deadline: todayAt(48 + 18),
    category: work,
  });
  await api.createTask('Answer customer emails', 45, { category: work });
  await api.createTask('Prepare slides for Monday', 150, {
    category: work,
    deadline: todayAt(96 + 9),
  });
  await api.createTask('Read the API proposal', 60, { category: study });
  await api.createTask('Plan the offsite', 90, { category: personal });
  await api.createTask('Book dentist appointment', 15, { category: health });
  await api.createTask('Spanish homework', 45, { category: study });
  await api.createTask('Refactor billing module', 300, { category: work });
  await api.createTask('Review pull requests', 60, { category: work });
  await api.createTask('Tax documents', 120, { category: personal, deadline: todayAt(24 * 5) });
  for (const step of [0.75, 1.5, 1.25, 2]) {
    await api.advanceClock(step * HOUR);
    await api.call('Next');
  }
  await api.call('Pause');
  await api.call('CreateReminder', {
    reminder: {
      title: 'Water the plants',
      start: todayAt(-48),
      allDay: true,
      timezone: 'Europe/Berlin',
    },
  });
  await api.setClock(todayAt(9));
  await api.call('Pause');
  await api.advanceClock(50 * MINUTE);
  await api.call('Next');
  await api.advanceClock(45 * MINUTE);
  await api.call('CreateReminder', {
    reminder: {
      title: 'Call the bank',
      start: todayAt(0),
      allDay: true,
      timezone: 'Europe/Berlin',
    },
  });
  await api.call('CreateReminder', {
    reminder: {
      title: 'Pick up parcel',
      start: todayAt(17.5),
      allDay: false,
      star: true,
      timezone: 'Europe/Berlin',
    },
  });
  const { tasks } = await api.call<{ tasks: { id: string }[] }>('GetTasks', {
    status: 'unconfirmed',
  });
  if (tasks.length > 0) {
    await api.call('PutMultipleTasks', {
      req: tasks.map((t) => ({ task: { id: t.id, isCompleted: true }, fields: ['isCompleted'] })),
    });
  }
}

test('day and week views with a realistic day', async ({ page, baseURL }, info) => {
  test.setTimeout(120_000);
  const api = new AgendaApi(baseURL ?? '');
  await seedRealisticDay(api);
  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda/day');
  await expect(page.locator('[data-current]').first()).toBeVisible();
  await saveShot(page, `agenda-day-${deviceOf(info)}`);
  await page.locator('[data-current]').first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  await saveShot(page, `agenda-menu-${deviceOf(info)}`);
  await page.getByRole('menuitem', { name: 'Mark as done' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await saveShot(page, `agenda-dialog-${deviceOf(info)}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await agenda.control('Focus mode').click();
  await expect(page.getByTestId('focus-view')).toBeVisible();
  await saveShot(page, `agenda-focus-${deviceOf(info)}`);
  await page.keyboard.press('Escape');
  await agenda.goto('/agenda/week');
  await expect(page.getByTestId('week-grid').getByTestId('week-block').first()).toBeVisible();
  await saveShot(page, `agenda-week-${deviceOf(info)}`);
});
