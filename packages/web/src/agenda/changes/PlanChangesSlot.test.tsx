import { fromWallClock } from '@planner/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import AgendaPage from '../AgendaPage';
import { buildRecurringEvent, buildTask, renderAgenda, stubServer } from '../test-support';
import type { WirePlanChanges, WirePlanMove } from '../types';

// The note read from the real query cache: GetTimeline answers the plan and its latest changes.
const ZONE = 'Europe/Berlin';
const at = (hour: number) => fromWallClock({ year: 2026, month: 11, day: 28, hour }, ZONE);
const NOW = at(10);
const H = 3_600_000;

const tasks = ['Write report', 'File taxes', 'Call mum', 'Read paper', 'Plan trip'].map(
  (title, i) => buildTask({ id: `t${i + 1}`, title }),
);
const meeting = buildRecurringEvent(at(14), H, { id: 'e1', title: 'Team meeting', source: '' });

const containers = () => [
  ...tasks.map((task, i) => ({
    timeblock: { id: `planned:${task.id}:${at(15 + i)}`, task, start: at(15 + i), end: at(16 + i) },
  })),
  {
    timeblock: { id: meeting.block.id, event: 'e1', start: at(14), end: at(15), fixed: true },
    event: meeting.event,
  },
];

const move = (task: string, fields: Partial<WirePlanMove> = {}): WirePlanMove => ({
  task,
  reason: 'busy',
  event: '',
  byTask: '',
  wasStart: at(14),
  nowStart: at(15),
  ...fields,
});

const USER = 'user-1';

/** The agenda for NOW, its timeline state carrying `changes` (or a function of the request-id). */
function serve(changes: WirePlanChanges | ((requestId: string) => WirePlanChanges)) {
  const timelineState = (requestId: string) => ({
    serverTime: NOW,
    timelineUpdatedAt: 1,
    reminderUpdatedAt: 1,
    planChanges: typeof changes === 'function' ? changes(requestId) : changes,
  });
  return stubServer({
    GetUserProfile: () => ({
      user: { id: USER, options: { timezone: ZONE, timeFormat: '12-hour clock' } },
      options: { timezone: ZONE, timeFormat: '12-hour clock' },
    }),
    GetTimeline: (_input, headers) => ({
      blockContainers: containers(),
      reminders: [],
      timelineState: timelineState(headers['request-id'] ?? ''),
    }),
    GetTimelineState: (_input, headers) => timelineState(headers['request-id'] ?? ''),
    GetOverdueReminders: () => ({ reminders: [] }),
  });
}

function renderPage() {
  return renderAgenda(
    <Routes>
      <Route path="/agenda/:view?/:currentDate?" element={<AgendaPage />} />
    </Routes>,
    '/agenda/day',
  );
}

/** The page has painted the plan in the person's 12-hour clock: state and profile are in. */
async function planShown() {
  await screen.findByRole('button', { name: /^Write report, 3:00\sPM/u }, { timeout: 10_000 });
}

/** The note, given time for the page and the note's own code to load on a busy machine. */
const findNote = () =>
  screen.findByRole('group', { name: 'Your plan changed' }, { timeout: 10_000 });
const note = () => screen.queryByRole('group', { name: 'Your plan changed' });
const plain = (text: string | null) => (text ?? '').replace(/\s/gu, ' ');

/** No note, also once the note's own code would have loaded and decided. */
async function expectNoNote() {
  await import('./PlanChangesContent');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(note()).toBeNull();
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the "what changed" note', () => {
  it('lists up to three moves with their reasons, and counts the rest', async () => {
    serve({
      at: NOW - 60_000,
      causeRequest: 'a-request-of-another-device',
      moves: [
        move('t1', { event: 'e1' }),
        move('t2', { reason: 'deadline', byTask: 't3', nowStart: at(16) }),
        move('t3', { reason: 'horizon', nowStart: 0 }),
        move('t4', { reason: 'changed' }),
        move('t5', { reason: 'shape' }),
      ],
    });
    renderPage();
    const shown = await findNote();
    const lines = within(shown)
      .getAllByRole('listitem')
      .map((item) => plain(item.textContent));
    expect(lines).toEqual([
      'Write report moved to 3:00 PM: Team meeting now covers its time',
      'File taxes moved to 4:00 PM: Call mum needed the time to meet its deadline',
      'Call mum is no longer planned: it is further ahead than your agenda plans',
      'and 2 more',
    ]);
    // Read out politely, not as an alert.
    expect(shown.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a change without a cause as well (a sync, time passing)', async () => {
    serve({ at: NOW - 60_000, causeRequest: '', moves: [move('t1', { reason: 'changed' })] });
    renderPage();
    const shown = await findNote();
    expect(plain(shown.textContent)).toContain(
      'Write report moved to 3:00 PM: the task itself changed',
    );
  });

  it('stays away when this tab made the change', async () => {
    // The server names the very request this tab sent for the timeline as the cause.
    serve((requestId) => ({
      at: NOW - 60_000,
      causeRequest: requestId,
      moves: [move('t1', { event: 'e1' })],
    }));
    renderPage();
    await planShown();
    expect(note()).toBeNull();
  });

  it('stays away when nothing was re-planned (at 0)', async () => {
    serve({ at: 0, causeRequest: '', moves: [move('t1', { event: 'e1' })] });
    renderPage();
    await planShown();
    expect(note()).toBeNull();
  });

  it('leaves out the moves whose new time has passed', async () => {
    serve({
      at: NOW - 3 * H,
      causeRequest: '',
      moves: [move('t1', { wasStart: at(8), nowStart: at(9) }), move('t2', { nowStart: at(16) })],
    });
    renderPage();
    const shown = await findNote();
    const lines = within(shown)
      .getAllByRole('listitem')
      .map((item) => plain(item.textContent));
    expect(lines).toEqual(['File taxes moved to 4:00 PM: its time is no longer free']);
  });

  it('stays away once every move’s new time has passed (the next morning, say)', async () => {
    // Yesterday at 2 PM the plan moved Write report to 3:05 PM; it is 10 AM the day after.
    const yesterday = (hour: number) => at(hour) - 24 * H;
    serve({
      at: yesterday(14),
      causeRequest: '',
      moves: [move('t1', { wasStart: yesterday(14), nowStart: yesterday(15) + 5 * 60_000 })],
    });
    renderPage();
    await planShown();
    await expectNoNote();
  });

  it('stays away a day after the change, whatever it said', async () => {
    serve({
      at: NOW - 25 * H,
      causeRequest: '',
      moves: [move('t1'), move('t3', { reason: 'horizon', nowStart: 0 })],
    });
    renderPage();
    await planShown();
    await expectNoNote();
  });

  it('is gone once dismissed, and does not come back for the same change', async () => {
    const changes = { at: NOW - 60_000, causeRequest: '', moves: [move('t1', { event: 'e1' })] };
    serve(changes);
    const first = renderPage();
    const shown = await findNote();
    await userEvent.click(within(shown).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(note()).toBeNull());
    first.unmount();

    renderPage();
    await planShown();
    expect(note()).toBeNull();
  });
});
