import { expect, test } from './fixtures';
import { EditorsApi } from './pages/editors-api';

/*
 * An editor opened on an id that is not the person's (deleted, mistyped, or someone else's)
 * says so, with a way back, instead of an empty form.
 */
test('editors opened on a missing or foreign id say so and lead back', async ({
  page,
  browser,
}) => {
  // The owner of a task, on another device.
  const elsewhere = await browser.newContext();
  const owner = await EditorsApi.signUp(await elsewhere.newPage(), 'missing-owner');
  const [category] = await owner.categories();
  const { task } = await owner.call<{ task: { id: string } }>('PutTask', {
    task: { title: 'Private plans', category: { id: category?.id }, timeScheduled: 3_600_000 },
  });

  // Another person opens that task's address.
  await EditorsApi.signUp(page, 'missing-other');
  await page.goto(`/task/${encodeURIComponent(task.id)}`);
  await expect(page.getByText('This task does not exist anymore.')).toBeVisible();
  await expect(page.getByText('Private plans')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);

  const start = Date.UTC(2026, 10, 23, 9);
  await page.goto(`/event/missing/${start}/${start + 3_600_000}/0/false`);
  await expect(page.getByText('This event does not exist anymore.')).toBeVisible();
  await page.goto(`/reminders/missing/${start}`);
  await expect(page.getByText('This reminder does not exist anymore.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the agenda' }).click();
  await expect(page).toHaveURL(/\/agenda/);
  await elsewhere.close();
});
