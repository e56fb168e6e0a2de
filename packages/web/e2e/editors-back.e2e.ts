import { expect, test, type Page } from './fixtures';
import { EditorsApi } from './pages/editors-api';
import { TaskEditorPage } from './pages/task-editor-page';
import { TasksListPage } from './pages/tasks-page';

/** The browser's own Back button (not the screen's). */
async function browserBack(page: Page): Promise<void> {
  await page.evaluate(() => window.history.back());
}

test.describe("the browser's Back button on editors", () => {
  test('asks to discard unsaved changes, and leaves at once when there are none', async ({
    page,
  }) => {
    const api = await EditorsApi.signUp(page, 'back');
    const list = new TasksListPage(page);
    const editor = new TaskEditorPage(page);
    await list.goto();
    await page.getByRole('link', { name: 'Add a task' }).click();
    await expect(page.getByRole('heading', { name: 'New task' })).toBeVisible();

    await editor.title.fill('Renew the lease');
    await browserBack(page);
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await expect(page).toHaveURL(/\/tasks\/create/);
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(editor.title).toHaveValue('Renew the lease');

    // Asked again after keeping the edits; Discard then goes back to the list.
    await browserBack(page);
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    expect(await api.tasks()).toEqual([]);

    // Saved: Save goes back to the list (the guard entry is not left behind).
    await page.getByRole('link', { name: 'Add a task' }).click();
    await editor.title.fill('Renew the lease');
    await editor.chooseCategory('Personal');
    await editor.save.click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(list.task('Renew the lease')).toBeVisible();

    // Unchanged: one Back leaves.
    await list.task('Renew the lease').click();
    await expect(editor.title).toHaveValue('Renew the lease');
    await browserBack(page);
    await expect(page).toHaveURL(/\/tasks$/);

    // Changed, then changed back: nothing to lose, one Back leaves.
    await list.task('Renew the lease').click();
    await editor.title.fill('Renew the lease!');
    await editor.title.fill('Renew the lease');
    await browserBack(page);
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(discard).toHaveCount(0);
  });

  test('the event screen asks too, and the screen Back button after it', async ({ page }) => {
    await EditorsApi.signUp(page, 'backevent');
    await page.goto('/agenda');
    await page.goto('/events/create');
    await page.getByRole('textbox', { name: 'Title' }).fill('Lunch');
    await browserBack(page);
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/agenda/);
    await expect(page.getByRole('heading', { name: 'New event' })).toHaveCount(0);
  });
});
