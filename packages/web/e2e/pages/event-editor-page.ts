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

  /** Opens an event's screen (a test lands on it as a link from elsewhere would). */
  async open(route: string): Promise<void> {
    await this.page.goto(route);
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
    // Saved once the app has left the event's address: leaving is a chain of history moves (the
    // unsaved-changes guard's entry popped, then the way back), and a page.goto begun before its
    // end is aborted by the browser. The heading's going was not a sure sign of that end.
    await expect(this.page).not.toHaveURL((url) => url.pathname.startsWith('/event/'));
    return offered;
  }
}
