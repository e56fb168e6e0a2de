import { fromWallClock, HOUR_MS, INPUT_BOUNDS, type RecurrenceRule } from '@planner/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFS, renderEditor, sentOf, serve, WORK } from '../editors/testing/editor-test-kit';
import { PickersProvider } from '../editors/PickersProvider';
import { newEventDraft } from './event-draft';
import { EventEditor } from './EventEditor';

vi.mock('../api/client', () => import('../editors/testing/fake-client'));

const ZONE = PREFS.timeZone;
// Sunday 29 March 2026, the day Berlin moves its clocks forward: 10:00 to 11:00 there.
const at = (hour: number) =>
  fromWallClock({ year: 2026, month: 3, day: 29, hour, minute: 0 }, ZONE);
const START = at(10);

function renderEvent(rule?: RecurrenceRule) {
  const draft = newEventDraft('Dentist', START - 2 * HOUR_MS, 'n');
  return renderEditor(
    '/events/create',
    <PickersProvider>
      <EventEditor
        eventRef={null}
        initial={{ ...draft, category: WORK, start: START, end: at(11), rule: rule ?? draft.rule }}
        prefs={PREFS}
      />
    </PickersProvider>,
    '/events/create',
  );
}

const hoursOf = (group: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('spinbutton', { name: 'Hours' });

/** Types into a time's hours key by key; after each key the other time must not have moved. */
async function typeHours(
  user: ReturnType<typeof userEvent.setup>,
  group: string,
  digits: string,
  other: { group: string; hours: string },
) {
  await user.click(hoursOf(group));
  for (const digit of digits) {
    await user.keyboard(digit);
    expect(hoursOf(other.group)).toHaveTextContent(other.hours);
  }
}

async function leaveAndSave(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('textbox', { name: 'Title' }));
}

async function saved(user: ReturnType<typeof userEvent.setup>, sent: ReturnType<typeof serve>) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Agenda page')).toBeInTheDocument();
  expect(sentOf(sent, 'CreateEvent')).toHaveLength(1);
  return sentOf(sent, 'CreateEvent')[0];
}

beforeEach(() => {
  vi.useFakeTimers({ now: START - 2 * HOUR_MS, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('start and end typed key by key', () => {
  it('an end typed as 1 then 5 keeps the start: 10:00 to 15:00', async () => {
    const sent = serve({ CreateEvent: () => ({}) });
    const user = userEvent.setup();
    renderEvent();
    await screen.findByRole('textbox', { name: 'Title' });
    await typeHours(user, 'End time', '15', { group: 'Start time', hours: '10' });
    expect(hoursOf('End time')).toHaveTextContent('15');
    await leaveAndSave(user);
    expect(hoursOf('Start time')).toHaveTextContent('10');
    expect(await saved(user, sent)).toMatchObject({ event: { start: START, end: at(15) } });
  });

  it('a complete end at or before the start pulls the start to an hour before, once left', async () => {
    const sent = serve({ CreateEvent: () => ({}) });
    const user = userEvent.setup();
    renderEvent();
    await screen.findByRole('textbox', { name: 'Title' });
    await typeHours(user, 'End time', '09', { group: 'Start time', hours: '10' });
    await leaveAndSave(user);
    await waitFor(() => expect(hoursOf('Start time')).toHaveTextContent('08'));
    expect(await saved(user, sent)).toMatchObject({ event: { start: at(8), end: at(9) } });
  });

  it('a complete start past the end pushes the end to an hour after, once left', async () => {
    const sent = serve({ CreateEvent: () => ({}) });
    const user = userEvent.setup();
    renderEvent();
    await screen.findByRole('textbox', { name: 'Title' });
    await typeHours(user, 'Start time', '12', { group: 'End time', hours: '11' });
    await leaveAndSave(user);
    await waitFor(() => expect(hoursOf('End time')).toHaveTextContent('13'));
    expect(await saved(user, sent)).toMatchObject({ event: { start: at(12), end: at(13) } });
  });

  it('moving between the sections of the time being typed is not leaving it', async () => {
    serve({});
    const user = userEvent.setup();
    renderEvent();
    await screen.findByRole('textbox', { name: 'Title' });
    // 1 o'clock so far: before the start, but not finished.
    await typeHours(user, 'End time', '1', { group: 'Start time', hours: '10' });
    const endTime = screen.getByRole('group', { name: 'End time' });
    await user.click(within(endTime).getByRole('spinbutton', { name: 'Minutes' }));
    await user.click(hoursOf('End time'));
    expect(hoursOf('Start time')).toHaveTextContent('10');
    await user.keyboard('{Backspace}17');
    await leaveAndSave(user);
    expect(hoursOf('Start time')).toHaveTextContent('10');
    expect(hoursOf('End time')).toHaveTextContent('17');
  });
});

const WEEKLY: RecurrenceRule = { freq: 'WEEKLY', interval: 1, byDay: '', until: 0, count: 0 };

async function chooseEnd(user: ReturnType<typeof userEvent.setup>, end: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Ends' }));
  await user.click(screen.getByRole('option', { name: end }));
}

describe('the repeat fields', () => {
  it("the repeat's end date has its own name, apart from the event's end date", async () => {
    serve({});
    const user = userEvent.setup();
    renderEvent(WEEKLY);
    await chooseEnd(user, 'On a date');
    expect(screen.getByRole('group', { name: 'Repeat until' })).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: 'End date' })).toHaveLength(1);
  });

  it('a number of times past the server bound is brought down to it, as Every is', async () => {
    const sent = serve({ CreateEvent: () => ({}) });
    const user = userEvent.setup();
    renderEvent(WEEKLY);
    await chooseEnd(user, 'After a number of times');
    const count = screen.getByRole('spinbutton', { name: 'Occurrences' });
    await user.clear(count);
    await user.type(count, '99999999');
    await leaveAndSave(user);
    expect(count).toHaveValue(INPUT_BOUNDS.recurrenceCount);
    expect(await saved(user, sent)).toMatchObject({
      event: { recurrenceRule: { freq: 'WEEKLY', count: INPUT_BOUNDS.recurrenceCount } },
    });
  });

  it('an end date before the start says so at the field, and Save sends nothing', async () => {
    const sent = serve({ CreateEvent: () => ({}) });
    const user = userEvent.setup();
    renderEvent(WEEKLY);
    await chooseEnd(user, 'On a date');
    // One week after the start (5 April), then a month back: 5 March, before the start.
    const until = screen.getByRole('group', { name: 'Repeat until' });
    await user.click(within(until).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('{ArrowDown}');
    await leaveAndSave(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The repeat cannot end before the start',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentOf(sent, 'CreateEvent')).toEqual([]);
    expect(screen.queryByText('Agenda page')).toBeNull();

    // Back to April: the message goes and the event is saved.
    await user.click(within(until).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('{ArrowUp}');
    await leaveAndSave(user);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await saved(user, sent)).toMatchObject({
      event: {
        recurrenceRule: {
          freq: 'WEEKLY',
          until: fromWallClock({ year: 2026, month: 4, day: 5, hour: 10, minute: 0 }, ZONE),
        },
      },
    });
  });

  it('a start moved past the end date says so at the end date, and Save sends nothing', async () => {
    const sent = serve({ CreateEvent: () => ({}) });
    const user = userEvent.setup();
    renderEvent({ ...WEEKLY, until: START + 2 * 24 * HOUR_MS });
    await screen.findByRole('group', { name: 'Repeat until' });
    // 29 March to 29 April, after the repeat's end on 31 March.
    const startDate = screen.getByRole('group', { name: 'Start date' });
    await user.click(within(startDate).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('{ArrowUp}');
    await leaveAndSave(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The repeat cannot end before the start',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentOf(sent, 'CreateEvent')).toEqual([]);
  });
});
