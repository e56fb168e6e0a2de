import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import taskDialogs from '../i18n/task-dialogs/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import { MarkDoneDialog } from './TaskCompletionDialogs';

function renderMarkDone(holdsSession: boolean) {
  initTestI18n();
  i18next.addResourceBundle('en', 'task-dialogs', taskDialogs);
  const onConfirm = vi.fn(() => Promise.resolve(true));
  renderWithProviders(
    <MarkDoneDialog
      open
      holdsSession={holdsSession}
      taskTitle="Write report"
      formatDuration={(ms) => `${ms / 60_000} min`}
      onConfirm={onConfirm}
      onClose={() => undefined}
    />,
  );
  return onConfirm;
}

describe('MarkDoneDialog', () => {
  it('offers a break after the session the task holds, on by default (spec 4)', async () => {
    const onConfirm = renderMarkDone(true);
    expect(screen.getByRole('switch', { name: 'Take a break afterwards' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ rest: 5 * 60_000 }));
  });

  it('offers no break for a task that holds no session, and sends none', async () => {
    const onConfirm = renderMarkDone(false);
    expect(screen.getByText(/Write report/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ rest: 0 }));
  });
});
