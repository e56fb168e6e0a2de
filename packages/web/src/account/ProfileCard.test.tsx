import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { renderWithProviders } from '../test/render';
import { ProfileCard } from './ProfileCard';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));

const callMock = vi.mocked(call);

beforeEach(() => {
  callMock.mockReset();
  callMock.mockImplementation(async (method) => {
    if (method !== 'GetUserProfile') return {} as never;
    const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', premiumLevel: 0, options: {} };
    return { user, options: user.options } as never;
  });
});

const renames = () => callMock.mock.calls.filter(([method]) => method === 'UpdateUser');

describe('the name', () => {
  it('shows the limit near it and refuses a longer name instead of cutting it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileCard />, { route: '/account' });
    const field = await screen.findByLabelText('Name');
    expect(screen.queryByTestId('account-name-count')).toBeNull();

    // 103 characters, the last word past the limit.
    const long = `${'Maximiliane Friederike '.repeat(3)}Auguste Luise Mia von Hohenzollern`;
    expect(long).toHaveLength(103);
    await user.clear(field);
    await user.click(field);
    await user.paste(long);
    expect(field).toHaveValue(long);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('A name can have at most 100 characters. 103/100');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(renames()).toEqual([]);
    expect(field).toHaveFocus();

    await user.type(field, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('account-name-count')).toHaveTextContent('99/100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(renames()).toEqual([['UpdateUser', { name: long.slice(0, 99) }]]));
  });
});
