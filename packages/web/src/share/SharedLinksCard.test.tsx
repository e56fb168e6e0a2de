import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import share from '../i18n/share/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import { SharedLinksCard } from './SharedLinksCard';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));
const callMock = vi.mocked(call);

/** Week 19-25 Oct 2026 in Berlin. */
const WEEK = { start: Date.UTC(2026, 9, 18, 22), end: Date.UTC(2026, 9, 25, 23) };
const DAY = { start: Date.UTC(2026, 9, 22, 22), end: Date.UTC(2026, 9, 23, 22) };

function linkOf(id: string, period: { start: number; end: number }, createdAt: number) {
  return { id, url: `https://planner.example/share/${id}`, createdAt, ...period, periodCount: 1 };
}

/** A server holding `links` (newest first); a revoke takes one out. */
function serve(links: ReturnType<typeof linkOf>[]) {
  let live = [...links];
  callMock.mockImplementation(async (method, input) => {
    if (method === 'GetUserProfile') {
      const options = { timezone: 'Europe/Berlin', timeFormat: '24-hour clock' };
      return { user: { name: 'Mara', options }, options } as never;
    }
    if (method === 'ListTimeStatisticsShares') return { shares: live } as never;
    if (method === 'RevokeTimeStatisticsShare') {
      live = live.filter((link) => link.id !== (input as { id: string }).id);
      return {} as never;
    }
    return {} as never;
  });
}

function render() {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'share')) i18next.addResourceBundle('en', 'share', share);
  renderWithProviders(<SharedLinksCard />, { route: '/account' });
}

async function stopSharing(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByTestId('revoke-share-dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
  await waitFor(() => expect(screen.queryByRole('button', { name })).toBeNull());
  await waitFor(() => expect(screen.queryByTestId('revoke-share-dialog')).toBeNull());
}

beforeEach(() => callMock.mockReset());

describe('SharedLinksCard', () => {
  it('tells two links of one period apart by the time each was shared', async () => {
    serve([
      linkOf('b', WEEK, Date.UTC(2026, 9, 26, 14, 7)),
      linkOf('a', WEEK, Date.UTC(2026, 9, 26, 9, 42)),
    ]);
    render();
    expect(await screen.findByText('Shared on Oct 26, 2026, 15:07')).toBeInTheDocument();
    expect(screen.getByText('Shared on Oct 26, 2026, 10:42')).not.toHaveClass(
      'MuiTypography-noWrap',
    );
    expect(
      screen.getByRole('button', {
        name: /^Stop sharing the link for Oct 19\s–\s25, 2026, shared on Oct 26, 2026, 10:42$/u,
      }),
    ).toBeInTheDocument();
  });

  it('moves the focus to the next link, the previous one, then the words saying none is left', async () => {
    serve([
      linkOf('c', DAY, Date.UTC(2026, 9, 26, 12)),
      linkOf('b', WEEK, Date.UTC(2026, 9, 26, 11)),
      linkOf('a', WEEK, Date.UTC(2026, 9, 26, 10)),
    ]);
    render();
    // Shown newest first, at Berlin times: 13:00, 12:00, 11:00.
    await stopSharing(/, 12:00$/);
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/, 11:00$/));
    await stopSharing(/, 11:00$/);
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/, 13:00$/));
    await stopSharing(/, 13:00$/);
    await waitFor(() =>
      expect(document.activeElement).toHaveTextContent('You have not shared any analysis.'),
    );
  });
});
