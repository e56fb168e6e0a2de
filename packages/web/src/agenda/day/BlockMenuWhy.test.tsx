import { fromWallClock } from '@planner/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineSnapshot } from '../data/use-timeline';
import type { AgendaBlock, AgendaItems } from '../model/agenda-block';
import { buildEnv, buildRecurringEvent, buildTask, renderAgenda } from '../test-support';
import type { WireTask } from '../types';
import { dayRangeAround, DayView } from './DayView';

// The block menu's line on why a task block sits where it is, in the person's 12-hour clock.
const ZONE = 'Europe/Berlin';
const at = (day: number, hour: number) =>
  fromWallClock({ year: 2026, month: 11, day, hour, minute: 0 }, ZONE);
const NOW = at(28, 10);
const H = 3_600_000;
const env = buildEnv({ timeZone: ZONE, hour12: true });

const moved = buildTask({ id: 't1', title: 'Write report' });
const due = buildTask({ id: 't2', title: 'File taxes', deadline: at(30, 17) });
const open = buildTask({ id: 't3', title: 'Read paper' });
const fixed = buildTask({ id: 't4', title: 'Call mum' });
const meeting = buildRecurringEvent(at(28, 11), H, { id: 'e1', title: 'Team meeting' });

const taskBlock = (task: WireTask, start: number, isFixed = false): AgendaBlock => ({
  id: `planned:${task.id}:${start}`,
  task: task.id,
  start,
  end: start + H,
  fixed: isFixed,
  isRest: false,
  kind: 'task',
  locking: '',
  taskData: task,
});

const meetingBlock: AgendaBlock = {
  id: meeting.block.id,
  event: 'e1',
  start: at(28, 11),
  end: at(28, 12),
  fixed: true,
  isRest: false,
  kind: 'event',
  locking: '',
  eventData: meeting.event,
};

const items: AgendaItems = {
  blocks: [
    meetingBlock,
    taskBlock(moved, at(28, 12)),
    taskBlock(due, at(28, 13)),
    taskBlock(open, at(28, 14)),
    taskBlock(fixed, at(28, 15), true),
  ],
  travelSources: [],
  allDayEvents: [],
  tasks: new Map([moved, due, open, fixed].map((t) => [t.id, t])),
  events: new Map([['e1', meeting.event]]),
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
    planChanges: {
      at: NOW - 60_000,
      causeRequest: '',
      moves: [
        {
          task: 't1',
          reason: 'busy',
          event: 'e1',
          byTask: '',
          wasStart: at(28, 11),
          nowStart: at(28, 12),
        },
      ],
    },
  },
  isLoading: false,
};

function renderDay() {
  return renderAgenda(
    <DayView
      env={env}
      range={dayRangeAround(NOW, ZONE)}
      items={items}
      reminders={[]}
      snapshot={snapshot}
      focusDate={NOW}
      onExtend={() => {}}
    />,
  );
}

/** Opens the block's menu and answers its why-line (the menu's description). */
async function whyOf(title: string): Promise<HTMLElement> {
  renderDay();
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${title},`, 'u') }));
  await screen.findByRole('menuitem', { name: 'Open task' }, { timeout: 10_000 });
  return screen.getByTestId('block-why');
}

const plain = (text: string | null) => (text ?? '').replace(/\s/gu, ' ');

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a block menu's why-line", () => {
  it('gives the reason of the latest re-plan for a moved block', async () => {
    const why = await whyOf('Write report');
    expect(plain(why.textContent)).toBe('Moved here: Team meeting now covers its time');
    // Text to read, not an action: it describes the menu, and the first action has the focus.
    expect(screen.getByRole('menu')).toHaveAccessibleDescription(
      'Moved here: Team meeting now covers its time',
    );
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Open task' })).toHaveFocus());
  });

  it('gives the deadline, with its day and time, for a task that has one', async () => {
    const why = await whyOf('File taxes');
    expect(plain(why.textContent)).toBe(
      'Planned before its deadline of Mon, Nov 30, 5:00 PM: tasks with deadlines come first',
    );
  });

  it('gives the first free time for a task without a deadline', async () => {
    const why = await whyOf('Read paper');
    expect(plain(why.textContent)).toBe(
      'Planned in the first free time after tasks with deadlines',
    );
  });

  it('says a fixed block is where the person put it', async () => {
    const why = await whyOf('Call mum');
    expect(plain(why.textContent)).toBe('You fixed this block here');
  });

  it('has no why-line for an event', async () => {
    renderDay();
    await userEvent.click(screen.getByRole('button', { name: /^Team meeting,/u }));
    await screen.findByRole('menuitem', { name: 'Open event' }, { timeout: 10_000 });
    expect(screen.queryByTestId('block-why')).toBeNull();
  });
});
