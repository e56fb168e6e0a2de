import { expect, test } from './fixtures';
import { EditorsApi } from './pages/editors-api';
import { TaskEditorPage } from './pages/task-editor-page';

test.describe('categories', () => {
  test('a name is required, and a free account meets the limit dialog at its second own category', async ({
    page,
  }) => {
    const api = await EditorsApi.signUp(page, 'categories');
    const before = (await api.categories()).length;
    const editor = new TaskEditorPage(page);
    await editor.gotoNew('Practice piano');
    await editor.categoryField.click();
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter a category name')).toBeVisible();
    expect(await api.categories()).toHaveLength(before);

    await expect(dialog.getByRole('radio')).toHaveCount(16 + 171);
    await expect(dialog.locator('[data-icon="label"]')).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Music');
    await dialog.locator('[data-color="Purple-500"]').click();
    await dialog.locator('[data-icon="music_note"]').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.categoryField).toContainText('Music');
    const music = (await api.categories()).find((c) => c.title === 'Music');
    expect(music).toMatchObject({ color: 'Purple-500', icon: 'music_note' });

    await editor.categoryField.click();
    await page.getByRole('button', { name: 'New category' }).click();
    await page
      .getByRole('dialog', { name: 'New category' })
      .getByRole('textbox', { name: 'Name' })
      .fill('Sport');
    await page
      .getByRole('dialog', { name: 'New category' })
      .getByRole('button', { name: 'Save' })
      .click();
    const limit = page.getByRole('dialog', { name: 'Premium only' });
    await expect(limit).toBeVisible();
    await expect(limit).toContainText(
      'You have reached the number of categories your plan allows.',
    );
    expect((await api.categories()).map((c) => c.title)).not.toContain('Sport');
    await limit.getByRole('button', { name: 'Upgrade now' }).click();
    await expect(page).not.toHaveURL(/tasks\/create/);
  });
});
