import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { resetClockOffset } from '../api/server-clock';
import {
  berlinMidnight,
  callsOf,
  currentAddress,
  DEVICE_NOW,
  renderAnalysis,
  serveAccount,
  setClocks,
  type Period,
} from './testing/analysis-harness';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));
const callMock = vi.mocked(call);

/** Fri 23 Oct 2026, as the walk tracked it: four categories, 11 h 40 min. */
const FRIDAY = { work: 364, personal: 146, health: 95, study: 95 };
const isDay = (period: Period, month: number, day: number) =>
  period.start === berlinMidnight(month, day);

beforeEach(() => {
  callMock.mockReset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(DEVICE_NOW);
  setClocks();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetClockOffset();
});

const rows = () => screen.getAllByTestId('analysis-row');

describe('AnalysisListPage', () => {
  it("starts at the server's today, not the device's", async () => {
    serveAccount(callMock, { createdAt: berlinMidnight(9, 20), minutesOf: () => ({ work: 30 }) });
    renderAnalysis('/analysis');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(rows()[0]).toHaveAttribute('data-start', String(berlinMidnight(9, 26)));
    expect(rows()[0]).toHaveAccessibleName(/^Today, Mon, Oct 26, 2026: /);
  });

  it('names each row with its period, its total in words and every category', async () => {
    serveAccount(callMock, {
      createdAt: berlinMidnight(9, 20),
      minutesOf: (period) => (isDay(period, 9, 23) ? FRIDAY : {}),
    });
    renderAnalysis('/analysis');
    await waitFor(() => expect(rows().length).toBeGreaterThan(3));
    expect(rows()[0]).toHaveAccessibleName('Today, Mon, Oct 26, 2026: no time recorded');
    expect(rows()[3]).toHaveAccessibleName(
      'Fri, Oct 23, 2026: 11 hours 40 minutes. By category: Work 6 hours 4 minutes, ' +
        'Personal 2 hours 26 minutes, Health 1 hour 35 minutes, and Study 1 hour 35 minutes',
    );
  });

  it('lists time from before the account was made, across gaps, then stops', async () => {
    serveAccount(callMock, {
      // Made on Sat 24 Oct; a synced calendar brought events of the 23rd and the 12th.
      createdAt: berlinMidnight(9, 24) + 10 * 3_600_000,
      minutesOf: (period) => (isDay(period, 9, 23) || isDay(period, 9, 12) ? { personal: 60 } : {}),
    });
    renderAnalysis('/analysis');
    await waitFor(() => expect(rows()).toHaveLength(15));
    expect(rows()[14]).toHaveAttribute('data-start', String(berlinMidnight(9, 12)));
    // The page is near its end (nothing has a height here): the second page, 15 empty days before
    // the account, ends the list; it is not shown, and no third page is read.
    await waitFor(() => expect(callsOf(callMock, 'GetTimeStatistics')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsOf(callMock, 'GetTimeStatistics')).toHaveLength(2);
    expect(rows()).toHaveLength(15);
    expect(screen.queryByTestId('analysis-empty')).toBeNull();
  });

  it('says so when nothing was recorded yet, above the empty periods since', async () => {
    serveAccount(callMock, {
      createdAt: berlinMidnight(9, 26) + 8 * 3_600_000,
      minutesOf: () => ({}),
    });
    renderAnalysis('/analysis/week');
    expect(await screen.findByText('No time recorded yet')).toBeInTheDocument();
    // Made this week: its one row, none from before.
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveAccessibleName(
      /^This week, Oct 26\s–\sNov 1, 2026: no time recorded$/u,
    );
    // This week and nine before the account, then ten more: not back to 1970.
    expect(callsOf(callMock, 'GetTimeStatistics')).toHaveLength(2);
  });

  it('comes back from a detail to the same place: its clock, its pages and its scroll', async () => {
    serveAccount(callMock, {
      createdAt: berlinMidnight(8, 20),
      minutesOf: (period) => (period.start >= berlinMidnight(8, 20) ? { work: 60 } : {}),
    });
    renderAnalysis('/analysis');
    // 26 Oct back to 20 Sep: 37 days, three pages.
    await waitFor(() => expect(rows()).toHaveLength(37));
    const listCalls = callsOf(callMock, 'GetTimeStatistics').length;
    Object.defineProperty(window, 'scrollY', { value: 1234, configurable: true });
    const friday = rows().find((row) => row.dataset.start === String(berlinMidnight(9, 23)));
    await userEvent.click(friday as HTMLElement);
    await screen.findByTestId('analysis-period');
    // A minute later on both clocks: a list opened anew would start from another "now".
    vi.setSystemTime(DEVICE_NOW + 60_000);
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));

    await waitFor(() => expect(rows()).toHaveLength(37));
    expect(currentAddress()).toBe('/analysis');
    await waitFor(() => expect(window.scrollTo).toHaveBeenLastCalledWith(0, 1234));
    // Its pages may be read again (they have gone stale), but the same ones: no new "today".
    const calls = callsOf(callMock, 'GetTimeStatistics');
    const before = calls.slice(0, listCalls);
    for (const again of calls.slice(listCalls + 1)) expect(before).toContainEqual(again);
  });

  it('finds the place again after moving to other periods in the detail', async () => {
    serveAccount(callMock, {
      createdAt: berlinMidnight(8, 20),
      minutesOf: (period) => (period.start >= berlinMidnight(8, 20) ? { work: 60 } : {}),
    });
    renderAnalysis('/analysis');
    await waitFor(() => expect(rows()).toHaveLength(37));
    Object.defineProperty(window, 'scrollY', { value: 800, configurable: true });
    await userEvent.click(rows()[3] as HTMLElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Previous period' }));
    await waitFor(() =>
      expect(screen.getByTestId('analysis-period')).toHaveTextContent('Thu, Oct 22, 2026'),
    );
    vi.mocked(window.scrollTo).mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
    await waitFor(() => expect(rows()).toHaveLength(37));
    await waitFor(() => expect(window.scrollTo).toHaveBeenLastCalledWith(0, 800));
    const list = screen.getByTestId('analysis-list');
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(/^Today, /);
  });
});
