import { fromWallClock } from '@planner/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogNamed, renderEditor, sentOf, serve } from '../editors/testing/editor-test-kit';
import type { PlainReminder } from './reminder-draft';
import ReminderEditorPage from './ReminderEditorPage';

vi.mock('../api/client', () => import('../editors/testing/fake-client'));

const ZONE = 'Europe/Berlin';
const START = fromWallClock({ year: 2025, month: 6, day: 3, hour: 0, minute: 0 }, ZONE);

const REMINDER: PlainReminder = {
  id: 'rem-1',
  instanceId: '',
  title: 'Pay rent',
  start: START,
  allDay: true,
  timezone: ZONE,
  status: 0,
  star: false,
  origin: START,
  createdAt: 0,
  recurrenceRule: undefined,
};

function renderReminder(reminder: PlainReminder) {
  return renderEditor(
    '/reminders/:encodedReminderId/:start',
    <ReminderEditorPage />,
    `/reminders/${reminder.id}/${reminder.start}`,
  );
}

async function loadedTitle(value: string) {
  const box = await screen.findByRole('textbox', { name: 'Title' });
  await waitFor(() => expect(box).toHaveValue(value));
  return box;
}

describe('the reminder screen', () => {
  it('a save with no changed field is not sent', async () => {
    const sent = serve({ GetReminders: () => ({ reminders: [REMINDER] }) });
    const user = userEvent.setup();
    renderReminder(REMINDER);
    await loadedTitle('Pay rent');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(sentOf(sent, 'UpdateReminder')).toEqual([]);
  });

  it('a changed field is sent by its name alone', async () => {
    const sent = serve({
      GetReminders: () => ({ reminders: [REMINDER] }),
      UpdateReminder: () => ({}),
    });
    const user = userEvent.setup();
    renderReminder(REMINDER);
    await loadedTitle('Pay rent');
    await user.click(screen.getByRole('button', { name: 'Star' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(sentOf(sent, 'UpdateReminder')).toEqual([
      expect.objectContaining({ fields: ['star'], type: 0 }),
    ]);
  });

  it('a repeat that ends before the start is not sent, and says why', async () => {
    const daily = {
      ...REMINDER,
      recurrenceRule: {
        freq: 'DAILY',
        interval: 1,
        byDay: '',
        until: START - 86_400_000,
        count: 0,
      },
    };
    const sent = serve({
      GetReminders: () => ({ reminders: [daily] }),
      UpdateReminder: () => ({}),
    });
    const user = userEvent.setup();
    renderReminder(daily);
    await loadedTitle('Pay rent');
    expect(screen.getByRole('alert')).toHaveTextContent(/cannot end before the start/);
    await user.click(screen.getByRole('button', { name: 'Star' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Agenda page')).toBeNull();
    expect(sentOf(sent, 'UpdateReminder')).toEqual([]);
  });

  it('a recurring reminder asks whether a change covers this one or the series', async () => {
    const daily = {
      ...REMINDER,
      recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 },
    };
    const sent = serve({
      GetReminders: () => ({ reminders: [daily] }),
      UpdateReminder: () => ({}),
    });
    const user = userEvent.setup();
    renderReminder(daily);
    const title = await loadedTitle('Pay rent');
    await user.type(title, ' today');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = dialogNamed('Change recurring item');
    const names = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(names).toEqual(['This one', 'All of them']);
    await user.click(within(dialog).getByRole('radio', { name: 'All of them' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentOf(sent, 'UpdateReminder')).toHaveLength(1));
    expect(sentOf(sent, 'UpdateReminder')[0]).toMatchObject({ type: 2, fields: ['title'] });
  });

  it('a new reminder is all day on the start day, without a star', async () => {
    serve({});
    renderEditor(
      '/reminders/create',
      <ReminderEditorPage />,
      `/reminders/create?start=${START + 5 * 3_600_000}`,
    );
    expect(await screen.findByRole('switch', { name: 'All day' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Star' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('group', { name: 'Time' })).toBeNull();
  });
});
