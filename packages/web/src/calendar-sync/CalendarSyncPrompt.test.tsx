import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../components/toast-store';
import calendarSync from '../i18n/calendar-sync/en.json';
import { stubServer } from '../agenda/test-support';
import { initTestI18n, renderWithProviders } from '../test/render';
import { SLOW_SYNC_MS, withSlowSyncToast } from './calendar-api';
import { CalendarSyncPrompt } from './CalendarSyncPrompt';
// The prompt's lazily loaded part, loaded before any test: the test waits for the prompt to show,
// not for a first transform of its module, which took over findBy's second on a busy machine.
import './ExpiredGrantPrompt';

function render() {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'calendar-sync'))
    i18next.addResourceBundle('en', 'calendar-sync', calendarSync);
  return renderWithProviders(<CalendarSyncPrompt />, { route: '/agenda' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the expired-grant prompt', () => {
  it('shows when sync is on and the grant expired; Escape does not close it; disable unbinds', async () => {
    let status = { initialized: true, tokenExpired: true, enabled: true };
    const server = stubServer({
      GetGoogleCalendarSyncStatus: () => ({ status }),
      UnbindGoogleCalendar: () => {
        status = { initialized: false, tokenExpired: false, enabled: false };
        return {};
      },
    });
    render();
    const prompt = await screen.findByTestId('google-expired-prompt');
    expect(prompt).toHaveTextContent('Google no longer lets Planner read your calendars');
    expect(within(prompt).getByRole('button', { name: 'Fix now' })).toBeEnabled();
    expect(within(prompt).queryByRole('button', { name: /close/i })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('google-expired-prompt')).toBeVisible();

    await userEvent.click(within(prompt).getByRole('button', { name: 'Disable sync' }));
    await waitFor(() => expect(screen.queryByTestId('google-expired-prompt')).toBeNull());
    expect(server.calls.map((c) => c.method)).toContain('UnbindGoogleCalendar');
  });

  it('stays away while the grant is good, or sync is off', async () => {
    const server = stubServer({
      GetGoogleCalendarSyncStatus: () => ({
        status: { initialized: true, tokenExpired: true, enabled: false },
      }),
    });
    render();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(screen.queryByTestId('google-expired-prompt')).toBeNull();
  });

  it('"fix now" opens the consent popup again', async () => {
    stubServer({
      GetGoogleCalendarSyncStatus: () => ({
        status: { initialized: true, tokenExpired: true, enabled: true },
      }),
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render();
    const prompt = await screen.findByTestId('google-expired-prompt');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Fix now' }));
    expect(String(open.mock.calls[0]?.[0])).toContain('/oauth/google-calendar/start?state=');
  });
});

describe('the slow-sync toast', () => {
  it('says "still syncing" once a sync passes 6 s, and goes when it ends', async () => {
    vi.useFakeTimers();
    const show = vi.spyOn(toasts, 'show');
    const dismiss = vi.spyOn(toasts, 'dismiss');
    let finish: (value: string) => void = () => undefined;
    const sync = withSlowSyncToast(new Promise<string>((resolve) => (finish = resolve)));
    vi.advanceTimersByTime(SLOW_SYNC_MS - 1);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'calendar-sync:messages.slowSync' }),
    );
    const id = show.mock.results[0]?.value as number;
    expect(toasts.getToasts().map((t) => t.id)).toContain(id);
    finish('done');
    await expect(sync).resolves.toBe('done');
    expect(dismiss).toHaveBeenCalledWith(id);
    expect(toasts.getToasts().map((t) => t.id)).not.toContain(id);
  });

  it('never shows for a quick sync, nor after a failed one', async () => {
    vi.useFakeTimers();
    const show = vi.spyOn(toasts, 'show');
    await withSlowSyncToast(Promise.resolve(1));
    await expect(withSlowSyncToast(Promise.reject(new Error('x')))).rejects.toThrow('x');
    vi.advanceTimersByTime(SLOW_SYNC_MS * 2);
    expect(show).not.toHaveBeenCalled();
  });
});
