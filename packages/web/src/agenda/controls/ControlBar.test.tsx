import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAgenda, stubServer } from '../test-support';
import type { WireTimelineState } from '../types';
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

describe('ControlBar', () => {
  it('shows pause while running and play while paused or on a break', () => {
    const { rerender } = renderAgenda(
      <ControlBar
        env={env}
        state={running()}
        current={currentItem(running(), items)}
        onFocusMode={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Pause' })).toBeEnabled();
    const paused = running({ isPaused: true, currentBlock: undefined });
    rerender(
      <ControlBar
        env={env}
        state={paused}
        current={currentItem(paused, items)}
        onFocusMode={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(screen.getByTestId('current-title')).toHaveTextContent('Paused');
  });

  it('words its hint after the button it shows: play only while paused', () => {
    const idle = running({ currentBlock: undefined });
    const { rerender } = renderAgenda(
      <ControlBar
        env={env}
        state={idle}
        current={currentItem(idle, items)}
        onFocusMode={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Pause' })).toBeEnabled();
    expect(screen.getByTestId('control-bar')).not.toHaveTextContent(/press play/iu);
    const paused = running({ isPaused: true, currentBlock: undefined });
    rerender(
      <ControlBar
        env={env}
        state={paused}
        current={currentItem(paused, items)}
        onFocusMode={() => {}}
      />,
    );
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
