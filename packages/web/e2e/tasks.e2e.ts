import { expect, test } from './fixtures';
import { EditorsApi } from './pages/editors-api';
import { TaskEditorPage } from './pages/task-editor-page';
import { TasksListPage } from './pages/tasks-page';

test.describe('tasks', () => {
  test('create, edit and delete a task; undo of the delete brings it back', async ({ page }) => {
    const api = await EditorsApi.signUp(page, 'tasks');
    const list = new TasksListPage(page);
    const editor = new TaskEditorPage(page);
    await list.goto();
    await expect(page.getByText('No tasks yet')).toBeVisible();

    await page.getByRole('link', { name: 'Add a task' }).click();
    await expect(page.getByRole('heading', { name: 'New task' })).toBeVisible();
    // Editors hide the app bar and drawer of the shell.
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await editor.title.fill('Write the report');
    await editor.chooseCategory('Work');
    await editor.save.click();

    await expect(page).toHaveURL(/\/tasks$/);
    // The only open task is planned now, so it is the one being done.
    await expect(list.section('doing')).toContainText('Write the report');
    const work = (await api.categories()).find((c) => c.title === 'Work');
    await api.call('PutTask', {
      task: {
        title: 'Book flights',
        category: { id: work?.id },
        timeScheduled: 3_600_000,
        deadline: -1,
      },
    });
    await page.reload();
    await expect(list.section('todo')).toContainText('To do (1)');
    await expect(list.section('todo')).toContainText('Book flights');

    await list.task('Write the report').click();
    await expect(editor.title).toHaveValue('Write the report');
    await editor.title.fill('Write the final report');
    await editor.title.press('Enter');
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(list.task('Write the final report')).toBeVisible();
    expect((await api.tasks()).map((t) => t.title).sort()).toEqual([
      'Book flights',
      'Write the final report',
    ]);

    await list.task('Write the final report').click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(list.task('Write the final report')).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(list.task('Write the final report')).toBeVisible();
    await page.waitForTimeout(5500);
    expect(await api.tasks()).toHaveLength(2);

    await list.task('Write the final report').click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(list.task('Write the final report')).toHaveCount(0);
    await expect.poll(async () => (await api.tasks()).length, { timeout: 10_000 }).toBe(1);
  });

  test('a new task starts in a category, so Save never stops for lack of one', async ({ page }) => {
    const api = await EditorsApi.signUp(page, 'nocategory');
    const editor = new TaskEditorPage(page);
    await editor.gotoNew('Call the bank');
    await expect(editor.title).toHaveValue('Call the bank');
    // Preselected (the guess, the last used, or the first): never the empty "Choose" state.
    await expect(editor.categoryField).not.toContainText('Choose a category');
    const shown = (await editor.categoryField.innerText()).trim();
    await editor.save.click();
    await expect(page.getByText('Please choose a category')).toHaveCount(0);
    await expect(page).not.toHaveURL(/\/tasks\/create/);
    await expect
      .poll(async () => (await api.tasks()).map((task) => task.title))
      .toEqual(['Call the bank']);
    const titles = (await api.categories()).map((category) => category.title);
    expect(titles.some((title) => shown.includes(title))).toBe(true);
  });

  test('checklist rules: the adding item stays, cleared items go, empty ones are dropped, drag reorders, edits save after 3 s', async ({
    page,
  }) => {
    const api = await EditorsApi.signUp(page, 'checklist');
    const editor = new TaskEditorPage(page);
    await editor.gotoNew('Pack for the trip');
    await editor.chooseCategory('Personal');

    await editor.addChecklistItem('Passport');
    await editor.addChecklistItem('Charger');
    await editor.addChecklistItem('Boots');
    await expect(editor.checklistInputs()).toHaveCount(3);
    await expect(editor.addingItem()).toHaveCount(1);

    await editor.checklistInputs().nth(1).fill('');
    await expect(editor.checklistInputs()).toHaveCount(2);
    await expect(editor.checklistInputs().nth(1)).toHaveValue('Boots');

    // Keyboard drag: pick up Boots, move it up one place, drop it.
    await page.getByRole('button', { name: 'Drag to reorder: Boots' }).focus();
    // The move waits until the pick-up has registered, so a busy machine cannot lose it.
    const handle = page.getByRole('button', { name: 'Drag to reorder: Boots' });
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // A screen reader hears the item by its text and where it is, not an id.
    const heard = (text: string) => page.getByRole('status').filter({ hasText: text });
    await expect(heard('Boots is at position 2 of 2.')).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(heard('Boots is at position 1 of 2.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
    await expect(heard('Boots dropped at position 1 of 2.')).toBeAttached();
    await expect(editor.checklistInputs().nth(0)).toHaveValue('Boots');

    await editor.save.click();
    await expect(page).not.toHaveURL(/create/);
    const [saved] = await api.tasks();
    expect(saved?.checklist?.map((item) => item.content)).toEqual(['Boots', 'Passport']);

    // On an existing task a checklist change saves by itself 3 s after the last edit.
    await page.goto(`/task/${encodeURIComponent(saved?.id ?? '')}`);
    await page.getByRole('checkbox', { name: 'Done: Passport' }).check();
    await expect
      .poll(
        async () =>
          (await api.tasks())[0]?.checklist?.find((i) => i.content === 'Passport')?.done ?? false,
        {
          timeout: 8000,
        },
      )
      .toBe(true);
  });
});
