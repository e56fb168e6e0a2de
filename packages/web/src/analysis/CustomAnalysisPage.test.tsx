import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { resetClockOffset } from '../api/server-clock';
import { customPath } from './periods';
import {
  berlinMidnight,
  currentAddress,
  DEVICE_NOW,
  renderAnalysis,
  serveAccount,
  setClocks,
} from './testing/analysis-harness';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));
const callMock = vi.mocked(call);

const PREMIUM = {
  createdAt: berlinMidnight(8, 1),
  premiumLevel: 1,
  minutesOf: () => ({ work: 90 }),
};

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

/** The two fields' values, as their hidden inputs hold them. */
function fieldValues(container: HTMLElement): string[] {
  return ['custom-start', 'custom-end'].map(
    (name) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '',
  );
}

/** Opens the start field's calendar (the first of the two). */
async function openStartCalendar() {
  const [start] = screen.getAllByRole('button', { name: /^Choose date/ });
  await userEvent.click(start as HTMLElement);
  return screen.findByRole('dialog');
}

describe('CustomAnalysisPage', () => {
  it("opens on the last seven days of the server's clock, and allows no later day", async () => {
    serveAccount(callMock, PREMIUM);
    const { container } = renderAnalysis('/analysis/custom');
    await waitFor(() => expect(fieldValues(container)).toEqual(['10/20/2026', '10/26/2026']));
    const calendar = await openStartCalendar();
    expect(within(calendar).getByRole('gridcell', { name: '26' })).toBeEnabled();
    expect(within(calendar).getByRole('gridcell', { name: '27' })).toBeDisabled();
  });

  it("starts the calendar's weeks on the account's first day", async () => {
    serveAccount(callMock, { ...PREMIUM, firstDayOfWeek: 'MON' });
    const first = renderAnalysis('/analysis/custom');
    await waitFor(() => expect(fieldValues(first.container)[0]).toBe('10/20/2026'));
    let calendar = await openStartCalendar();
    expect(within(calendar).getAllByRole('columnheader')[0]).toHaveAccessibleName('Monday');
    first.unmount();

    serveAccount(callMock, { ...PREMIUM, firstDayOfWeek: 'SAT' });
    const second = renderAnalysis('/analysis/custom');
    await waitFor(() => expect(fieldValues(second.container)[0]).toBe('10/20/2026'));
    calendar = await openStartCalendar();
    expect(within(calendar).getAllByRole('columnheader')[0]).toHaveAccessibleName('Saturday');
  });

  it('keeps the chosen range in its address, and opens on the range an address holds', async () => {
    serveAccount(callMock, PREMIUM);
    const first = renderAnalysis('/analysis/custom');
    await waitFor(() => expect(fieldValues(first.container)[0]).toBe('10/20/2026'));
    const calendar = await openStartCalendar();
    await userEvent.click(within(calendar).getByRole('gridcell', { name: '12' }));
    const range = { start: berlinMidnight(9, 12), end: berlinMidnight(9, 27) };
    await waitFor(() => expect(currentAddress()).toBe(customPath(range)));
    first.unmount();

    // The way back from the detail of 24-25 Oct.
    const second = renderAnalysis(
      customPath({ start: berlinMidnight(9, 24), end: berlinMidnight(9, 26) }),
    );
    await waitFor(() =>
      expect(fieldValues(second.container)).toEqual(['10/24/2026', '10/25/2026']),
    );
  });
});
