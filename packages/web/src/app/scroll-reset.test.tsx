import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useScrollReset } from './scroll-reset';

let router: ReturnType<typeof createMemoryRouter> | undefined;

function Screen() {
  useScrollReset();
  return null;
}

function renderAt(path: string) {
  router = createMemoryRouter([{ path: '*', element: <Screen /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

async function go(to: string | number) {
  await act(async () => {
    await (typeof to === 'number' ? router?.navigate(to) : router?.navigate(to));
  });
}

describe('useScrollReset', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
    // The screen left was scrolled down.
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(480);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    scrollTo.mockReset();
  });

  it('opens a new screen at its top', async () => {
    renderAt('/agenda');
    expect(scrollTo).not.toHaveBeenCalled();
    await go('/referral');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockReset();
    await go('/settings/general');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves Back to the browser, and a move within the agenda to the agenda', async () => {
    renderAt('/agenda');
    await go('/agenda/day/1764370800000');
    await go('/agenda/week/1764370800000');
    expect(scrollTo).not.toHaveBeenCalled();
    await go('/premium');
    scrollTo.mockReset();
    await go(-1);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
