import { fromWallClock } from '@planner/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { TimelineSnapshot } from '../data/use-timeline';
import type { AgendaBlock, AgendaItems } from '../model/agenda-block';
import { reminderRoute, taskRoute } from '../routes';
import { buildEnv, buildTask, renderAgenda } from '../test-support';
import type { WireReminder } from '../types';
import { dayRangeAround, DayView } from './DayView';

const ZONE = 'Europe/Berlin';
// The clocks go forward this day in Berlin: 02:00 does not exist.
const NOW = fromWallClock({ year: 2026, month: 3, day: 29, hour: 10, minute: 0 }, ZONE);
const ELEVEN = fromWallClock({ year: 2026, month: 3, day: 29, hour: 11, minute: 0 }, ZONE);
const H = 3_600_000;
const env = buildEnv({ timeZone: ZONE });

const task = buildTask({ id: 't1', title: 'Write report' });
const block: AgendaBlock = {
  id: 'b1',
  task: 't1',
  start: ELEVEN,
  end: ELEVEN + H,
  fixed: false,
  isRest: false,
  kind: 'task',
  locking: '',
  taskData: task,
};
const reminder: WireReminder = {
  id: 'rem-1',
  instanceId: '',
  title: 'Pay rent',
  start: ELEVEN + 3 * H,
  allDay: false,
  timezone: ZONE,
  status: 0,
  star: false,
  origin: ELEVEN + 3 * H,
  createdAt: 0,
  recurrenceRule: undefined,
};
const items: AgendaItems = {
  blocks: [block],
  travelSources: [],
  allDayEvents: [],
  tasks: new Map([['t1', task]]),
  events: new Map(),
};
const snapshot: TimelineSnapshot = {
  chunks: [],
  state: {
    serverTime: NOW,
    timelineUpdatedAt: 1,
    reminderUpdatedAt: 1,
    hasUnconfirmedTask: false,
    autoExtend: true,
    isPaused: false,
    currentBlock: undefined,
  },
  isLoading: false,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderDay() {
  return renderAgenda(
    <>
      <DayView
        env={env}
        range={dayRangeAround(NOW, ZONE)}
        items={items}
        reminders={[reminder]}
        snapshot={snapshot}
        focusDate={NOW}
        onExtend={() => {}}
      />
      <Where />
    </>,
  );
}

/** The drag layer has loaded once dnd-kit's hidden drag instructions are in the document. */
async function dragLayerLoaded() {
  await waitFor(() => expect(document.querySelector('[id^="DndDescribedBy"]')).not.toBeNull(), {
    timeout: 5000,
  });
}

beforeAll(async () => {
  // jsdom does no layout.
  Element.prototype.scrollIntoView = vi.fn();
  // The lazy menus and the drag layer, compiled once here: a test's first import of a module
  // makes Vitest transform it, which under a loaded machine took longer than a query waits (the
  // menu opened before the drag layer did not show within 1 s). In the browser they are plain
  // chunks; here they then load in a moment, as there.
  await Promise.all([
    import('./ReminderMenu'),
    import('./BlockMenu'),
    import('./QuickAddMenu'),
    import('./DndLayer'),
  ]);
});

beforeEach(() => {
  // Only the date: the drag layer's real timer and import run as in the browser.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DayView menus opened before the drag layer loads', () => {
  it("keeps a reminder's menu open, and its entries work, once the layer has loaded", async () => {
    renderDay();
    await userEvent.click(screen.getByRole('button', { name: 'More for Pay rent' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await dragLayerLoaded();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByTestId('where')).toHaveTextContent(reminderRoute(reminder));
  }, 10_000);

  it("gives the focus back to the reminder's button on Escape, though the row was redrawn", async () => {
    renderDay();
    const button = screen.getByRole('button', { name: 'More for Pay rent' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await dragLayerLoaded();
    expect(button.isConnected).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'More for Pay rent' })).toHaveFocus();
  }, 10_000);

  it("keeps the focus on a row's control when the loaded layer draws the list anew", async () => {
    renderDay();
    const button = screen.getByRole('button', { name: 'More for Pay rent' });
    button.focus();
    await dragLayerLoaded();
    expect(button.isConnected).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'More for Pay rent' })).toHaveFocus(),
    );
  }, 10_000);

  it("keeps a block's menu hanging from the block drawn by the loaded layer", async () => {
    // A block on the page has its place; a block taken out of it has none.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.isConnected && this.dataset['blockId']
        ? new DOMRect(120, 300, 400, 60)
        : new DOMRect(0, 0, 0, 0);
    });
    renderDay();
    const card = screen.getByRole('button', { name: /^Write report, 11:00 to 12:00/u });
    await userEvent.click(card);
    const item = await screen.findByRole('menuitem', { name: 'Open task' });
    await dragLayerLoaded();
    expect(card.isConnected).toBe(false);
    // The menu places itself again on a resize (after its 166 ms debounce), under the block.
    act(() => void window.dispatchEvent(new Event('resize')));
    const paper = item.closest<HTMLElement>('.MuiPaper-root');
    await waitFor(() => expect(paper?.style.top).toBe('360px'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Open task' }));
    expect(screen.getByTestId('where')).toHaveTextContent(taskRoute('t1'));
  }, 10_000);
});

describe('DayView keeps the focus on a block the plan moved', () => {
  // The plan moves the block: Next, a synced event or the clock gives it a new place and a new id.
  const moved: AgendaBlock = {
    ...block,
    id: 'planned:t1:later',
    start: ELEVEN + H,
    end: ELEVEN + 2 * H,
  };
  let setBlocks: (blocks: AgendaBlock[]) => void = () => {};

  function MovingDay() {
    const [blocks, set] = useState<AgendaBlock[]>([block]);
    setBlocks = set;
    return (
      <DayView
        env={env}
        range={dayRangeAround(NOW, ZONE)}
        items={{ ...items, blocks }}
        reminders={[reminder]}
        snapshot={snapshot}
        focusDate={NOW}
        onExtend={() => {}}
      />
    );
  }

  const card = (name: RegExp) => screen.getByRole('button', { name });

  it('gives the focus to the moved card when the focused one is drawn anew', async () => {
    renderAgenda(<MovingDay />);
    await dragLayerLoaded();
    card(/^Write report, 11:00 to 12:00/u).focus();
    act(() => setBlocks([moved]));
    await waitFor(() => expect(card(/^Write report, 12:00 to 13:00/u)).toHaveFocus());
  }, 10_000);

  it('gives the focus to the moved card when its menu closes on Escape', async () => {
    renderAgenda(<MovingDay />);
    await dragLayerLoaded();
    card(/^Write report, 11:00 to 12:00/u).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Open task' })).toHaveFocus();
    act(() => setBlocks([moved]));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(card(/^Write report, 12:00 to 13:00/u)).toHaveFocus());
  }, 10_000);

  it('follows no card the person let go of (a click on the background)', async () => {
    renderAgenda(<MovingDay />);
    await dragLayerLoaded();
    await userEvent.click(card(/^Write report, 11:00 to 12:00/u));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await userEvent.click(document.body);
    act(() => setBlocks([moved]));
    await act(() => Promise.resolve());
    expect(document.body).toHaveFocus();
  }, 10_000);

  it('takes no focus from where the person put it', async () => {
    renderAgenda(<MovingDay />);
    await dragLayerLoaded();
    card(/^Write report, 11:00 to 12:00/u).focus();
    const other = screen.getByRole('button', { name: 'More for Pay rent' });
    other.focus();
    act(() => setBlocks([moved]));
    await act(() => Promise.resolve());
    expect(other).toHaveFocus();
  }, 10_000);
});
