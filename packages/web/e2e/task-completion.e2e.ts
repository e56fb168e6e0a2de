import { expect, test } from './fixtures';
import { EditorsApi } from './pages/editors-api';

type WireTask = { id: string; isCompleted?: boolean; timeScheduled?: string };
type State = { currentBlock?: { isRest?: boolean; task?: string } };

test('the completed switch marks the task done with a rest, and reopens it with the time needed', async ({
  page,
}) => {
  const api = await EditorsApi.signUp(page, 'complete');
  const work = (await api.categories()).find((c) => c.title === 'Work');
  const { task } = await api.call<{ task: WireTask }>('PutTask', {
    task: { title: 'Send the invoices', category: { id: work?.id }, timeScheduled: 3_600_000 },
  });
  const stored = async () =>
    (await api.call<{ tasks: WireTask[] }>('GetTasks', { ids: [task.id] })).tasks[0];
  const current = async () => (await api.call<State>('GetTimelineState')).currentBlock ?? {};

  await page.goto(`/task/${encodeURIComponent(task.id)}`);
  const completed = page.getByRole('switch', { name: 'Completed' });
  await expect(completed).not.toBeChecked();

  // Cancelling the question leaves the task as it was.
  await completed.click();
  let dialog = page.getByRole('dialog', { name: 'Mark as done?' });
  await expect(dialog).toContainText('remaining sessions are cleared');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(completed).not.toBeChecked();
  expect((await stored())?.isCompleted ?? false).toBe(false);

  await completed.click();
  dialog = page.getByRole('dialog', { name: 'Mark as done?' });
  await expect(dialog.getByRole('switch', { name: 'Take a break afterwards' })).toBeChecked();
  await expect(dialog).toContainText('A break of 5 min');
  await dialog.getByRole('button', { name: 'Mark as done' }).click();
  await expect(dialog).toBeHidden();
  await expect(completed).toBeChecked();
  await expect.poll(async () => (await stored())?.isCompleted).toBe(true);
  expect(Number((await stored())?.timeScheduled ?? 0)).toBe(0);
  expect((await current()).isRest).toBe(true);
  // A done task has nothing to start and no schedule to show.
  await expect(page.getByRole('button', { name: 'Do it now' })).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: 'Time needed' })).toHaveCount(0);

  await completed.click();
  dialog = page.getByRole('dialog', { name: 'Reopen the task?' });
  await expect(dialog).toContainText('30 min more');
  await dialog.getByRole('checkbox', { name: 'Do it now' }).check();
  await dialog.getByRole('button', { name: 'Reopen' }).click();
  await expect(page).toHaveURL(/\/agenda/);
  const reopened = await stored();
  expect(reopened?.isCompleted ?? false).toBe(false);
  expect(Number(reopened?.timeScheduled)).toBeGreaterThanOrEqual(30 * 60_000);
  expect(Number(reopened?.timeScheduled)).toBeLessThan(31 * 60_000);
  expect(await current()).toMatchObject({ task: task.id });
});
