import { expect, test } from './fixtures';
import { EditorsApi } from './pages/editors-api';

const DAY = 86_400_000;

test.describe('reminders', () => {
  test('create, edit and delete a reminder; an unchanged save sends nothing', async ({ page }) => {
    const api = await EditorsApi.signUp(page, 'reminders');
    const tomorrow = Date.now() + DAY;
    const from = Date.now() - DAY;
    const to = Date.now() + 3 * DAY;
    await page.goto(`/reminders/create?start=${tomorrow}`);
    await expect(page.getByRole('heading', { name: 'New reminder' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'All day' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Title' }).fill('Pay rent');
    await page.getByRole('button', { name: 'Star' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).not.toHaveURL(/reminders\/create/);

    await expect.poll(async () => (await api.reminders(from, to)).length).toBe(1);
    const [created] = await api.reminders(from, to);
    expect(created).toMatchObject({ title: 'Pay rent', star: true, allDay: true });
    const route = `/reminders/${encodeURIComponent(created?.id ?? '')}/${Number(created?.start)}`;

    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/UpdateReminder')) updates.push(request.url());
    });
    await page.goto(route);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Pay rent');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).not.toHaveURL(/\/reminders\//);
    expect(updates).toEqual([]);

    await page.goto(route);
    await page.getByRole('textbox', { name: 'Title' }).fill('Pay the rent');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).not.toHaveURL(/\/reminders\//);
    await expect.poll(async () => (await api.reminders(from, to))[0]?.title).toBe('Pay the rent');
    expect(updates).toHaveLength(1);

    await page.goto(route);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this reminder?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(async () => (await api.reminders(from, to)).length).toBe(0);
  });

  test('a recurring reminder asks whether a change covers this one or the series', async ({
    page,
  }) => {
    const api = await EditorsApi.signUp(page, 'rrule');
    const from = Date.now() - DAY;
    const to = Date.now() + 5 * DAY;
    await page.goto(`/reminders/create?start=${Date.now()}`);
    await page.getByRole('textbox', { name: 'Title' }).fill('Water the plants');
    await page.getByRole('combobox', { name: 'Repeat' }).click();
    await page.getByRole('option', { name: 'Daily', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).not.toHaveURL(/reminders\/create/);
    await expect.poll(async () => (await api.reminders(from, to)).length).toBeGreaterThan(2);

    const second = (await api.reminders(from, to))[1];
    await page.goto(`/reminders/${encodeURIComponent(second?.id ?? '')}/${Number(second?.start)}`);
    await page.getByRole('textbox', { name: 'Title' }).fill('Water the cactus');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change recurring item' });
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await dialog.getByRole('radio', { name: 'This one' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await api.reminders(from, to)).slice(0, 3).map((r) => r.title))
      .toEqual(['Water the plants', 'Water the cactus', 'Water the plants']);
  });
});
