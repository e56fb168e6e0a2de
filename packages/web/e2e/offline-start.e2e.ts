import { expect, test, type Page } from './fixtures';
import { AgendaApi } from './agenda-api';
import { issueShot } from './issue28-shots';
import { ShellPage } from './pages/shell-page';
import { TaskEditorPage } from './pages/task-editor-page';
import { deviceOf, GOOD_PASSWORD, newEmail } from './support';

// The service worker is what this file tests (the others run without it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/*
 * Issue 28, item 8: offline right after a normal start. The app loads, while online, what an
 * offline edit needs (the categories, the editors' code and strings), so a new task made offline
 * waits to be sent instead of stopping at "Please choose a category", even when the connection
 * went before the service worker controlled the page.
 */

type Task = { title: string; category?: { id: string } };

/**
 * The agenda, then the warm-up's requests answered: the categories, the task lists (to do and
 * done) and the task editor's code.
 */
async function startOnline(page: Page): Promise<void> {
  // A request is told by its method and, for the task lists, the status it asks for (the
  // agenda asks GetTasks for other things too).
  const answered = (method: string, status = '') =>
    page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/${method}`) &&
        r.ok() &&
        (status === '' || (r.request().postDataBuffer()?.includes(status) ?? false)),
    );
  const categories = answered('GetCategories');
  const taskLists = Promise.all([answered('GetTasks', 'todo'), answered('GetTasks', 'done')]);
  const editorCode = page.waitForResponse((r) => /\/TaskEditorPage[^/]*\.js$/.test(r.url()));
  const panelCode = page.waitForResponse((r) => /\/OfflinePanel[^/]*\.js$/.test(r.url()));
  await page.goto('/agenda');
  await expect(page.getByTestId('control-bar')).toBeVisible();
  await Promise.all([categories, taskLists, editorCode, panelCode]);
}

async function newTaskOffline(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Create' }).first().click();
  await page.getByRole('menuitem', { name: 'New task' }).click();
  const editor = new TaskEditorPage(page);
  await expect(page.getByRole('heading', { name: 'New task' })).toBeVisible();
  await editor.title.pressSequentially(title);
  // A category is there without asking: the first of the cached list for a new account.
  await expect(editor.categoryField).toContainText('Work');
  await editor.save.click();
  await expect(page).toHaveURL(/\/agenda/);
  await expect(page.getByTestId('offline-status')).toContainText('1 change waiting to be sent');
}

async function savedTask(api: AgendaApi, title: string): Promise<Task | undefined> {
  const { tasks } = await api.call<{ tasks: Task[] }>('GetTasks', {});
  return tasks.find((t) => t.title === title);
}

test('offline before the service worker controls the page: a new task still waits to be sent', async ({
  browser,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const context = await browser.newContext({
    ...info.project.use,
    baseURL,
    // No worker ever controls this page: what the app loaded itself is all it has.
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('offline-early'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.createTask('Read the paper', 30);
  await api.signInPage(page);
  await startOnline(page);
  expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();

  await context.setOffline(true);
  await newTaskOffline(page, 'Water the plants');
  await issueShot(page, info, 'offline-early-agenda');
  // The Tasks screen, never opened online, shows the lists the warm-up kept: the task made
  // before the connection went and the one made offline.
  await new ShellPage(page).openDrawer();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Tasks' })
    .click();
  await expect(page).toHaveURL(/\/tasks$/);
  // The task made before runs now (the agenda's timeline state, which the task screens share,
  // says so offline too); the one made offline waits in the list.
  await expect(page.locator('[data-section="doing"]').getByText('Read the paper')).toBeVisible();
  await expect(page.locator('[data-section="todo"]').getByText('Water the plants')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-status')).toBeHidden();
  await expect
    .poll(async () => (await savedTask(api, 'Water the plants'))?.category?.id)
    .toBe('work');
  await context.close();
  expect(device).toBeTruthy();
});

test('offline after a normal start: New task saves with a category', async ({
  page,
  context,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('offline-normal'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.signInPage(page);
  await startOnline(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await newTaskOffline(page, 'Call the plumber');
  await issueShot(page, info, 'offline-new-task');
  await context.setOffline(false);
  await expect
    .poll(async () => (await savedTask(api, 'Call the plumber'))?.category?.id)
    .toBe('work');
});
