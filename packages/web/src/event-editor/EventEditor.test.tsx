import { DAY_MS, fromWallClock, HOUR_MS } from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dialogNamed,
  PREFS,
  renderEditor,
  sentOf,
  serve,
  WORK,
} from '../editors/testing/editor-test-kit';
import { categoriesQueryKey, type PlainCategory } from '../categories/categories-api';
import { PickersProvider } from '../editors/PickersProvider';
import { draftFromEvent, newEventDraft, type EventDraft, type PlainEvent } from './event-draft';
import { EventEditor } from './EventEditor';

vi.mock('../api/client', () => import('../editors/testing/fake-client'));

const ZONE = PREFS.timeZone;
// Tuesday 3 June 2025, 10:00 in Berlin.
const START = fromWallClock({ year: 2025, month: 6, day: 3, hour: 10, minute: 0 }, ZONE);

const SERIES: PlainEvent = {
  id: 'ev-1',
  title: 'Standup',
  start: START,
  end: START + HOUR_MS / 4,
  allDay: false,
  category: WORK,
  travelTop: 0,
  travelBottom: 0,
  notifications: [],
  recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 10 },
  timezone: ZONE,
  note: '',
  hasNote: false,
  checklist: [],
  source: '',
  rootId: 'ev-1',
  instanceNumber: 2,
  isVirtual: true,
  createdAt: 0,
  updatedAt: 0,
};

beforeEach(() => {
  // The pickers accept dates from 90 days back: the clock is set two hours before the series.
  vi.useFakeTimers({ now: START - 2 * HOUR_MS, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

function renderNew(initial: EventDraft) {
  return renderEditor(
    '/events/create',
    <PickersProvider>
      <EventEditor eventRef={null} initial={initial} prefs={PREFS} />
    </PickersProvider>,
    '/events/create',
  );
}

const FRIENDS: PlainCategory = { ...WORK, id: 'cat-friends', title: 'Friends', icon: 'people' };

/** An instance of the series as the agenda opened it (the route's start is its start). */
function renderInstance(event: PlainEvent, beside?: ReactNode) {
  const initial = draftFromEvent(event, 'new-item');
  return renderEditor(
    '/event/:id',
    <PickersProvider>
      <EventEditor
        eventRef={{ event, instanceStart: event.start }}
        initial={initial}
        prefs={PREFS}
      />
      {beside}
    </PickersProvider>,
    '/event/ev-1',
  );
}

async function rename(user: ReturnType<typeof userEvent.setup>, title: string) {
  const box = await screen.findByRole('textbox', { name: 'Title' });
  await user.clear(box);
  await user.type(box, title);
}

/** What a categoryUpdated push does: the categories are fetched again. */
function CategoriesChangedElsewhere() {
  const client = useQueryClient();
  return (
    <button onClick={() => void client.invalidateQueries({ queryKey: categoriesQueryKey })}>
      Categories changed elsewhere
    </button>
  );
}

function radioNames(dialog: HTMLElement): string[] {
  return within(dialog)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent ?? '');
}

describe('the event screen', () => {
  it('an event without a category shows invalid.chooseCategory and sends nothing', async () => {
    const sent = serve({});
    const user = userEvent.setup();
    renderNew(newEventDraft('Dentist', START - 2 * HOUR_MS, 'n'));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a category');
    expect(sentOf(sent, 'CreateEvent')).toEqual([]);
  });

  it("the event's category deleted in the picker leaves it without one: Save asks for one", async () => {
    const sent = serve({
      GetCategories: () => ({ categories: [WORK, FRIENDS] }),
      DeleteCategory: () => ({}),
      UpdateEvent: () => ({}),
    });
    const user = userEvent.setup();
    renderInstance({ ...SERIES, recurrenceRule: undefined, category: FRIENDS });
    const field = await screen.findByRole('button', { name: 'Category' });
    expect(field).toHaveTextContent('Friends');
    await user.click(field);
    await user.click(
      within(dialogNamed('Choose a category')).getByRole('button', { name: 'Edit Friends' }),
    );
    await user.click(within(dialogNamed('Edit category')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(dialogNamed('Delete “Friends”?')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(sentOf(sent, 'DeleteCategory')).toEqual([{ id: FRIENDS.id }]));
    // Back in the list (once the two dialogs over it have gone), and out of it.
    const list = await waitFor(() => dialogNamed('Choose a category'), { timeout: 10_000 });
    await user.click(within(list).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(field).toHaveTextContent('Choose a category'));

    await rename(user, 'Dinner with friends');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a category');
    expect(sentOf(sent, 'UpdateEvent')).toEqual([]);
    // The edit is still there to be saved with another category.
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Dinner with friends');
  });

  it('a category deleted elsewhere while the event is open is asked for before sending', async () => {
    serve({ GetCategories: () => ({ categories: [WORK, FRIENDS] }) });
    const user = userEvent.setup();
    renderInstance(
      { ...SERIES, recurrenceRule: undefined, category: FRIENDS },
      <CategoriesChangedElsewhere />,
    );
    const field = await screen.findByRole('button', { name: 'Category' });
    await waitFor(() => expect(field).toHaveTextContent('Friends'));
    const sent = serve({ GetCategories: () => ({ categories: [WORK] }), UpdateEvent: () => ({}) });
    await user.click(screen.getByRole('button', { name: 'Categories changed elsewhere' }));
    await waitFor(() => expect(field).toHaveTextContent('Choose a category'));

    await rename(user, 'Dinner with friends');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a category');
    expect(sentOf(sent, 'UpdateEvent')).toEqual([]);
  });

  it('24 hours or more asks first, with the duration; Cancel sends nothing', async () => {
    const sent = serve({ CreateEvent: () => ({}) });
    const user = userEvent.setup();
    const draft = newEventDraft('Conference', START - 2 * HOUR_MS, 'n');
    renderNew({ ...draft, category: WORK, end: draft.start + DAY_MS + 2 * HOUR_MS });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    let dialog = dialogNamed('Save a long event?');
    expect(dialog).toHaveTextContent('This event lasts 1 d 2 h');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentOf(sent, 'CreateEvent')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    dialog = dialogNamed('Save a long event?');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(sentOf(sent, 'CreateEvent')).toHaveLength(1);
  });

  it('under 24 hours saves without asking', async () => {
    const sent = serve({ CreateEvent: () => ({}) });
    const user = userEvent.setup();
    const draft = newEventDraft('Workshop', START - 2 * HOUR_MS, 'n');
    renderNew({ ...draft, category: WORK, end: draft.start + DAY_MS - 5 * 60_000 });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(sentOf(sent, 'CreateEvent')).toHaveLength(1);
  });

  it('the saving flag: Save pressed twice while the first is on its way sends once', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const sent = serve({ CreateEvent: () => new Promise((resolve) => (answer = resolve)) });
    const draft = newEventDraft('Lunch', START - 2 * HOUR_MS, 'n');
    renderNew({ ...draft, category: WORK });
    const save = await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(save).toBeDisabled();
    expect(sentOf(sent, 'CreateEvent')).toHaveLength(1);
    answer({});
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(sentOf(sent, 'CreateEvent')).toHaveLength(1);
  });

  it('a recurring event offers this one, this and following, and all while the date is kept', async () => {
    const sent = serve({ UpdateEvent: () => ({}) });
    const user = userEvent.setup();
    renderInstance(SERIES);
    await rename(user, 'Team standup');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = dialogNamed('Change recurring item');
    expect(radioNames(dialog)).toEqual(['This one', 'This and following', 'All of them']);
    await user.click(within(dialog).getByRole('radio', { name: 'This and following' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentOf(sent, 'UpdateEvent')).toHaveLength(1));
    expect(sentOf(sent, 'UpdateEvent')[0]).toMatchObject({
      updateType: 1,
      fields: ['title'],
      oldEvent: { id: 'ev-1', instanceNumber: 2, isVirtual: true },
    });
  });

  it('a recurring event moved to another day does not offer this and following', async () => {
    serve({ UpdateEvent: () => ({}) });
    const user = userEvent.setup();
    renderInstance(SERIES);
    await screen.findByRole('textbox', { name: 'Title' });
    // The start date's day, one up in the picker's field: 3 June becomes 4 June.
    const startDate = screen.getByRole('group', { name: 'Start date' });
    await user.click(within(startDate).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('{ArrowUp}');
    expect(within(startDate).getByRole('spinbutton', { name: 'Day' })).toHaveTextContent('04');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(radioNames(dialogNamed('Change recurring item'))).toEqual(['This one', 'All of them']);
  });

  it('a time change on the same day still offers this and following', async () => {
    serve({ UpdateEvent: () => ({}) });
    const user = userEvent.setup();
    renderInstance(SERIES);
    await screen.findByRole('textbox', { name: 'Title' });
    const startTime = screen.getByRole('group', { name: 'Start time' });
    await user.click(within(startTime).getByRole('spinbutton', { name: 'Hours' }));
    await user.keyboard('{ArrowUp}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(radioNames(dialogNamed('Change recurring item'))).toEqual([
      'This one',
      'This and following',
      'All of them',
    ]);
  });

  it('deleting a recurring event offers this one and this and following, not all', async () => {
    const sent = serve({ DeleteEvent: () => ({}) });
    const user = userEvent.setup();
    renderInstance(SERIES);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = dialogNamed('Delete recurring item');
    expect(radioNames(dialog)).toEqual(['This one', 'This and following']);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentOf(sent, 'DeleteEvent')).toHaveLength(1));
    expect(sentOf(sent, 'DeleteEvent')[0]).toMatchObject({ updateType: 0 });
  });

  it('a synced event is read-only: no save, no delete', async () => {
    serve({});
    renderInstance({ ...SERIES, recurrenceRule: undefined, source: 'Google Calendar' });
    expect(await screen.findByText(/Synced from Google Calendar/u)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
