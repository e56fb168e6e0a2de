import { ErrorCode, RpcError } from '@planner/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { toasts } from '../components/toast-store';
import share from '../i18n/share/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import { ShareMenu } from './ShareMenu';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));

const callMock = vi.mocked(call);
const DAY = { start: Date.UTC(2026, 10, 24), end: Date.UTC(2026, 10, 25) };
const URL = 'https://planner.example/share/abc';

function render() {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'share')) i18next.addResourceBundle('en', 'share', share);
  renderWithProviders(<ShareMenu points={[DAY]} />, { route: '/analysis' });
}

const shareCalls = () => callMock.mock.calls.filter(([m]) => m === 'CreateTimeStatisticsShare');

beforeEach(() => {
  callMock.mockReset();
  vi.restoreAllMocks();
});

describe('ShareMenu', () => {
  it('makes the share once and copies its link with a toast', async () => {
    callMock.mockResolvedValue({ id: 'abc', url: URL } as never);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const show = vi.spyOn(toasts, 'show');
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(URL);
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ key: 'share:messages.copiedToClipboard' }),
      ),
    );
    expect(shareCalls()).toEqual([['CreateTimeStatisticsShare', { points: [DAY] }]]);
    // Again: the same share, no second call.
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(shareCalls()).toHaveLength(1);
  });

  it('opens the Facebook and X share intents with the link', async () => {
    callMock.mockResolvedValue({ id: 'abc', url: URL } as never);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share on Facebook' }));
    expect(open).toHaveBeenLastCalledWith(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(URL)}`,
      '_blank',
      'noopener,noreferrer',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share on X (Twitter)' }));
    expect(String(open.mock.lastCall?.[0])).toContain(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(URL)}`,
    );
  });

  it('asks for a name when none is set, saves it and opens the menu again', async () => {
    let named = false;
    callMock.mockImplementation(async (method, input) => {
      if (method === 'UpdateUser') {
        named = (input as { name: string }).name === 'Ada';
        return {} as never;
      }
      if (method === 'CreateTimeStatisticsShare') {
        if (!named)
          throw new RpcError(
            ErrorCode.InvalidInput,
            'invalid.nameNotSet',
            'CreateTimeStatisticsShare',
          );
        return { id: 'abc', url: URL } as never;
      }
      return {} as never;
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByTestId('share-name-dialog');
    expect(dialog).toHaveTextContent('Please set your name first');
    const save = screen.getByRole('button', { name: 'Save and share' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(save);
    expect(callMock).toHaveBeenCalledWith('UpdateUser', { name: 'Ada' });
    expect(await screen.findByRole('menuitem', { name: 'Copy link' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(shareCalls()).toHaveLength(2);
  });

  it('asks a nameless account for its name before making any share', async () => {
    let name = '';
    callMock.mockImplementation(async (method, input) => {
      if (method === 'GetUserProfile') return { user: { name } } as never;
      if (method === 'UpdateUser') {
        name = (input as { name: string }).name;
        return {} as never;
      }
      if (method === 'CreateTimeStatisticsShare') {
        if (name === '')
          throw new RpcError(
            ErrorCode.InvalidInput,
            'invalid.nameNotSet',
            'CreateTimeStatisticsShare',
          );
        return { id: 'abc', url: URL } as never;
      }
      return {} as never;
    });
    render();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith('GetUserProfile'));
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByTestId('share-name-dialog');
    expect(shareCalls()).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save and share' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy link' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(shareCalls()).toHaveLength(1);
  });

  it('saves the name and shares on Enter in the name field', async () => {
    let name = '';
    callMock.mockImplementation(async (method, input) => {
      if (method === 'GetUserProfile') return { user: { name } } as never;
      if (method === 'UpdateUser') {
        name = (input as { name: string }).name;
        return {} as never;
      }
      if (method === 'CreateTimeStatisticsShare') return { id: 'abc', url: URL } as never;
      return {} as never;
    });
    render();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith('GetUserProfile'));
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByTestId('share-name-dialog');
    await userEvent.keyboard('{Enter}');
    expect(callMock).not.toHaveBeenCalledWith('UpdateUser', expect.anything());
    await userEvent.type(screen.getByLabelText('Name'), 'Ada{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Copy link' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(callMock.mock.calls.filter(([m]) => m === 'UpdateUser')).toEqual([
      ['UpdateUser', { name: 'Ada' }],
    ]);
    await waitFor(() => expect(screen.queryByTestId('share-name-dialog')).toBeNull());
  });

  it('stops sharing the link from the menu; the next share is a new link', async () => {
    let made = 0;
    callMock.mockImplementation(async (method) => {
      if (method === 'CreateTimeStatisticsShare') {
        made += 1;
        return { id: `id${made}`, url: `${URL}${made}` } as never;
      }
      return {} as never;
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const stop = await screen.findByRole('menuitem', { name: 'Stop sharing this link' });
    await waitFor(() => expect(stop).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(stop);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('RevokeTimeStatisticsShare', { id: 'id1' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(shareCalls()).toHaveLength(2));
  });
});
