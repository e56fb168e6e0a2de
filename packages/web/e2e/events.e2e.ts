import { expect, test } from './fixtures';
import { EditorsApi, eventRoute } from './pages/editors-api';
import { EventEditorPage } from './pages/event-editor-page';

const DAY = 86_400_000;

function nth<T>(list: readonly (T | undefined)[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function window(): { start: number; end: number } {
  const now = Date.now();
  return { start: now - DAY, end: now + 10 * DAY };
}

test.describe('events', () => {
  test('create, edit and delete an event', async ({ page }) => {
    const api = await EditorsApi.signUp(page, 'events');
    const editor = new EventEditorPage(page);
    await editor.gotoNew('Dentist');
    await expect(editor.title).toHaveValue('Dentist');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await editor.save.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please choose a category' }),
    ).toBeVisible();
    const { start, end } = window();
    expect(await api.eventInstances(start, end)).toEqual([]);

    await editor.chooseCategory('Health');
    await page.getByRole('spinbutton', { name: 'Before' }).fill('17');
    await page.getByRole('spinbutton', { name: 'Before' }).blur();
    await expect(page.getByRole('spinbutton', { name: 'Before' })).toHaveValue('15');
    await page.getByRole('button', { name: 'Add a notification' }).click();
    await editor.save.click();
    await expect(page).not.toHaveURL(/events\/create/);

    const [created] = await api.eventInstances(start, end);
    expect(created?.title).toBe('Dentist');
    const stored = await api.call<{ event: { travelTop: string; notifications: string[] } }>(
      'GetEvent',
      {
        event: { id: created?.id },
      },
    );
    expect(Number(stored.event.travelTop)).toBe(15 * 60_000);
    expect(stored.event.notifications.map(Number)).toEqual([15 * 60_000]);

    await page.goto(eventRoute(nth([created], 0)));
    await expect(editor.title).toHaveValue('Dentist');
    await editor.title.fill('Dentist check-up');
    await editor.save.click();
    await expect(page.getByRole('heading', { name: 'Event', exact: true })).toHaveCount(0);
    await expect
      .poll(async () => (await api.eventInstances(start, end))[0]?.title)
      .toBe('Dentist check-up');

    await page.goto(eventRoute(nth([created], 0)));
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this event?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Deleted forever')).toBeVisible();
    await expect.poll(async () => (await api.eventInstances(start, end)).length).toBe(0);
  });

  test('a recurring event changed for this one, this and following, and all', async ({ page }) => {
    const api = await EditorsApi.signUp(page, 'recurring');
    const editor = new EventEditorPage(page);
    await editor.gotoNew('Standup');
    await editor.chooseCategory('Work');
    await editor.chooseInSelect('Repeat', 'Daily');
    await editor.chooseInSelect('Ends', 'After a number of times');
    const count = page.getByRole('spinbutton', { name: 'Occurrences' });
    await expect(count).toHaveValue('1');
    await count.fill('0');
    await count.blur();
    await expect(count).toHaveValue('1');
    await count.fill('5');
    await count.blur();
    await editor.save.click();
    await expect(page).not.toHaveURL(/events\/create/);

    const { start, end } = window();
    const titles = async () => (await api.eventInstances(start, end)).map((e) => e.title);
    await expect.poll(titles).toEqual(['Standup', 'Standup', 'Standup', 'Standup', 'Standup']);

    // This one: only the second instance changes.
    let instances = await api.eventInstances(start, end);
    await editor.open(eventRoute(nth(instances, 1)));
    await expect(editor.title).toHaveValue('Standup');
    await editor.title.fill('Standup with Ana');
    const offered = await editor.saveWithScope('This one');
    expect(offered).toEqual(['This one', 'This and following', 'All of them']);
    await expect
      .poll(titles)
      .toEqual(['Standup', 'Standup with Ana', 'Standup', 'Standup', 'Standup']);

    // This and following: the fourth and fifth change.
    instances = await api.eventInstances(start, end);
    await editor.open(eventRoute(nth(instances, 3)));
    await editor.title.fill('Long standup');
    await editor.saveWithScope('This and following');
    await expect
      .poll(titles)
      .toEqual(['Standup', 'Standup with Ana', 'Standup', 'Long standup', 'Long standup']);

    // All: the series the first instance belongs to changes.
    instances = await api.eventInstances(start, end);
    await editor.open(eventRoute(nth(instances, 0)));
    await editor.title.fill('Team standup');
    await editor.saveWithScope('All of them');
    await expect.poll(async () => (await titles())[0]).toBe('Team standup');
    const after = await titles();
    expect(after[2]).toBe('Team standup');
    expect(after.slice(3)).toEqual(['Long standup', 'Long standup']);

    // Delete of a recurring event offers this one and this and following, not all.
    instances = await api.eventInstances(start, end);
    await editor.open(eventRoute(nth(instances, 4)));
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete recurring item' });
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await expect(dialog.getByRole('radio', { name: 'All of them' })).toHaveCount(0);
    await dialog.getByRole('radio', { name: 'This one' }).check();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await titles()).length).toBe(4);
  });

  test('back with unsaved changes asks to discard', async ({ page }) => {
    await EditorsApi.signUp(page, 'discard');
    const editor = new EventEditorPage(page);
    await editor.gotoNew();
    await editor.title.fill('Lunch');
    await page.getByRole('button', { name: 'Back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(editor.title).toHaveValue('Lunch');
    await page.getByRole('button', { name: 'Back' }).click();
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(page).toHaveURL(/\/agenda/);
  });
});
