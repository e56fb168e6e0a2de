import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildEnv, buildTask, renderAgenda } from '../test-support';
import { BlockCard } from './BlockCard';

const env = buildEnv();
const NINE = Date.UTC(2026, 2, 10, 8, 0);
const block = {
  id: 'b1',
  task: 't1',
  start: NINE,
  end: NINE + 90 * 60_000,
  fixed: true,
  isRest: false,
  kind: 'task' as const,
  locking: '',
  taskData: buildTask({
    id: 't1',
    title: 'Write report',
    deadline: NINE + 86_400_000,
    lastTimeblockEnd: NINE + 90 * 60_000,
  }),
  mergedIds: ['b1'],
};

describe('BlockCard', () => {
  it('is a button named for screen readers by title and times, in the person zone', async () => {
    const onOpen = vi.fn();
    renderAgenda(
      <BlockCard
        block={block}
        title="Write report"
        color="#2196f3"
        isCurrent={false}
        isPast={false}
        env={env}
        now={NINE - 60_000}
        onOpen={onOpen}
      />,
    );
    // Locked at this time, as the week view names it too.
    const card = screen.getByRole('button', { name: 'Write report, 09:00 to 10:30, locked' });
    expect(card).toHaveTextContent('On time');
    expect(screen.getByLabelText('Locked at this time')).toBeInTheDocument();
    card.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('invites an upgrade for a task beyond the agenda length', () => {
    renderAgenda(
      <BlockCard
        block={{ ...block, kind: 'locked', locking: 'horizon', fixed: false }}
        title="Write report"
        color="#2196f3"
        isCurrent={false}
        isPast={false}
        env={env}
        now={NINE}
        onOpen={() => {}}
      />,
    );
    expect(screen.getByText(/upgrade to plan it/u)).toBeInTheDocument();
  });

  it('names a task beyond the tracked tasks by why, not by times it is not planned at', () => {
    renderAgenda(
      <BlockCard
        block={{ ...block, kind: 'locked', locking: 'taskLimit', fixed: false }}
        title="Write report"
        color="#2196f3"
        isCurrent={false}
        isPast={false}
        env={env}
        now={NINE}
        onOpen={() => {}}
      />,
    );
    expect(
      screen.getByRole('button', {
        name: 'Write report. Beyond your tracked tasks · upgrade to plan it',
      }),
    ).toBeInTheDocument();
  });
});
