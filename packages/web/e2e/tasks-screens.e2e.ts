import { expect, test, type Page, type TestInfo } from './fixtures';
import { EditorsApi, eventRoute } from './pages/editors-api';
import { TaskEditorPage } from './pages/task-editor-page';
import { saveShot } from './support';

// Screens of the task list and the editors, to look at (not compared pixel by pixel). They land
// in the shots folder (e2e/support.ts).
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = `editors-${name}-${testInfo.project.name}`;
  await saveShot(page, file);
}

test('screens of the task list and the editors @phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const api = await EditorsApi.signUp(page, 'screens');
  const categories = await api.categories();
  const id = (title: string) => categories.find((c) => c.title === title)?.id ?? '';
  const day = 86_400_000;
  const tasks = [
    {
      title: 'Prepare the quarterly review',
      category: 'Work',
      hours: 3,
      deadline: Date.now() + 2 * day,
    },
    { title: 'Read two chapters', category: 'Study', hours: 1.5, deadline: -1 },
    { title: 'Book the dentist', category: 'Health', hours: 0.25, deadline: Date.now() + 5 * day },
    { title: 'Plan the weekend trip', category: 'Personal', hours: 2, deadline: -1 },
  ];
  for (const task of tasks) {
    await api.call('PutTask', {
      task: {
        title: task.title,
        category: { id: id(task.category) },
        timeScheduled: task.hours * 3_600_000,
        deadline: task.deadline,
        note: '**Agenda**\n\n- numbers\n- risks',
        checklist: [
          { id: 'a', content: 'Draft', done: true, sort: 0 },
          { id: 'b', content: 'Review', done: false, sort: 1 },
        ],
      },
    });
  }
  await page.goto('/tasks');
  await expect(page.locator('[data-section="todo"]')).toBeVisible();
  await shoot(page, testInfo, 'tasks-list');

  await page.getByRole('link').filter({ hasText: 'Read two chapters' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Read two chapters');
  await expect(page.getByTestId('task-trend')).toBeVisible();
  await shoot(page, testInfo, 'task');
  await page.getByRole('switch', { name: 'Completed' }).click();
  await expect(page.getByRole('dialog', { name: 'Mark as done?' })).toBeVisible();
  await shoot(page, testInfo, 'task-mark-done');
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByRole('switch', { name: 'Completed' })).toBeChecked();
  await page.getByRole('switch', { name: 'Completed' }).click();
  await expect(page.getByRole('dialog', { name: 'Reopen the task?' })).toBeVisible();
  await shoot(page, testInfo, 'task-reopen');
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Title' }).fill('Read three chapters');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Discard your changes?' })).toBeVisible();
  await shoot(page, testInfo, 'discard');
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/tasks$/);

  const editor = new TaskEditorPage(page);
  await editor.gotoNew('Call the bank');
  // A new task starts in a category (guessed, last used or first): Save never stops for lack of one.
  await expect(editor.categoryField).not.toContainText('Choose a category');
  await shoot(page, testInfo, 'task-new-category-preselected');
  await editor.categoryField.click();
  await shoot(page, testInfo, 'category-select');
  await page.getByRole('button', { name: 'New category' }).click();
  await page
    .getByRole('dialog', { name: 'New category' })
    .getByRole('textbox', { name: 'Name' })
    .fill('Music');
  await shoot(page, testInfo, 'category-edit');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  const now = Date.now();
  await api.call('CreateEvent', {
    event: {
      title: 'Design review',
      start: now + 2 * 3_600_000,
      end: now + 3 * 3_600_000,
      category: { id: id('Work') },
      travelTop: 900_000,
      notifications: [900_000],
      recurrenceRule: { freq: 'WEEKLY', interval: 1, byDay: '', until: 0, count: 6 },
    },
  });
  await page.goto('/events/create?title=Lunch%20with%20Sam');
  await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible();
  await shoot(page, testInfo, 'event-new');
  // The time picker open (a dialog on a phone), with its 12-hour clock.
  if (testInfo.project.name === 'phone') {
    // A touch screen opens the picker from a tap on the field.
    await page.getByRole('group', { name: 'Start time' }).click();
  } else {
    await page
      .getByRole('button', { name: /^Choose time/u })
      .first()
      .click();
  }
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, testInfo, 'event-time-picker');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Category' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a category' })
    .getByRole('button', { name: 'Personal', exact: true })
    .first()
    .click();
  await page.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Weekly', exact: true }).click();
  await shoot(page, testInfo, 'event-new-weekly');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).not.toHaveURL(/events\/create/);

  const event = (await api.eventInstances(now, now + 2 * day)).find(
    (e) => e.title === 'Design review',
  );
  if (event) {
    await page.goto(eventRoute(event));
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Design review');
    await shoot(page, testInfo, 'event');
    await page.getByRole('textbox', { name: 'Title' }).fill('Design review (long)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Change recurring item' })).toBeVisible();
    await shoot(page, testInfo, 'event-scope');
    await page.keyboard.press('Escape');
  }
  await api.call('CreateEvent', {
    event: {
      title: 'Hackathon',
      start: now + 3 * 3_600_000,
      end: now + 30 * 3_600_000,
      category: { id: id('Work') },
    },
  });
  const hackathon = (await api.eventInstances(now, now + 3 * day)).find(
    (e) => e.title === 'Hackathon',
  );
  if (hackathon) {
    await page.goto(eventRoute(hackathon));
    await page.getByRole('textbox', { name: 'Title' }).fill('Hackathon 2025');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Save a long event?' })).toBeVisible();
    await shoot(page, testInfo, 'event-long');
    await page.keyboard.press('Escape');
  }

  await page.goto(`/reminders/create?start=${now + day}`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Renew passport');
  await shoot(page, testInfo, 'reminder-new');
  await page.getByRole('switch', { name: 'All day' }).click();
  await page.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Monthly', exact: true }).click();
  await page.getByRole('combobox', { name: 'Ends' }).click();
  await page.getByRole('option', { name: 'After a number of times', exact: true }).click();
  await shoot(page, testInfo, 'reminder-timed-repeat');
});
