import { ErrorCode, RpcError } from '@planner/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, chain } from '../api/client';
import { toasts } from '../components/toast-store';
import calendarSync from '../i18n/calendar-sync/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import { IntegrationsSettings } from './IntegrationsSettings';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));

const callMock = vi.mocked(call);
const chainMock = vi.mocked(chain);
type Handler = (input: unknown) => unknown;

const CATEGORIES = [
  { id: 'cat-work', title: 'Work', description: '', color: '#1976d2', icon: 'work', updatedAt: 0 },
  {
    id: 'cat-family',
    title: 'Family',
    description: '',
    color: '#e91e63',
    icon: 'home',
    updatedAt: 0,
  },
];
const NOT_CONNECTED = { initialized: false, tokenExpired: false, enabled: false };
const CONNECTED = { initialized: true, tokenExpired: false, enabled: true };
const GOOGLE_CALENDARS = [
  {
    id: 'primary',
    title: 'ada@example.com',
    syncEnabled: true,
    categoryId: '',
    color: '#4285f4',
    publish: false,
  },
  {
    id: 'holidays',
    title: 'Holidays',
    syncEnabled: false,
    categoryId: '',
    color: '',
    publish: false,
  },
];
const ORIGIN = window.location.origin;

/** The server at the API client's edge: one handler per method (missing: an empty answer). */
function serve(handlers: Record<string, Handler>) {
  callMock.mockImplementation((async (method: string, input: unknown) => {
    const handler = handlers[method];
    return (handler ? handler(input) : {}) as never;
  }) as never);
}

function render() {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'calendar-sync'))
    i18next.addResourceBundle('en', 'calendar-sync', calendarSync);
  return renderWithProviders(<IntegrationsSettings />, { route: '/settings' });
}

/** The popup the consent flow opens, and a way to answer from it as the callback page does. */
function stubPopup() {
  const popup = { closed: false, close: vi.fn(() => (popup.closed = true)) };
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  const answer = (data: Record<string, unknown>) => {
    const state = new URL(String(open.mock.calls[0]?.[0])).searchParams.get('state');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: 'planner-google-calendar', state, ...data },
          origin: ORIGIN,
        }),
      );
    });
  };
  return { popup, open, answer };
}

beforeEach(() => {
  callMock.mockReset();
  chainMock.mockReset();
  // GET /api/oauth/providers: the server has a Google client.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ google: true, facebook: false }))),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Google Calendar setup', () => {
  it('goes consent, prepare, selection with a category each, then update and sync chained', async () => {
    let status = NOT_CONNECTED;
    serve({
      GetCategories: () => ({ categories: CATEGORIES }),
      GetGoogleCalendarSyncStatus: () => ({ status }),
      ListCalDavAccounts: () => ({ accounts: [] }),
      GetIcsFeed: () => ({ url: '' }),
      PrepareGoogleCalendarSync: () => {
        status = { initialized: true, tokenExpired: false, enabled: false };
        return {};
      },
      GetGoogleCalendarSyncOptions: () => ({
        options: { syncEnabled: false, entryOptions: GOOGLE_CALENDARS },
      }),
    });
    chainMock.mockImplementation((async () => {
      status = CONNECTED;
      return [
        {},
        {
          added: 2,
          updated: 0,
          removed: 0,
          published: 0,
          unpublished: 0,
          syncedAt: Date.UTC(2026, 10, 25, 9),
        },
      ];
    }) as never);
    const show = vi.spyOn(toasts, 'show');
    render();
    const { open, answer } = stubPopup();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(String(open.mock.calls[0]?.[0])).toContain('/oauth/google-calendar/start?state=');
    answer({ code: 'auth-code', redirectUri: `${ORIGIN}/api/oauth/google-calendar/callback` });

    const dialog = await screen.findByTestId('calendar-selection-dialog');
    expect(callMock).toHaveBeenCalledWith('PrepareGoogleCalendarSync', {
      authorizationCode: 'auth-code',
      redirectUri: `${ORIGIN}/api/oauth/google-calendar/callback`,
    });
    // Holidays on, in Family; the primary calendar stays on in the first category.
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Busy time from Holidays' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Category for Holidays' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Family' }));
    expect(within(dialog).queryByText('Publish my plan here')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and sync' }));

    await waitFor(() => expect(screen.queryByTestId('calendar-selection-dialog')).toBeNull());
    expect(chainMock).toHaveBeenCalledWith([
      {
        method: 'UpdateGoogleCalendarSyncOptions',
        data: {
          options: {
            syncEnabled: true,
            entryOptions: [
              { ...GOOGLE_CALENDARS[0], categoryId: 'cat-work' },
              { ...GOOGLE_CALENDARS[1], syncEnabled: true, categoryId: 'cat-family' },
            ],
          },
        },
      },
      { method: 'SyncGoogleCalendar' },
    ]);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'calendar-sync:messages.synced' }),
    );
    const google = screen.getByTestId('google-calendar');
    expect(await within(google).findByText(/^Last synced /)).toBeInTheDocument();
    expect(within(google).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it('cancelling the selection aborts silently: nothing saved, nothing said', async () => {
    serve({
      GetCategories: () => ({ categories: CATEGORIES }),
      GetGoogleCalendarSyncStatus: () => ({ status: NOT_CONNECTED }),
      GetGoogleCalendarSyncOptions: () => ({
        options: { syncEnabled: false, entryOptions: GOOGLE_CALENDARS },
      }),
    });
    const show = vi.spyOn(toasts, 'show');
    render();
    const { answer } = stubPopup();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    answer({ code: 'c', redirectUri: `${ORIGIN}/cb` });
    const dialog = await screen.findByTestId('calendar-selection-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('calendar-selection-dialog')).toBeNull());
    expect(chainMock).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('a prepare failure shows its text as a toast and stops; a closed popup says nothing', async () => {
    serve({
      GetGoogleCalendarSyncStatus: () => ({ status: NOT_CONNECTED }),
      PrepareGoogleCalendarSync: () => {
        throw new RpcError(ErrorCode.InvalidInput, 'invalid_grant', 'PrepareGoogleCalendarSync');
      },
    });
    const show = vi.spyOn(toasts, 'show');
    render();
    const { answer } = stubPopup();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    answer({ code: 'c', redirectUri: `${ORIGIN}/cb` });
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          key: 'errors.withMessage',
          values: { message: 'invalid_grant' },
        }),
      ),
    );
    expect(callMock.mock.calls.some(([m]) => m === 'GetGoogleCalendarSyncOptions')).toBe(false);
    expect(screen.queryByTestId('calendar-selection-dialog')).toBeNull();
  });

  it('is not offered when the server has no Google client', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ google: false }))),
    );
    serve({ ListCalDavAccounts: () => ({ accounts: [] }) });
    render();
    expect(await screen.findByRole('button', { name: 'Add account' })).toBeInTheDocument();
    expect(screen.queryByTestId('google-calendar')).toBeNull();
  });
});

const RADICALE_CALENDARS = [
  {
    id: 'http://127.0.0.1:5232/ada/work/',
    title: 'Work',
    syncEnabled: false,
    categoryId: '',
    color: '#ff0000',
    publish: false,
  },
  {
    id: 'http://127.0.0.1:5232/ada/plan/',
    title: 'Plan',
    syncEnabled: false,
    categoryId: '',
    color: '',
    publish: false,
  },
];
const ACCOUNT = {
  id: 'acc-1',
  serverUrl: 'http://127.0.0.1:5232/',
  username: 'ada',
  calendars: RADICALE_CALENDARS,
  lastSyncedAt: 0,
  error: '',
};

describe('CalDAV accounts', () => {
  it('adds an account typed key by key, then chooses a busy and a publish calendar', async () => {
    serve({
      GetCategories: () => ({ categories: CATEGORIES }),
      GetGoogleCalendarSyncStatus: () => ({ status: NOT_CONNECTED }),
      ListCalDavAccounts: () => ({ accounts: [] }),
      AddCalDavAccount: () => ({ account: ACCOUNT }),
      UpdateCalDavAccount: (input) => ({
        account: { ...ACCOUNT, calendars: (input as { calendars: unknown }).calendars },
      }),
      SyncCalDavAccount: () => ({ added: 1, syncedAt: Date.UTC(2026, 10, 25) }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByTestId('caldav-account-dialog');
    expect(dialog).toHaveTextContent('app password');
    const connect = within(dialog).getByRole('button', { name: 'Connect' });
    expect(connect).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Server address/), 'http://127.0.0.1:5232/');
    await userEvent.type(within(dialog).getByLabelText(/User name/), 'ada');
    await userEvent.type(within(dialog).getByLabelText(/App password/), 's3cret pass');
    await userEvent.click(connect);
    expect(callMock).toHaveBeenCalledWith('AddCalDavAccount', {
      serverUrl: 'http://127.0.0.1:5232/',
      username: 'ada',
      password: 's3cret pass',
    });

    const selection = await screen.findByTestId('calendar-selection-dialog');
    expect(selection).toHaveTextContent('Calendars on 127.0.0.1:5232');
    const workBusy = within(selection).getByRole('switch', { name: 'Busy time from Work' });
    const workPublish = within(selection).getByRole('radio', { name: 'Publish my plan into Work' });
    await userEvent.click(workBusy);
    // One calendar cannot be both busy time and the plan's: each choice clears the other.
    await userEvent.click(workPublish);
    expect(workBusy).not.toBeChecked();
    await userEvent.click(workBusy);
    expect(workPublish).not.toBeChecked();
    await userEvent.click(
      within(selection).getByRole('radio', { name: 'Publish my plan into Plan' }),
    );
    await userEvent.click(within(selection).getByRole('button', { name: 'Save and sync' }));
    await waitFor(() => expect(screen.queryByTestId('calendar-selection-dialog')).toBeNull());
    expect(callMock).toHaveBeenCalledWith('UpdateCalDavAccount', {
      accountId: 'acc-1',
      calendars: [
        { ...RADICALE_CALENDARS[0], syncEnabled: true, categoryId: 'cat-work' },
        { ...RADICALE_CALENDARS[1], publish: true, categoryId: 'cat-work' },
      ],
    });
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('SyncCalDavAccount', { accountId: 'acc-1' }),
    );
    expect(chainMock).not.toHaveBeenCalled();
  });

  it("shows a refused add in the dialog, with the server's message key translated", async () => {
    serve({
      GetGoogleCalendarSyncStatus: () => ({ status: NOT_CONNECTED }),
      ListCalDavAccounts: () => ({ accounts: [] }),
      AddCalDavAccount: () => {
        throw new RpcError(ErrorCode.InvalidInput, 'calendar.wrongPassword', 'AddCalDavAccount');
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByTestId('caldav-account-dialog');
    await userEvent.type(within(dialog).getByLabelText(/Server address/), 'https://dav.example');
    await userEvent.type(within(dialog).getByLabelText(/User name/), 'ada');
    await userEvent.type(within(dialog).getByLabelText(/App password/), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The server refused the user name or password.',
    );
  });

  it("shows an account's error, and a new password is saved and synced", async () => {
    let accounts = [{ ...ACCOUNT, error: 'calendar.wrongPassword' }];
    serve({
      GetGoogleCalendarSyncStatus: () => ({ status: NOT_CONNECTED }),
      ListCalDavAccounts: () => ({ accounts }),
      UpdateCalDavAccount: () => {
        accounts = [{ ...ACCOUNT, error: '' }];
        return { account: accounts[0] };
      },
      SyncCalDavAccount: () => ({ added: 0 }),
    });
    render();
    const error = await screen.findByTestId('caldav-account-error');
    expect(error).toHaveTextContent('The server refused the user name or password.');
    await userEvent.click(within(error).getByRole('button', { name: 'Enter a new password' }));
    const dialog = await screen.findByTestId('caldav-password-dialog');
    await userEvent.type(within(dialog).getByLabelText('App password'), 'new one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('UpdateCalDavAccount', {
        accountId: 'acc-1',
        calendars: RADICALE_CALENDARS,
        password: 'new one',
      }),
    );
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('SyncCalDavAccount', { accountId: 'acc-1' }),
    );
    await waitFor(() => expect(screen.queryByTestId('caldav-account-error')).toBeNull());
  });

  it("says when it last synced in the account's time zone and clock, not the browser's", async () => {
    serve({
      GetUserProfile: () => ({
        user: { options: { timezone: 'Asia/Tokyo', timeFormat: '24-hour clock' } },
      }),
      GetGoogleCalendarSyncStatus: () => ({ status: NOT_CONNECTED }),
      // 13:05 UTC is 22:05 in Tokyo.
      ListCalDavAccounts: () => ({
        accounts: [{ ...ACCOUNT, lastSyncedAt: Date.UTC(2026, 10, 29, 13, 5) }],
      }),
    });
    render();
    expect(await screen.findByText(/22:05/)).toBeInTheDocument();
    expect(screen.queryByText(/1:05|PM/)).toBeNull();
  });

  it('translates every calendar error key and falls back to "cannot sync" for unknown ones', async () => {
    serve({
      GetGoogleCalendarSyncStatus: () => ({ status: NOT_CONNECTED }),
      ListCalDavAccounts: () => ({ accounts: [{ ...ACCOUNT, error: 'calendar.somethingNew' }] }),
    });
    render();
    expect(await screen.findByTestId('caldav-account-error')).toHaveTextContent(
      'Your calendar cannot be synced right now. Try again later.',
    );
    expect(screen.queryByRole('button', { name: 'Enter a new password' })).toBeNull();
  });

  it('removes an account after asking', async () => {
    serve({
      GetGoogleCalendarSyncStatus: () => ({ status: NOT_CONNECTED }),
      ListCalDavAccounts: () => ({ accounts: [ACCOUNT] }),
    });
    render();
    const row = await screen.findByTestId('caldav-account');
    await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByTestId('caldav-remove-dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('caldav-account')).toBeNull());
    expect(callMock).toHaveBeenCalledWith('RemoveCalDavAccount', { accountId: 'acc-1' });
    // The row and its Remove button are gone: the keyboard goes on from Add, not the page's top.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add account' })).toHaveFocus());
  });
});

describe('ICS feed', () => {
  it('creates, copies, regenerates and revokes, the last two after a question', async () => {
    let n = 0;
    serve({
      GetGoogleCalendarSyncStatus: () => ({ status: NOT_CONNECTED }),
      GetIcsFeed: () => ({ url: '' }),
      CreateIcsFeed: () => ({ url: `https://planner.example/ics/secret-${++n}.ics` }),
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render();
    const feed = await screen.findByTestId('ics-feed');
    await userEvent.click(await within(feed).findByRole('button', { name: 'Create feed' }));
    const url = await within(feed).findByTestId('ics-url');
    expect(url).toHaveValue('https://planner.example/ics/secret-1.ics');
    await userEvent.click(within(feed).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://planner.example/ics/secret-1.ics');

    await userEvent.click(within(feed).getByRole('button', { name: 'New address' }));
    let confirm = await screen.findByTestId('ics-confirm-dialog');
    expect(confirm).toHaveTextContent('The current address stops working');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(url).toHaveValue('https://planner.example/ics/secret-1.ics');
    // The page is hidden from the accessibility tree until the dialog has gone.
    await userEvent.click(await within(feed).findByRole('button', { name: 'New address' }));
    confirm = await screen.findByTestId('ics-confirm-dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'New address' }));
    await waitFor(() =>
      expect(within(feed).getByTestId('ics-url')).toHaveValue(
        'https://planner.example/ics/secret-2.ics',
      ),
    );

    await userEvent.click(await within(feed).findByRole('button', { name: 'Turn off' }));
    confirm = await screen.findByTestId('ics-confirm-dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    expect(await within(feed).findByRole('button', { name: 'Create feed' })).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('RevokeIcsFeed');
    await waitFor(() =>
      expect(within(feed).getByRole('button', { name: 'Create feed' })).toHaveFocus(),
    );
  });
});
