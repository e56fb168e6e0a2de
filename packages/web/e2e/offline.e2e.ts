import { expect, test, type Page } from './fixtures';
import { EditorsApi } from './pages/editors-api';
import { TaskEditorPage } from './pages/task-editor-page';
import { TasksListPage } from './pages/tasks-page';
import { deviceOf, saveShot } from './support';

// The service worker is what this file tests (the others run without it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Issue 18: installable and offline. The service worker keeps the app; the query cache saved in
// local storage keeps the last answers; changes made offline wait, are shown pending, and are
// sent in order when the connection returns; a change the server refuses is explained.

type Task = { id: string; title: string; isCompleted?: boolean };

async function createTask(api: EditorsApi, title: string, categoryId: string): Promise<string> {
  const answer = await api.call<{ task: { id: string } }>('PutTask', {
    task: { title, category: { id: categoryId }, timeScheduled: 3_600_000, deadline: -1 },
  });
  return answer.task.id;
}

/** Waits until the service worker is active and controls the page (the precache is complete). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('the app opens offline, queues changes, sends them in order and explains a conflict', async ({
  page,
  context,
}, testInfo) => {
  const device = deviceOf(testInfo);
  const shot = (name: string) => saveShot(page, `offline-${name}-${device}`);
  const api = await EditorsApi.signUp(page, 'offline');
  const work = (await api.categories()).find((c) => c.title === 'Work')?.id ?? '';
  const reportId = await createTask(api, 'Write the report', work);
  const flightsId = await createTask(api, 'Book flights', work);
  const notesId = await createTask(api, 'Old notes', work);

  // Once online: the agenda and the tasks load, the service worker installs.
  await page.goto('/agenda');
  await expect(page.getByText('Write the report').first()).toBeVisible();
  await waitForServiceWorker(page);
  const list = new TasksListPage(page);
  await list.goto();
  await expect(list.task('Old notes')).toBeVisible();

  // The changes the app sends, in the order they leave the browser.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/PutTask')) return;
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    const ids = { report: reportId, flights: flightsId, notes: notesId };
    sent.push(Object.entries(ids).find(([, id]) => body.includes(id))?.[0] ?? 'other');
  });

  await context.setOffline(true);
  await page.goto('/agenda');
  await expect(page.getByText('Write the report').first()).toBeVisible();
  const status = page.getByTestId('offline-status');
  await expect(status).toHaveText('Offline');
  await shot('agenda');

  // Edit a task key by key, offline.
  await list.goto();
  await list.task('Write the report').click();
  const editor = new TaskEditorPage(page);
  await expect(editor.title).toHaveValue('Write the report');
  await editor.title.press('End');
  await editor.title.pressSequentially(' v2');
  await editor.save.click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(status).toHaveText('Offline · 1 change waiting to be sent');
  const pendingMark = page.getByRole('img', { name: 'Waiting to be sent' });
  await expect(list.task('Write the report v2').locator(pendingMark)).toBeVisible();

  // Mark another done, offline.
  await list.task('Book flights').click();
  await page.getByRole('switch', { name: 'Completed' }).click();
  const markDone = page.getByRole('dialog', { name: 'Mark as done?' });
  await markDone.getByRole('button', { name: 'Mark as done' }).click();
  await expect(status).toHaveText('Offline · 2 changes waiting to be sent');

  // A third change, to a task another device deletes meanwhile.
  await list.goto();
  await list.task('Old notes').click();
  await expect(editor.title).toHaveValue('Old notes');
  await editor.title.press('End');
  await editor.title.pressSequentially(' kept');
  await editor.save.click();
  await expect(page).toHaveURL(/\/tasks$/);
  const deleted = await page.request.post('/api/DeleteTaskV2', {
    data: { task: { id: notesId }, deleteType: 0 },
    headers: { authorization: `Bearer ${api.token}` },
  });
  expect(deleted.ok()).toBe(true);

  // A new task, made offline key by key: listed at once and marked, not opened (the server has
  // nothing to open yet).
  await page.getByRole('link', { name: 'Add a task' }).click();
  await editor.title.pressSequentially('Buy stamps');
  await editor.chooseCategory('Work');
  await editor.save.click();
  await expect(page).toHaveURL(/\/tasks$/);
  const madeOffline = page.locator('[data-task-id^="offline-"]');
  await expect(madeOffline).toContainText('Buy stamps');
  await expect(madeOffline.locator(pendingMark)).toBeVisible();
  await expect(list.task('Buy stamps')).toHaveCount(0);

  // A reload offline keeps the waiting changes and shows them.
  await page.reload();
  await expect(status).toHaveText('Offline · 4 changes waiting to be sent');
  await expect(list.task('Write the report v2').locator(pendingMark)).toBeVisible();
  await expect(list.task('Old notes kept').locator(pendingMark)).toBeVisible();
  await expect(madeOffline.locator(pendingMark)).toBeVisible();
  await shot('pending');
  expect(sent).toEqual([]);

  // Back online: sent in the order made; the refused one is explained, never silently lost.
  await context.setOffline(false);
  const conflict = page.getByRole('dialog', { name: 'A change could not be applied' });
  await expect(conflict).toContainText(
    'Edit task: “Old notes kept” could not be applied. It was deleted on another device.',
  );
  await shot('conflict');
  await expect(status).toBeHidden();
  expect(sent).toEqual(['report', 'flights', 'notes', 'other']);
  const tasks = await api.call<{ tasks?: Task[] }>('GetTasks', { status: 'all' });
  const byId = new Map((tasks.tasks ?? []).map((task) => [task.id, task]));
  expect(byId.get(reportId)?.title).toBe('Write the report v2');
  expect(byId.get(flightsId)?.isCompleted).toBe(true);
  expect(byId.has(notesId)).toBe(false);
  expect((tasks.tasks ?? []).filter((task) => task.title === 'Buy stamps')).toHaveLength(1);
  await conflict.getByRole('button', { name: 'OK' }).click();
  await expect(conflict).toBeHidden();
  await expect(list.task('Write the report v2')).toBeVisible();
  await expect(pendingMark).toHaveCount(0);
  await expect(list.task('Old notes')).toHaveCount(0);
  // The new task now has the server's id: it opens.
  await expect(madeOffline).toHaveCount(0);
  await expect(list.task('Buy stamps')).toBeVisible();
});

test('the app is installable: a valid manifest with its icons, a worker at the root', async ({
  page,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await page.request.get(href ?? '');
  expect(answer.ok()).toBe(true);
  const manifest = (await answer.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Planner', start_url: '/agenda', display: 'standalone' });
  const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(icons).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const src of [...manifest.icons.map((icon) => icon.src), '/icons/apple-touch-icon.png']) {
    const icon = await page.request.get(src);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
  });
  expect(new URL(scope.scope).pathname).toBe('/');
  expect(new URL(scope.script).pathname).toBe('/sw.js');
  // The worker never answers the API or the server's own routes with the app's page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const app = await page.goto('/settings');
  expect(app?.fromServiceWorker()).toBe(true);
  // In a tab of its own, closed after: the browser saves the server's non-page answer as a
  // download (the navigation "fails"), and the check of the last screen reads the app's tab.
  const tab = await page.context().newPage();
  const answered = tab.waitForResponse((r) => r.url().endsWith('/api/no-such-route'));
  await tab.goto('/api/no-such-route').catch(() => undefined);
  const api = await answered;
  await tab.close();
  expect(api.fromServiceWorker()).toBe(false);
  expect(api.headers()['content-type']).not.toContain('text/html');
});
