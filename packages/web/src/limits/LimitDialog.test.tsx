import { ErrorCode, RpcError } from '@planner/protocol';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import limits from '../i18n/limits/en.json';
import { initTestI18n } from '../test/render';
import { LimitDialogHost } from './LimitDialog';
import { limitStore, showLimitFor } from './limit-store';

function renderHost() {
  const router = createMemoryRouter(
    [
      { path: '/tasks', element: <LimitDialogHost /> },
      { path: '/premium/:tier', element: <p>premium page</p> },
      { path: '/referral', element: <p>referral page</p> },
    ],
    { initialEntries: ['/tasks'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  initTestI18n();
  i18next.addResourceBundle('en', 'limits', limits);
  limitStore.close();
});

describe('the limit dialog', () => {
  it('opens only for 4201 and 4202', () => {
    expect(showLimitFor(new RpcError(1001, 'invalid.referral', 'AddReferral'))).toBe(false);
    expect(showLimitFor(new Error('boom'))).toBe(false);
    expect(limitStore.get()).toBeNull();
    expect(
      showLimitFor(new RpcError(ErrorCode.UnlimitedOnly, 'numCategories', 'PutCategory')),
    ).toBe(true);
    expect(limitStore.get()).toEqual({ kind: 'unlimitedOnly', message: 'numCategories' });
  });

  it("4201: 'Premium only' with the server's message; Upgrade now opens /premium/0", async () => {
    const router = renderHost();
    act(
      () => void showLimitFor(new RpcError(ErrorCode.PremiumOnly, 'numCategories', 'PutCategory')),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Premium only' });
    expect(dialog).toHaveTextContent('You have reached the number of categories your plan allows.');
    expect(within(dialog).getByRole('button', { name: /invite friends/i })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    expect(router.state.location.pathname).toBe('/premium/0');
    expect(limitStore.get()).toBeNull();
  });

  it("4202: 'Unlimited only' without the referral way; an unknown message reads generically", async () => {
    const router = renderHost();
    act(() => void showLimitFor(new RpcError(ErrorCode.UnlimitedOnly, 'somethingNew', 'X')));
    const dialog = await screen.findByRole('dialog', { name: 'Unlimited only' });
    expect(dialog).toHaveTextContent('Unlimited lifts it.');
    expect(within(dialog).queryByRole('button', { name: /invite friends/i })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    expect(router.state.location.pathname).toBe('/premium/1');
  });

  it('says the limit the screen knew, and gives the focus back where it asked', async () => {
    renderHost();
    const back = document.createElement('button');
    document.body.append(back);
    act(
      () =>
        void showLimitFor(new RpcError(ErrorCode.UnlimitedOnly, 'numCategories', 'PutCategory'), {
          values: { count: 54, custom: 50 },
          returnFocus: () => back,
        }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unlimited only' });
    expect(dialog).toHaveTextContent('Your plan allows 54 categories, 50 of them your own.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(back).toHaveFocus());
    back.remove();
  });

  it('No thanks closes it; the referral way opens /referral', async () => {
    const router = renderHost();
    act(() => void showLimitFor(new RpcError(ErrorCode.PremiumOnly, 'historyEditLimit', 'X')));
    await userEvent.click(await screen.findByRole('button', { name: 'No thanks' }));
    expect(limitStore.get()).toBeNull();
    act(() => void showLimitFor(new RpcError(ErrorCode.PremiumOnly, 'historyEditLimit', 'X')));
    await userEvent.click(await screen.findByRole('button', { name: /invite friends/i }));
    expect(router.state.location.pathname).toBe('/referral');
  });
});
