import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildTask, renderAgenda, stubServer } from '../test-support';
import type { AgendaEnv } from '../use-agenda-env';
import { UnconfirmedTasksDialog } from './UnconfirmedTasksDialog';

const env: AgendaEnv = {
  tag: 'en',
  timeZone: 'UTC',
  hour12: true,
  premiumLevel: 0,
  referralCount: 0,
  firstDayOfWeek: 'MON',
  tutorialStatus: '',
  isDebug: false,
};
const HOUR = 3_600_000;

describe('UnconfirmedTasksDialog', () => {
  it('checks every task; unchecked ones get one more hour', async () => {
    const server = stubServer({
      GetTasks: () => ({
        tasks: [
          buildTask({ id: 'a', title: 'Write report', timeScheduled: HOUR }),
          buildTask({ id: 'b', title: 'Answer emails', timeScheduled: 2 * HOUR }),
        ],
      }),
      PutMultipleTasks: () => ({ tasks: [] }),
      GetTimeline: () => ({ blockContainers: [], reminders: [] }),
    });
    renderAgenda(<UnconfirmedTasksDialog hasUnconfirmed stamp={1} env={env} />);
    const report = await screen.findByRole('checkbox', { name: 'Write report is done' });
    const emails = screen.getByRole('checkbox', { name: 'Answer emails is done' });
    expect(report).toBeChecked();
    expect(emails).toBeChecked();
    await userEvent.click(emails);
    expect(emails).not.toBeChecked();
    expect(screen.getByText('Gets 1 hr more')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.calls.map((c) => c.method)).toContain('PutMultipleTasks'));
    const put = server.calls.find((c) => c.method === 'PutMultipleTasks');
    expect(put?.input).toMatchObject({
      req: [
        { task: { id: 'a', isCompleted: true }, fields: ['isCompleted'] },
        { task: { id: 'b', timeScheduled: 3 * HOUR }, fields: ['timeScheduled'] },
      ],
    });
  });

  it('offers more time when there is a single task', async () => {
    stubServer({ GetTasks: () => ({ tasks: [buildTask({ id: 'a', title: 'Write report' })] }) });
    renderAgenda(<UnconfirmedTasksDialog hasUnconfirmed stamp={2} env={env} />);
    expect(
      await screen.findByRole('heading', { name: 'Did you finish this task?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I need more time' })).toBeInTheDocument();
  });
});
