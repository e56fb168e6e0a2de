import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EditorsApi, eventRoute } from './pages/editors-api';
import { TaskEditorPage } from './pages/task-editor-page';

// Screens of the task list and the editors, to look at (not compared pixel by pixel). They land
// in the test output folder, and also in EDITORS_SCREENS_DIR when it is set.
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  const file = testInfo.outputPath(`editors-${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  const folder = process.env.EDITORS_SCREENS_DIR;
  if (folder) {
    mkdirSync(folder, { recursive: true });
    copyFileSync(file, join(folder, `editors-${name}-${testInfo.project.name}.png`));
  }
}

test('screens of the task list and the editors', async ({ page }, testInfo) => {
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

  const editor = new TaskEditorPage(page);
  await editor.gotoNew('Call the bank');
  await editor.save.click();
  await shoot(page, testInfo, 'task-new-category-required');
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
  await shoot(page, testInfo, 'event-new');
  const [event] = await api.eventInstances(now, now + 2 * day);
  if (event) {
    await page.goto(eventRoute(event));
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Design review');
    await shoot(page, testInfo, 'event');
  }

  await page.goto(`/reminders/create?start=${now + day}`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Renew passport');
  await shoot(page, testInfo, 'reminder-new');
});
