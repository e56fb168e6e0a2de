import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkQuery } from '../data/timeline-queries';
import { buildTask, renderAgenda, stubServer } from '../test-support';
import type { TimeRange, WireTimelineState } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { ControlBar } from './ControlBar';
import { currentItem } from './current-item';
import { agendaItems } from '../model/agenda-block';

const NOW = Date.UTC(2026, 2, 10, 9, 15);
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

function running(overrides: Partial<WireTimelineState> = {}): WireTimelineState {
  return {
    serverTime: NOW,
    timelineUpdatedAt: 1,
    reminderUpdatedAt: 0,
    hasUnconfirmedTask: false,
    autoExtend: true,
    isPaused: false,
    currentBlock: {
      isRest: false,
      task: 't1',
      event: '',
      timeblock: 'b1',
      start: NOW - 900_000,
      end: NOW + 900_000,
    },
    ...overrides,
  };
}

const items = agendaItems([]);

/** The bar for `state`, as the agenda draws it. */
const barFor = (state: WireTimelineState) => (
  <ControlBar env={env} state={state} current={currentItem(state, items)} onFocusMode={() => {}} />
);

describe('ControlBar', () => {
  // A new state is a new render: `rerender` would draw the bar without the app's providers.
  it('shows pause while running and play while paused or on a break', () => {
    const first = renderAgenda(barFor(running()));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeEnabled();
    first.unmount();
    renderAgenda(barFor(running({ isPaused: true, currentBlock: undefined })));
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(screen.getByTestId('current-title')).toHaveTextContent('Paused');
  });

  it('words its hint after the button it shows: play only while paused', () => {
    const first = renderAgenda(barFor(running({ currentBlock: undefined })));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeEnabled();
    expect(screen.getByTestId('control-bar')).not.toHaveTextContent(/press play/iu);
    first.unmount();
    renderAgenda(barFor(running({ isPaused: true, currentBlock: undefined })));
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(screen.getByTestId('control-bar')).toHaveTextContent(/press play/iu);
  });

  it('sends Next once however often it is pressed while the request runs', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = stubServer({ Next: () => running({ timelineUpdatedAt: 2 }) });
    server.fetchMock.mockImplementationOnce(async (...args) => {
      await gate;
      return server.fetchMock.getMockImplementation()?.(...args) ?? new Response();
    });
    renderAgenda(
      <ControlBar
        env={env}
        state={running()}
        current={currentItem(running(), items)}
        onFocusMode={() => {}}
      />,
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const next = screen.getByRole('button', { name: 'Next' });
    await user.click(next);
    // Busy, it says so and ignores presses, but keeps the focus (a disabled button drops it).
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
    await user.click(next);
    release();
    await waitFor(() => expect(next).not.toHaveAttribute('aria-disabled'));
    expect(next).toHaveFocus();
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('explains the auto-extend choice after toggling it', async () => {
    stubServer({ SetTimelineState: () => running({ autoExtend: false, timelineUpdatedAt: 1 }) });
    renderAgenda(
      <ControlBar
        env={env}
        state={running()}
        current={currentItem(running(), items)}
        onFocusMode={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Auto-extend' }));
    expect(await screen.findByText(/^Auto-extend is off/)).toBeInTheDocument();
  });
});

describe('ControlBar, nothing going on', () => {
  const H = 3_600_000;
  const DAY = { start: Date.UTC(2026, 2, 10), end: Date.UTC(2026, 2, 12) };
  // Play after a pause: the timeline runs, and nothing is current until the next block.
  const resumed = running({ currentBlock: undefined });
  const idle = currentItem(resumed, items);

  const planned = (title: string, start: number, end = start + H / 2) => {
    const task = buildTask({ id: title, title });
    return { timeblock: { id: `planned:${task.id}:${start}`, task, start, end } };
  };

  /** The agenda's range loaded into the query cache through GetTimeline, as the page loads it. */
  function LoadedRange({ range }: { range: TimeRange }) {
    useQuery(chunkQuery(range));
    return null;
  }

  function renderBar(containers: object[] | null) {
    stubServer({
      GetTimeline: () => ({ blockContainers: containers, reminders: [], timelineState: resumed }),
    });
    return renderAgenda(
      <>
        {containers && <LoadedRange range={DAY} />}
        <ControlBar env={env} state={resumed} current={idle} onFocusMode={() => {}} />
      </>,
    );
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('names the next planned task instead of asking for one', async () => {
    renderBar([
      planned('Review', NOW - 2 * H),
      planned('Emails', NOW + H * 0.75),
      planned('Report', NOW + H * 1.25),
      planned('Call', NOW + 2 * H),
    ]);
    const bar = screen.getByTestId('control-bar');
    await waitFor(() => expect(bar).toHaveTextContent('Next: Emails at 10:00 AM'));
    expect(bar).toHaveTextContent('Nothing planned right now');
    expect(bar).not.toHaveTextContent(/add a task/iu);
  });

  it('names the day of a next item that is not today', async () => {
    renderBar([planned('Emails', Date.UTC(2026, 2, 11, 8, 5))]);
    await waitFor(() =>
      expect(screen.getByTestId('control-bar')).toHaveTextContent(
        'Next: Emails on Wed, Mar 11, 8:05 AM',
      ),
    );
  });

  it('asks for a task only when the loaded plan holds nothing ahead', async () => {
    renderBar([planned('Review', NOW - 2 * H)]);
    await waitFor(() =>
      expect(screen.getByTestId('control-bar')).toHaveTextContent(
        'Add a task and Planner finds the time for it',
      ),
    );
  });

  it('claims nothing while the plan from now on is not loaded', () => {
    renderBar(null);
    const bar = screen.getByTestId('control-bar');
    expect(bar).toHaveTextContent('Nothing planned right now');
    expect(bar).not.toHaveTextContent(/add a task|next:/iu);
  });
});
