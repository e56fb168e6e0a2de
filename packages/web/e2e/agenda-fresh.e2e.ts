import { expect, test, type Locator, type Page } from './fixtures';
import { AgendaPage } from './pages/agenda-page';
import { EditorsApi } from './pages/editors-api';
import { TaskEditorPage } from './pages/task-editor-page';

// Issue 11: after a save in an editor, or a control, the agenda of the same tab showed the old
// plan for many seconds. Here everything happens in one tab, by clicks and typing, with no reload
// and no typed address after the first load: the agenda must show the new plan within 1 s.
const FRESH_MS = 1000;
const DAY = 86_400_000;

/** Minutes from "9:05 AM" or "21:05" (whatever clock the screen uses). */
function minutesOf(text: string): number {
  const match = /(\d{1,2}):(\d{2})\s*(AM|PM)?/iu.exec(text);
  if (!match) throw new Error(`no time in "${text}"`);
  const hours = Number(match[1]) % (match[3] ? 12 : 24);
  return (hours + (match[3]?.toUpperCase() === 'PM' ? 12 : 0)) * 60 + Number(match[2]);
}

/**
 * Minutes planned for a task on screen: the sum of its blocks' spans, read from their names, to
 * the nearest 5 (a session that began at a time with seconds shows its minutes cut).
 */
async function plannedMinutes(agenda: AgendaPage, title: string): Promise<number> {
  const labels = await agenda
    .blocksOf(title)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
  const minutes = labels
    .map((label) => label.slice(title.length).split(' to '))
    .reduce((sum, [start = '', end = '']) => {
      const span = minutesOf(end) - minutesOf(start);
      return sum + (span < 0 ? span + 24 * 60 : span);
    }, 0);
  return Math.round(minutes / 5) * 5;
}

/** The block ids on screen for a task, and the server's for the same task (GetTimeline). */
async function blockIds(agenda: AgendaPage, title: string): Promise<string[]> {
  const ids = await agenda
    .blocksOf(title)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-block-id') ?? ''));
  return ids.sort();
}

async function serverBlockIds(api: EditorsApi, taskId: string): Promise<string[]> {
  type Container = { timeblock?: { id?: string; task?: { id?: string } } };
  const start = Date.now() - DAY;
  const answer = await api.call<{ blockContainers?: Container[] }>('GetTimeline', {
    start,
    end: start + 9 * DAY,
    version: 4,
  });
  return (answer.blockContainers ?? [])
    .flatMap((c) => (c.timeblock?.task?.id === taskId && c.timeblock.id ? [c.timeblock.id] : []))
    .sort();
}

/** Types like a person: one key at a time. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}

async function openCreate(page: Page, what: 'New task' | 'New reminder'): Promise<void> {
  await page.getByRole('button', { name: 'Create' }).first().click();
  await page.getByRole('menuitem', { name: what }).click();
}

/** The task's time in minutes: the unit first, then the number typed. */
async function setMinutes(page: Page, minutes: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'Minutes' }).click();
  await typeInto(page.getByRole('spinbutton', { name: 'Time needed' }), String(minutes));
}

async function createTask(page: Page, title: string, minutes: number): Promise<void> {
  const editor = new TaskEditorPage(page);
  await openCreate(page, 'New task');
  await expect(page.getByRole('heading', { name: 'New task' })).toBeVisible();
  await typeInto(editor.title, title);
  await editor.chooseCategory('Personal');
  await setMinutes(page, minutes);
  await editor.save.click();
  await expect(page).toHaveURL(/\/agenda/);
}

/** Milliseconds from `since` until `check` passes; fails past FRESH_MS. */
async function within(since: number, check: () => Promise<void>): Promise<number> {
  await check();
  const took = Date.now() - since;
  expect(took, `the agenda took ${took} ms to show the change`).toBeLessThanOrEqual(FRESH_MS);
  return took;
}

test('the agenda shows the new plan at once after a save or a control, in the same tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = await EditorsApi.signUp(page, 'fresh');
  for (const tutorial of ['onboarding', 'firstTask', 'autoExtend', 'focusView'])
    await api.call('FinishTutorial', { tutorial });
  const agenda = new AgendaPage(page);
  await agenda.goto();
  const timings: Record<string, number> = {};

  await createTask(page, 'Write report', 60);
  await createTask(page, 'Answer emails', 30);
  await expect(agenda.blocksOf('Write report').first()).toBeVisible();
  await expect(agenda.blocksOf('Answer emails').first()).toBeVisible();
  await expect.poll(() => plannedMinutes(agenda, 'Write report')).toBe(60);
  const report = (await api.tasks()).find((t) => t.title === 'Write report');
  if (!report) throw new Error('Write report was not saved');

  // The task's time: 60 -> 90 minutes in its editor, then back to the agenda.
  await agenda.openBlockMenu(agenda.blocksOf('Write report').last());
  await page.getByRole('menuitem', { name: 'Open task' }).click();
  const editor = new TaskEditorPage(page);
  await expect(editor.title).toHaveValue('Write report');
  await setMinutes(page, 90);
  await editor.save.click();
  await expect(agenda.controlBar).toBeVisible();
  timings['task save'] = await within(Date.now(), () =>
    expect.poll(() => plannedMinutes(agenda, 'Write report'), { timeout: FRESH_MS }).toBe(90),
  );

  // A reminder: created, then renamed in its editor.
  await openCreate(page, 'New reminder');
  await expect(page.getByRole('heading', { name: 'New reminder' })).toBeVisible();
  await typeInto(page.getByRole('textbox', { name: 'Title' }), 'Pay rent');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(agenda.controlBar).toBeVisible();
  // Today's all-day reminder is listed in the day and among the overdue ones: the day's is used.
  await page.getByRole('button', { name: 'More for Pay rent' }).last().click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await typeInto(page.getByRole('textbox', { name: 'Title' }), 'Pay the rent');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(agenda.controlBar).toBeVisible();
  timings['reminder save'] = await within(Date.now(), () =>
    expect(page.getByRole('button', { name: 'More for Pay the rent' }).last()).toBeVisible({
      timeout: FRESH_MS,
    }),
  );

  // Pause, then Play: the blocks on screen are the server's new plan each time.
  for (const control of ['Pause', 'Play'] as const) {
    await agenda.control(control).click();
    const since = Date.now();
    await expect.poll(() => serverBlockIds(api, report.id)).not.toEqual([]);
    const expected = await serverBlockIds(api, report.id);
    timings[control] = await within(since, () =>
      expect.poll(() => blockIds(agenda, 'Write report'), { timeout: FRESH_MS }).toEqual(expected),
    );
  }
  test.info().annotations.push({ type: 'timings (ms)', description: JSON.stringify(timings) });
});
