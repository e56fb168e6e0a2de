import { expect, type Locator, type Page } from '@playwright/test';

/** The task screen and the category dialogs it opens. */
export class TaskEditorPage {
  readonly title: Locator;
  readonly save: Locator;
  readonly categoryField: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('textbox', { name: 'Title' });
    this.save = page.getByRole('button', { name: 'Save', exact: true });
    this.categoryField = page.getByRole('button', { name: 'Category' });
  }

  async gotoNew(title = ''): Promise<void> {
    await this.page.goto(
      title ? `/tasks/create?title=${encodeURIComponent(title)}` : '/tasks/create',
    );
    await expect(this.page.getByRole('heading', { name: 'New task' })).toBeVisible();
  }

  async chooseCategory(name: string): Promise<void> {
    await this.categoryField.click();
    const dialog = this.page.getByRole('dialog', { name: 'Choose a category' });
    await dialog.getByRole('button', { name, exact: true }).first().click();
    await expect(dialog).toBeHidden();
    await expect(this.categoryField).toContainText(name);
  }

  checklistInputs(): Locator {
    return this.page.getByRole('textbox', { name: 'Checklist item' });
  }

  addingItem(): Locator {
    return this.page.getByRole('textbox', { name: 'Add an item' });
  }

  async addChecklistItem(text: string): Promise<void> {
    await this.addingItem().fill(text);
  }
}
