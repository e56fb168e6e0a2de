import { expect, test, type Locator, type Page, type TestInfo } from './fixtures';
import { todayAt } from './agenda-api';
import { EditorsApi, eventRoute } from './pages/editors-api';
import { EventEditorPage } from './pages/event-editor-page';
import { TaskEditorPage } from './pages/task-editor-page';
import { saveShot } from './support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type WireTask = { id: string; timeScheduled?: string; deadline?: string };

async function storedTask(api: EditorsApi, id: string): Promise<WireTask | undefined> {
  return (await api.call<{ tasks: WireTask[] }>('GetTasks', { ids: [id] })).tasks[0];
}

async function putTask(api: EditorsApi, fields: Record<string, unknown>): Promise<string> {
  const personal = (await api.categories()).find((c) => c.title === 'Personal');
  const { task } = await api.call<{ task: { id: string } }>('PutTask', {
    task: { title: 'Read the contract', category: { id: personal?.id }, ...fields },
  });
  return task.id;
}

/** A field's section (Year, Hours...): focused from the keyboard, as a tap opens a phone's picker. */
function section(page: Page, group: string, name: string): Locator {
  return page.getByRole('group', { name: group }).getByRole('spinbutton', { name });
}

async function chooseUnit(page: Page, unit: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: unit, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await saveShot(page, `editors-typing-${name}-${testInfo.project.name}`, {
    animations: 'disabled',
  });
}

test.describe('editors keep what is typed key by key', () => {
  test('a unit change converts the number, and a reopened task shows whole units', async ({
    page,
  }, testInfo) => {
    const api = await EditorsApi.signUp(page, 'typing-units');
    const id = await putTask(api, { timeScheduled: 2 * HOUR, deadline: -1 });
    const editor = new TaskEditorPage(page);
    const timeNeeded = page.getByRole('spinbutton', { name: 'Time needed' });
    await page.goto(`/task/${encodeURIComponent(id)}`);
    await expect(editor.title).toHaveValue('Read the contract');
    await expect(timeNeeded).toHaveValue('2');

    await chooseUnit(page, 'Minutes');
    await expect(timeNeeded).toHaveValue('120');
    await timeNeeded.fill('');
    await timeNeeded.pressSequentially('90');
    await expect(timeNeeded).toHaveValue('90');
    await expect(page.getByRole('combobox', { name: 'Unit' })).toHaveText('Minutes');
    await chooseUnit(page, 'Hours');
    await expect(timeNeeded).toHaveValue('1.5');
    await shoot(page, testInfo, 'units');
    await editor.save.click();
    await expect(page).not.toHaveURL(/\/task\//);
    expect(Number((await storedTask(api, id))?.timeScheduled)).toBe(90 * MINUTE);

    // Opened again: 1.5 hours. A duration with seconds in it (time spent plus time needed)
    // opens in whole minutes.
    await page.goto(`/task/${encodeURIComponent(id)}`);
    await expect(timeNeeded).toHaveValue('1.5');
    const odd = await putTask(api, { timeScheduled: 30 * MINUTE + 8_400, deadline: -1 });
    await page.goto(`/task/${encodeURIComponent(odd)}`);
    await expect(timeNeeded).toHaveValue('30');
    await expect(page.getByRole('combobox', { name: 'Unit' })).toHaveText('Minutes');
  });

  test('a duration typed as a person writes it is read when the box is left', async ({
    page,
  }, testInfo) => {
    const api = await EditorsApi.signUp(page, 'typing-words');
    const id = await putTask(api, { timeScheduled: 2 * HOUR, deadline: -1 });
    const editor = new TaskEditorPage(page);
    const timeNeeded = page.getByRole('spinbutton', { name: 'Time needed' });
    const unit = page.getByRole('combobox', { name: 'Unit' });
    await page.goto(`/task/${encodeURIComponent(id)}`);
    await expect(editor.title).toHaveValue('Read the contract');
    await expect(timeNeeded).toHaveValue('2');

    // Key by key: nothing is read on the way ("1" is not one hour, "1h" not the end).
    await timeNeeded.fill('');
    await timeNeeded.pressSequentially('1h 30');
    await expect(timeNeeded).toHaveValue('1h 30');
    await timeNeeded.press('Tab');
    await expect(timeNeeded).toHaveValue('1.5');
    await expect(unit).toHaveText('Hours');

    await timeNeeded.fill('');
    await timeNeeded.pressSequentially('45m');
    await timeNeeded.press('Tab');
    await expect(timeNeeded).toHaveValue('45');
    await expect(unit).toHaveText('Minutes');

    // Text that does not read says so, and Save stops at it: the screen stays, the box has the
    // focus, nothing is sent; corrected, it saves what was typed.
    await timeNeeded.fill('');
    await timeNeeded.pressSequentially('soon');
    await timeNeeded.press('Tab');
    await expect(page.getByText(/Type a duration such as/)).toBeVisible();
    await shoot(page, testInfo, 'words');
    await editor.save.click();
    await expect(timeNeeded).toBeFocused();
    await expect(page).toHaveURL(/\/task\//);
    expect(Number((await storedTask(api, id))?.timeScheduled)).toBe(2 * HOUR);
    await timeNeeded.fill('');
    await timeNeeded.pressSequentially('45m');
    await editor.save.click();
    await expect(page).not.toHaveURL(/\/task\//);
    expect(Number((await storedTask(api, id))?.timeScheduled)).toBe(45 * MINUTE);
  });

  test('a year typed digit by digit keeps the deadline on', async ({ page }, testInfo) => {
    const api = await EditorsApi.signUp(page, 'typing-year');
    const deadline = todayAt(24 * 10 + 18);
    const id = await putTask(api, { timeScheduled: HOUR, deadline });
    const editor = new TaskEditorPage(page);
    await page.goto(`/task/${encodeURIComponent(id)}`);
    await expect(editor.title).toHaveValue('Read the contract');
    const year = section(page, 'Due date', 'Year');
    const thisYear = Number(await year.textContent());
    const nextYear = String(thisYear + 1);
    const deadlineSwitch = page.getByRole('switch', { name: 'Deadline' });

    await year.focus();
    for (const digit of nextYear) {
      await page.keyboard.press(digit);
      await expect(deadlineSwitch).toBeChecked();
      await expect(year).toBeVisible();
    }
    await expect(year).toHaveText(nextYear);
    await shoot(page, testInfo, 'deadline');
    await editor.title.focus();
    await editor.save.click();
    await expect(page).not.toHaveURL(/\/task\//);
    const saved = Number((await storedTask(api, id))?.deadline);
    const savedYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' });
    expect(savedYear.format(saved)).toBe(nextYear);
    expect(saved % HOUR).toBe(deadline % HOUR);
  });

  test("an end time typed key by key keeps the event's start", async ({ page }, testInfo) => {
    const api = await EditorsApi.signUp(page, 'typing-end');
    const personal = (await api.categories()).find((c) => c.title === 'Personal');
    const start = todayAt(24 * 3 + 10);
    await api.call('CreateEvent', {
      event: { title: 'Dentist', start, end: start + HOUR, category: { id: personal?.id } },
    });
    const [instance] = await api.eventInstances(start - HOUR, start + 2 * HOUR);
    if (!instance) throw new Error('the event was not created');
    const editor = new EventEditorPage(page);
    await editor.open(eventRoute(instance));
    await expect(editor.title).toHaveValue('Dentist');
    const startHours = section(page, 'Start time', 'Hours');
    const endHours = section(page, 'End time', 'Hours');
    await expect(startHours).toHaveText('10');

    // 3 PM on the 12-hour clock of en-US, as a person types it: 0, 3 (the field moves on to the
    // minutes), right to AM/PM, P. After the 3 the end reads 3 AM, before the start: the start
    // must not move for a time still being typed.
    await endHours.focus();
    for (const key of ['0', '3', 'ArrowRight', 'P']) {
      await page.keyboard.press(key);
      await expect(startHours).toHaveText('10');
    }
    await expect(endHours).toHaveText('03');
    await expect(section(page, 'End time', 'Meridiem')).toHaveText('PM');
    await expect(startHours).toHaveText('10');
    await shoot(page, testInfo, 'event');
    await editor.title.focus();
    await expect(startHours).toHaveText('10');
    await editor.save.click();
    await expect(page.getByRole('heading', { name: 'Event', exact: true })).toHaveCount(0);
    const [saved] = await api.eventInstances(start - HOUR, start + 6 * HOUR);
    expect(saved).toMatchObject({ start, end: start + 5 * HOUR });
  });
});
