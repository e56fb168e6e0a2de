import { expect, type Locator, type Page } from '@playwright/test';

/** The /tasks list. */
export class TasksListPage {
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search tasks' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/tasks');
    await expect(this.page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();
  }

  section(id: 'doing' | 'todo' | 'done'): Locator {
    return this.page.locator(`[data-section="${id}"]`);
  }

  task(title: string): Locator {
    return this.page.getByRole('link').filter({ hasText: title });
  }
}
