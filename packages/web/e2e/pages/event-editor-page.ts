import { expect, type Locator, type Page } from '@playwright/test';

/** The event screen. */
export class EventEditorPage {
  readonly title: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('textbox', { name: 'Title' });
    this.save = page.getByRole('button', { name: 'Save', exact: true });
  }

  async gotoNew(title = ''): Promise<void> {
    await this.page.goto(
      title ? `/events/create?title=${encodeURIComponent(title)}` : '/events/create',
    );
    await expect(this.page.getByRole('heading', { name: 'New event' })).toBeVisible();
  }

  async chooseCategory(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Category' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Choose a category' });
    await dialog.getByRole('button', { name, exact: true }).first().click();
    await expect(dialog).toBeHidden();
  }

  async chooseInSelect(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /**
   * Opens an event's screen. Leaving an editor after a save is a short chain of history moves
   * (the unsaved-changes guard entry is popped, then the app navigates); a page.goto that starts
   * while the last of them is still settling is aborted by the browser, so it is tried again.
   */
  async open(route: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.page.goto(route);
        return;
      } catch (error) {
        if (attempt >= 3 || !String(error).includes('ERR_ABORTED')) throw error;
      }
    }
  }

  /** Saves; when the scope question comes, answers it. */
  async saveWithScope(
    scope?: 'This one' | 'This and following' | 'All of them',
  ): Promise<string[]> {
    await this.save.click();
    if (!scope) return [];
    const dialog = this.page.getByRole('dialog', { name: 'Change recurring item' });
    await expect(dialog).toBeVisible();
    const offered = await dialog
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((r) => r.closest('label')?.textContent ?? ''));
    await dialog.getByRole('radio', { name: scope }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Saved once the screen has left (a page.goto racing its way back would be aborted).
    await expect(this.page.getByRole('heading', { name: 'Event', exact: true })).toHaveCount(0);
    return offered;
  }
}
