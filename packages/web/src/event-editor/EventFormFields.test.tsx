import { fromWallClock, HOUR_MS } from '@planner/core';
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

function renderEvent() {
  const draft = newEventDraft('Dentist', START - 2 * HOUR_MS, 'n');
  return renderEditor(
    '/events/create',
    <PickersProvider>
      <EventEditor
        eventRef={null}
        initial={{ ...draft, category: WORK, start: START, end: at(11) }}
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
