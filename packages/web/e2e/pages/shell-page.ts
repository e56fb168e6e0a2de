import { expect, type Page } from '@playwright/test';
import { reveal } from '../support';

/** The signed-in app: app bar, drawer, the agenda's empty state, the account menu. */
export class ShellPage {
  constructor(readonly page: Page) {}

  async expectAgenda(email?: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/agenda/);
    await expect(this.page.getByTestId('agenda-empty')).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'Your agenda is clear' })).toBeVisible();
    if (email) {
      await this.openAccountMenu();
      await expect(this.page.getByRole('menu')).toContainText(email);
      await this.page.keyboard.press('Escape');
    }
  }

  async openAccountMenu(): Promise<void> {
    await this.page.getByRole('button', { name: 'Account menu' }).click();
  }

  async openDrawer(): Promise<void> {
    await reveal(
      this.page.getByRole('navigation', { name: 'Main menu' }),
      this.page.getByRole('button', { name: 'Open menu' }),
    );
  }

  async logOut(): Promise<void> {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
