import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { resetClockOffset } from '../api/server-clock';
import { detailPath } from './periods';
import {
  berlinMidnight,
  DEVICE_NOW,
  renderAnalysis,
  serveAccount,
  setClocks,
  type Period,
} from './testing/analysis-harness';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));
const callMock = vi.mocked(call);

const PREMIUM = { createdAt: berlinMidnight(8, 1), premiumLevel: 1 };

beforeEach(() => {
  callMock.mockReset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(DEVICE_NOW);
  setClocks();
});

afterEach(() => {
  vi.useRealTimers();
  resetClockOffset();
});

describe('AnalysisDetailPage', () => {
  it("turns Next off once the next period starts after the server's now", async () => {
    serveAccount(callMock, { ...PREMIUM, minutesOf: () => ({ work: 90 }) });
    // 24-26 Oct; the server's clock is on the 26th (the device's on 29 Nov).
    renderAnalysis(
      detailPath('custom', { start: berlinMidnight(9, 24), end: berlinMidnight(9, 27) }),
    );
    await screen.findByTestId('analysis-total');
    expect(screen.getByRole('button', { name: 'Next period' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous period' })).toBeEnabled();
  });

  it('offers Share only for a period with time in it', async () => {
    const friday: Period = { start: berlinMidnight(9, 23), end: berlinMidnight(9, 24) };
    serveAccount(callMock, {
      ...PREMIUM,
      minutesOf: (period) => (period.start === friday.start ? { work: 90 } : {}),
    });
    const view = renderAnalysis(detailPath('day', friday));
    await waitFor(() => expect(screen.getByTestId('analysis-total')).toHaveTextContent('1 h'));
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    view.unmount();

    renderAnalysis(detailPath('day', { start: berlinMidnight(9, 22), end: friday.start }));
    await screen.findByText('No time was tracked in this period.');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('names a one-day custom range once', async () => {
    serveAccount(callMock, { ...PREMIUM, minutesOf: () => ({ work: 90 }) });
    renderAnalysis(
      detailPath('custom', { start: berlinMidnight(9, 25), end: berlinMidnight(9, 26) }),
    );
    expect(await screen.findByTestId('analysis-period')).toHaveTextContent(/^Sun, Oct 25, 2026$/);
  });

  it('goes back to the custom range it shows', async () => {
    serveAccount(callMock, { ...PREMIUM, minutesOf: () => ({ work: 90 }) });
    const range = { start: berlinMidnight(9, 24), end: berlinMidnight(9, 27) };
    renderAnalysis(detailPath('custom', range));
    const back = await screen.findByRole('link', { name: 'Back to the list' });
    expect(back).toHaveAttribute(
      'href',
      `/analysis/custom?start=${range.start.toString(32)}&end=${range.end.toString(32)}`,
    );
  });
});
