import { expect, test } from './fixtures';
import { AgendaApi, HOUR, ZONE } from './agenda-api';
import { AgendaPage } from './pages/agenda-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * An event synced from the device's Apple calendar (uploaded as the native shell does) shows its
 * source in the agenda, does not move when dragged, and opens read-only. Runs on the real clock.
 */

test('a synced event shows its source, cannot be dragged and opens read-only @phone', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('synced'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.call('UpdateAppleCalendarBindRelationship', {
    relations: [{ CalendarTitle: 'Family', CategoryID: await api.firstCategoryId() }],
  });
  // The next full hour but one: later today (or early tomorrow), on the agenda's first screen.
  const start = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
  await api.call('UploadAppleCalendarEvents', {
    events: [
      {
        id: 'parents-evening@1',
        calendarTitle: 'Family',
        title: 'Parents evening',
        start,
        end: start + HOUR,
        allDay: false,
        timezone: ZONE,
      },
    ],
    hash: 'e2e-1',
  });
  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda');

  const block = agenda.block(/^Parents evening, .* From Apple Calendar$/u);
  await expect(block).toBeVisible();
  await expect(block).toContainText('From Apple Calendar');
  await block.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await saveShot(page, `synced-agenda-${deviceOf(info)}`);

  // Drag and drop loads after the first paint: once it has, a long press would pick up a block.
  await agenda.dragReady();
  const before = await block.boundingBox();
  if (!before) throw new Error('the synced event is not on screen');
  const x = before.x + before.width / 2;
  const y = before.y + Math.min(20, before.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.waitForTimeout(600);
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(x, y + step * 12);
  await expect(page.getByTestId('drag-preview')).toHaveCount(0);
  await page.mouse.up();
  // Nothing moved, nothing was asked.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const after = await block.boundingBox();
  expect(after?.y).toBe(before.y);
  const { blockContainers } = await api.call<{
    blockContainers: { event?: { title: string; start: string } }[];
  }>('GetTimeline', { start: start - HOUR, end: start + 2 * HOUR, version: 4, includeAll: true });
  const stored = blockContainers.find((c) => c.event?.title === 'Parents evening');
  expect(Number(stored?.event?.start)).toBe(start);

  // Opened, it is read-only and says where it comes from.
  if (await page.getByRole('menu').isVisible()) await page.keyboard.press('Escape');
  await agenda.openBlockMenu(block);
  await page.getByRole('menuitem', { name: 'Open event' }).click();
  await expect(
    page.getByText('Synced from Apple Calendar. It can only be changed there.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await saveShot(page, `synced-event-${deviceOf(info)}`);
});
