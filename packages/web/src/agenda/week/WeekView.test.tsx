import { fromWallClock } from '@planner/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgendaBlock, AgendaItems } from '../model/agenda-block';
import { buildEnv, buildTask, renderAgenda } from '../test-support';
import type { WireReminder, WireTimelineState } from '../types';
import { WeekView } from './WeekView';

const ZONE = 'Europe/Berlin';
const at = (day: number, hour: number) =>
  fromWallClock({ year: 2026, month: 5, day, hour, minute: 0 }, ZONE);
// A Wednesday morning; its week starts on Monday 11 May.
const NOW = at(13, 10);
const WEEK_START = at(11, 0);
const H = 3_600_000;
const env = buildEnv({ timeZone: ZONE });

const report = buildTask({ id: 't1', title: 'Write report' });
const review = buildTask({ id: 't2', title: 'Review budget' });

function taskBlock(id: string, task: string, start: number): AgendaBlock {
  return {
    id,
    task,
    start,
    end: start + H,
    fixed: false,
    isRest: false,
    kind: 'task',
    locking: '',
    taskData: task === 't1' ? report : review,
  };
}

/** Write report on Wednesday at 11, Review budget on Thursday at 11. */
const wednesday = taskBlock('b1', 't1', at(13, 11));
const thursday = taskBlock('b2', 't2', at(14, 11));
/** The plan moves the Wednesday block: Next or the clock gives it a new place and a new id. */
const moved = taskBlock('planned:t1:later', 't1', at(13, 12));

const state: WireTimelineState = {
  serverTime: NOW,
  timelineUpdatedAt: 1,
  reminderUpdatedAt: 1,
  hasUnconfirmedTask: false,
  autoExtend: true,
  isPaused: false,
  currentBlock: undefined,
};

let setBlocks: (blocks: AgendaBlock[]) => void = () => {};

/** The week view over blocks a test re-plans, and a field beside it. */
function MovingWeek() {
  const [blocks, set] = useState<AgendaBlock[]>([wednesday, thursday]);
  setBlocks = set;
  const items: AgendaItems = {
    blocks,
    travelSources: [],
    allDayEvents: [],
    tasks: new Map([
      ['t1', report],
      ['t2', review],
    ]),
    events: new Map(),
  };
  return (
    <>
      <input aria-label="Note" />
      <WeekView
        env={env}
        weekStart={WEEK_START}
        items={items}
        reminders={[]}
        state={state}
        onWeek={() => {}}
      />
    </>
  );
}

const card = (name: RegExp) => screen.getByRole('button', { name });
const before = /^Write report, 11:00 to 12:00/u;
const after = /^Write report, 12:00 to 13:00/u;

/** The drag layer has loaded once dnd-kit's hidden drag instructions are in the document. */
async function dragLayerLoaded() {
  await waitFor(() => expect(document.querySelector('[id^="DndDescribedBy"]')).not.toBeNull(), {
    timeout: 5000,
  });
}

beforeAll(async () => {
  // The lazy menu and the drag layer, compiled once here (see DayView.test.tsx).
  await Promise.all([import('../day/BlockMenu'), import('./WeekDnd')]);
});

beforeEach(() => {
  // Only the date: the drag layer's real timer and import run as in the browser.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The week drawn with its drag layer loaded, the keyboard on the Wednesday block. */
async function focusWednesdayBlock() {
  renderAgenda(<MovingWeek />);
  await dragLayerLoaded();
  card(before).focus();
}

describe('WeekView keeps the focus on a block the plan moved', () => {
  it('gives the focus to the moved block when the focused one is drawn anew', async () => {
    await focusWednesdayBlock();
    act(() => setBlocks([moved, thursday]));
    await waitFor(() => expect(card(after)).toHaveFocus());
    // The twin is in the week in view, in the Tab order.
    expect(card(after)).toHaveAttribute('tabindex', '0');
  }, 10_000);

  it('goes on from the moved block on Tab, not from the top of the page', async () => {
    await focusWednesdayBlock();
    act(() => setBlocks([moved, thursday]));
    await waitFor(() => expect(card(after)).toHaveFocus());
    await userEvent.tab();
    expect(card(/^Review budget, 11:00 to 12:00/u)).toHaveFocus();
  }, 10_000);

  it('keeps the focus on the block that the loaded drag layer draws anew', async () => {
    renderAgenda(<MovingWeek />);
    const first = card(before);
    first.focus();
    await dragLayerLoaded();
    expect(first.isConnected).toBe(false);
    await waitFor(() => expect(card(before)).toHaveFocus());
  }, 10_000);

  it('gives the focus to the moved block when its menu closes on Escape', async () => {
    await focusWednesdayBlock();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Open task' })).toHaveFocus();
    act(() => setBlocks([moved, thursday]));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(card(after)).toHaveFocus());
  }, 10_000);

  it("leaves the focus in the block's open menu", async () => {
    await focusWednesdayBlock();
    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Open task' });
    expect(item).toHaveFocus();
    act(() => setBlocks([moved, thursday]));
    await act(() => Promise.resolve());
    expect(item).toHaveFocus();
  }, 10_000);

  it('takes no focus from a field the person went to', async () => {
    await focusWednesdayBlock();
    const field = screen.getByRole('textbox', { name: 'Note' });
    field.focus();
    act(() => setBlocks([moved, thursday]));
    await act(() => Promise.resolve());
    expect(field).toHaveFocus();
  }, 10_000);

  it('follows no block the person let go of (a click on the background)', async () => {
    renderAgenda(<MovingWeek />);
    await dragLayerLoaded();
    await userEvent.click(card(before));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await userEvent.click(document.body);
    act(() => setBlocks([moved, thursday]));
    await act(() => Promise.resolve());
    expect(document.body).toHaveFocus();
  }, 10_000);

  it('gives the focus to no block of a week out of view', async () => {
    await focusWednesdayBlock();
    // Re-planned to next week: drawn there, out of the Tab order.
    act(() => setBlocks([taskBlock('planned:t1:next', 't1', at(20, 11)), thursday]));
    await act(() => Promise.resolve());
    expect(document.body).toHaveFocus();
  }, 10_000);
});

/** One week drawn as it is, no re-plan: the blocks and reminders a test gives it. */
function renderWeek(
  blocks: AgendaBlock[],
  reminders: WireReminder[] = [],
  onWeek: (week: number) => void = () => {},
) {
  const tasks = new Map(blocks.flatMap((b) => (b.taskData ? [[b.taskData.id, b.taskData]] : [])));
  const items: AgendaItems = {
    blocks,
    travelSources: [],
    allDayEvents: [],
    tasks,
    events: new Map(),
  };
  renderAgenda(
    <WeekView
      env={env}
      weekStart={WEEK_START}
      items={items}
      reminders={reminders}
      state={state}
      onWeek={onWeek}
    />,
  );
}

function titledBlock(id: string, title: string, start: number, end: number): AgendaBlock {
  const task = buildTask({ id: `task:${id}`, title });
  return {
    id,
    task: task.id,
    start,
    end,
    fixed: false,
    isRest: false,
    kind: 'task',
    locking: '',
    taskData: task,
  };
}

describe('WeekView arrows', () => {
  it('step from the week asked last: two clicks before a redraw go two weeks on', async () => {
    const onWeek = vi.fn<(week: number) => void>();
    // The page has not drawn the next week yet (its navigation renders in a transition).
    renderWeek([], [], onWeek);
    const next = screen.getByRole('button', { name: 'Next week' });
    await userEvent.click(next);
    await userEvent.click(next);
    const day = 24 * 60 * 60_000;
    expect(onWeek.mock.calls.map(([week]) => Math.round((week - WEEK_START) / day))).toEqual([
      7, 14,
    ]);
  });
});

describe('WeekView names and marks', () => {
  it('names the days of a block that ends on another day, in each of its boxes', () => {
    renderWeek([
      titledBlock('yoga', 'Yoga', at(13, 22), at(14, 1)),
      titledBlock('read', 'Read', at(13, 11), at(13, 12)),
    ]);
    expect(screen.getAllByRole('button', { name: 'Yoga, Wed 22:00 to Thu 01:00' })).toHaveLength(2);
    // Within one day the name keeps its times only, as the browser tests find it.
    expect(screen.getByRole('button', { name: 'Read, 11:00 to 12:00' })).toBeInTheDocument();
  });

  it("stands a reminder's mark on its time, clear of the title of the block after it", () => {
    const vitamins: WireReminder = {
      id: 'r1',
      instanceId: 'r1:1',
      title: 'Take vitamins',
      start: at(11, 8) + 45 * 60_000,
      allDay: false,
      timezone: ZONE,
      status: 0,
      star: false,
      origin: at(11, 8),
      createdAt: 0,
      recurrenceRule: undefined,
    };
    renderWeek([titledBlock('standup', 'Team standup', at(11, 9), at(11, 9) + H / 4)], [vitamins]);
    const mark = screen.getByRole('button', { name: 'Reminder: Take vitamins at 08:45' });
    // 8:45 is 35/96 of the day; the mark's 24 px end there.
    expect(mark.style.top).toMatch(/^calc\(36\.458\d*% - 24px\)$/u);
    const standup = screen.getByRole('button', { name: 'Team standup, 09:00 to 09:15' });
    expect(standup.style.width).toBe('calc(100% - 4px)');
  });
});
