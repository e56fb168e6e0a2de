import { fromWallClock, HOUR_MS } from '@planner/core';
import { ErrorCode, RpcError } from '@planner/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dialogNamed,
  PREFS,
  renderEditor,
  sentOf,
  serve,
  WORK,
} from '../editors/testing/editor-test-kit';
import appStatus from '../i18n/app-status/en.json';
import { initTestI18n } from '../test/render';
import type { PlainEvent } from './event-draft';
import EventEditorPage from './EventEditorPage';

vi.mock('../api/client', () => import('../editors/testing/fake-client'));

const ZONE = PREFS.timeZone;
const START = fromWallClock({ year: 2025, month: 6, day: 3, hour: 10, minute: 0 }, ZONE);
const PATH = '/event/:encodedEventId/:start/:end/:instanceNumber/:isVirtual';
const ROUTE = `/event/ev-1/${START}/${START + HOUR_MS}/0/false`;

const EVENT: PlainEvent = {
  id: 'ev-1',
  title: 'Parents evening',
  start: START,
  end: START + HOUR_MS,
  allDay: false,
  category: WORK,
  travelTop: 0,
  travelBottom: 0,
  notifications: [],
  recurrenceRule: undefined,
  timezone: ZONE,
  note: '',
  hasNote: false,
  checklist: [],
  source: 'apple',
  rootId: '',
  instanceNumber: 0,
  isVirtual: false,
  createdAt: 0,
  updatedAt: 0,
};

function renderPage() {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'app-status'))
    i18next.addResourceBundle('en', 'app-status', appStatus);
  return renderEditor(PATH, <EventEditorPage />, ROUTE);
}

beforeEach(() => {
  vi.useFakeTimers({ now: START - 2 * HOUR_MS, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the event screen', () => {
  it('shows a synced event read-only, naming its calendar', async () => {
    serve({ GetEvent: () => ({ event: EVENT }) });
    renderPage();
    expect(
      await screen.findByText('Synced from Apple Calendar. It can only be changed there.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says the event is gone only when the server says so', async () => {
    serve({
      GetEvent: () => {
        throw new RpcError(ErrorCode.NotFound, 'notFound', 'GetEvent');
      },
    });
    renderPage();
    expect(await screen.findByText('This event does not exist anymore.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('leaves after "this and following", though the instance it showed is gone from its series', async () => {
    const series: PlainEvent = {
      ...EVENT,
      source: '',
      recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 10 },
      instanceNumber: 3,
      isVirtual: true,
    };
    let isSplit = false;
    const sent = serve({
      GetEvent: () => {
        // After the split the old series ends before this instance: the server no longer has it.
        if (isSplit) throw new RpcError(ErrorCode.NotFound, 'notFound', 'GetEvent');
        return { event: series };
      },
      UpdateEvent: () => {
        isSplit = true;
        return {};
      },
    });
    const user = userEvent.setup();
    initTestI18n();
    renderEditor(PATH, <EventEditorPage />, `/event/ev-1/${START}/${START + HOUR_MS}/3/true`);
    const title = await screen.findByDisplayValue('Parents evening');
    await user.type(title, ' moved');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = dialogNamed('Change recurring item');
    await user.click(within(dialog).getByRole('radio', { name: 'This and following' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agenda page')).toBeInTheDocument();
    expect(screen.queryByText('This event does not exist anymore.')).toBeNull();
    await waitFor(() => expect(sentOf(sent, 'UpdateEvent')).toHaveLength(1));
    // The screen it left was not read again (only the first load asked for the event).
    expect(sentOf(sent, 'GetEvent')).toHaveLength(1);
  });

  it('offers to try again after any other failure, and then opens the event', async () => {
    let fail = true;
    serve({
      GetEvent: () => {
        if (fail) throw new RpcError(ErrorCode.Internal, 'internal', 'GetEvent');
        return { event: { ...EVENT, source: '' } };
      },
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The event could not be loaded');
    // What happened, in words: the server's message here.
    expect(screen.getByTestId('event-load-reason')).toHaveTextContent('internal');
    expect(screen.queryByText('This event does not exist anymore.')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Parents evening')).toBeInTheDocument();
  });
});
