import { expect, test, type Page } from './fixtures';
import { AgendaApi, HOUR, MINUTE } from './agenda-api';
import { issueShot } from './issue28-shots';
import { ShellPage } from './pages/shell-page';
import { TaskEditorPage } from './pages/task-editor-page';
import { GOOD_PASSWORD, newEmail } from './support';

/*
 * Issue 28, item 9: values typed key by key are saved as the person finished them. The rest
 * window's times are saved when the field is left (typing 1 then 0 passed through 01:00), in the
 * account's clock; a task's number typed before its unit is read in the unit picked next.
 */

type Options = { autoIdleStart: number; autoIdleEnd: number; timeFormat: string };

function section(page: Page, field: string, name: string) {
  return page.getByRole('group', { name: field }).getByRole('spinbutton', { name });
}

async function options(api: AgendaApi): Promise<Options> {
  return (await api.call<{ options: Options }>('GetUserOptions')).options;
}

test('the rest window saves the time typed, on a 24-hour account', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('typed-rest'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  const { options: all } = await api.call<{ options: Record<string, unknown> }>('GetUserOptions');
  await api.call('UpdateUserOptions', {
    fields: ['timeFormat'],
    options: { ...all, timeFormat: '24-hour clock' },
  });
  await api.signInPage(page);
  await page.goto('/agenda');
  await expect(page.getByTestId('control-bar')).toBeVisible();
  await new ShellPage(page).openDrawer();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Rest' })).toBeVisible();
  await page.locator('[data-settings-group="rest"]').scrollIntoViewIfNeeded();
  await issueShot(page, info, 'settings-rest');

  // The account's 24-hour clock: 22:00, no AM/PM section.
  const fromHours = section(page, 'From', 'Hours');
  await expect(fromHours).toHaveText('22');
  await expect(
    page.getByRole('group', { name: 'From' }).getByRole('spinbutton', { name: 'Meridiem' }),
  ).toHaveCount(0);

  await fromHours.focus();
  await page.keyboard.press('1');
  await page.keyboard.press('0');
  const untilHours = section(page, 'Until', 'Hours');
  await untilHours.focus();
  await page.keyboard.press('0');
  await page.keyboard.press('9');
  await page.getByRole('heading', { name: 'Rest' }).click();
  await expect(fromHours).toHaveText('10');
  await expect(untilHours).toHaveText('09');
  await expect.poll(async () => Number((await options(api)).autoIdleStart)).toBe(10 * HOUR);
  await expect.poll(async () => Number((await options(api)).autoIdleEnd)).toBe(9 * HOUR);
  await issueShot(page, info, 'settings-rest-typed');
});

test('a new task: 45 typed, then Minutes, is 45 minutes', async ({ page, baseURL }, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('typed-duration'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  await api.signInPage(page);
  await page.goto('/agenda');
  await page.getByRole('button', { name: 'Create' }).first().click();
  await page.getByRole('menuitem', { name: 'New task' }).click();
  const editor = new TaskEditorPage(page);
  await expect(page.getByRole('heading', { name: 'New task' })).toBeVisible();
  await editor.title.pressSequentially('Call the bank');
  await editor.chooseCategory('Personal');
  const timeNeeded = page.getByRole('spinbutton', { name: 'Time needed' });
  await expect(timeNeeded).toHaveValue('1');
  await timeNeeded.click();
  await timeNeeded.press('ControlOrMeta+a');
  await timeNeeded.pressSequentially('45');
  await page.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'Minutes' }).click();
  await expect(timeNeeded).toHaveValue('45');
  await issueShot(page, info, 'task-duration');
  await editor.save.click();
  await expect(page).toHaveURL(/\/agenda/);
  const { tasks } = await api.call<{ tasks: { title: string; timeScheduled: string }[] }>(
    'GetTasks',
    {},
  );
  const task = tasks.find((t) => t.title === 'Call the bank');
  expect(Number(task?.timeScheduled)).toBe(45 * MINUTE);
});
