import { expect, test } from './fixtures';
import { AgendaApi, HOUR, ZONE } from './agenda-api';
import { AgendaPage } from './pages/agenda-page';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * A meeting synced in from another calendar over a planned block (docs/plan-stability.md,
 * docs/agenda-what-changed.md): the open agenda moves only that task, says so in its note with
 * the meeting's name and the block's new place, and the block's menu says why it sits there.
 * The upload is another device's call, so this tab did not make the change. Real clock.
 */

interface PlannedBlock {
  timeblock?: {
    id?: string;
    task?: { id?: string };
    start?: string | number;
    end?: string | number;
  };
}

test('a meeting synced in over a planned block: the note names it and the new place @phone', async ({
  page,
  baseURL,
}, info) => {
  const api = new AgendaApi(baseURL ?? '');
  await api.signUp(newEmail('plan-changes'), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend', 'focusView');
  await api.call('UpdateAppleCalendarBindRelationship', {
    relations: [{ CalendarTitle: 'Work', CategoryID: await api.firstCategoryId() }],
  });
  // The first task is the session running now; the report is planned after it.
  await api.createTask('Read paper', 30);
  const report = await api.createTask('Write report', 60);
  await api.signInPage(page);
  const agenda = new AgendaPage(page);
  await agenda.goto('/agenda');
  await expect(agenda.block(/^Write report, /u).first()).toBeVisible();

  // Where the plan has the report now, as the agenda shows it.
  const now = Date.now();
  const { blockContainers } = await api.call<{ blockContainers?: PlannedBlock[] }>('GetTimeline', {
    start: now - HOUR,
    end: now + 2 * 24 * HOUR,
    version: 4,
  });
  const planned = (blockContainers ?? []).find(
    (c) => c.timeblock?.task?.id === report && String(c.timeblock.id ?? '').startsWith('planned:'),
  );
  const start = Number(planned?.timeblock?.start ?? 0);
  expect(start).toBeGreaterThan(0);

  // Another device uploads a meeting over it.
  await api.call('UploadAppleCalendarEvents', {
    events: [
      {
        id: 'standup@1',
        calendarTitle: 'Work',
        title: 'Team meeting',
        start,
        end: start + HOUR,
        allDay: false,
        timezone: ZONE,
      },
    ],
    hash: 'plan-changes-1',
  });

  const note = page.getByRole('group', { name: 'Your plan changed' });
  await expect(note).toBeVisible();
  await expect(note).toContainText(/Write report moved to .*Team meeting/u);
  await expect(note).not.toContainText('Read paper');
  await saveShot(page, `plan-changes-note-${deviceOf(info)}`);

  // The block's menu says why it sits where it is now (its description, read as it opens).
  const moved = agenda.block(/^Write report, /u).first();
  await expect(moved).toBeVisible();
  await agenda.openBlockMenu(moved);
  await expect(page.getByRole('menu')).toHaveAccessibleDescription(/Team meeting/u);
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await saveShot(page, `plan-changes-menu-${deviceOf(info)}`);
  await page.keyboard.press('Escape');

  // Dismissed, it stays gone.
  await note.getByRole('button', { name: /close|dismiss/iu }).click();
  await expect(note).toHaveCount(0);
});
