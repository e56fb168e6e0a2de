import { RpcError } from '@planner/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call, chain } from '../api/client';
import security from '../i18n/account-security/en.json';
import { renderWithProviders } from '../test/render';
import { EmailCard } from './EmailCard';
import { PasswordCard } from './PasswordCard';
import { SessionsCard } from './SessionsCard';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));

const callMock = vi.mocked(call);
const chainMock = vi.mocked(chain);

const USER = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.com',
  emailVerified: false,
  hasPassword: true,
  options: {},
};

function profile(fields: Partial<typeof USER> = {}) {
  const user = { ...USER, ...fields };
  return { user, options: user.options };
}

function serve(user: Partial<typeof USER> = {}) {
  callMock.mockImplementation(async (method) => {
    if (method === 'GetUserProfile') return profile(user) as never;
    return {} as never;
  });
}

function render(ui: React.ReactElement) {
  renderWithProviders(ui, { route: '/account' });
  if (!i18next.hasResourceBundle('en', 'account-security')) {
    i18next.addResourceBundle('en', 'account-security', security);
  }
}

const profileCalls = () => callMock.mock.calls.filter(([method]) => method === 'GetUserProfile');

beforeEach(() => {
  callMock.mockReset();
  chainMock.mockReset();
});

describe('the e-mail card', () => {
  it('shows the address unverified and re-sends its link with SetEmail chained to the profile', async () => {
    serve();
    chainMock.mockResolvedValue([{}, profile()] as never);
    render(<EmailCard />);
    expect(await screen.findByTestId('account-email')).toHaveTextContent('ann@example.com');
    expect(screen.getByTestId('account-email-status')).toHaveTextContent('Not verified');
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(chainMock).toHaveBeenCalledWith([
        { method: 'SetEmail', data: { email: 'ann@example.com', password: '' } },
        { method: 'GetUserProfile' },
      ]),
    );
  });

  it('checks the new address as it is typed and shows the chained profile without a reload', async () => {
    serve({ emailVerified: true });
    chainMock.mockResolvedValue([{}, profile({ email: 'ann@new.example' })] as never);
    render(<EmailCard />);
    expect(await screen.findByTestId('account-email-status')).toHaveTextContent('Verified');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    const field = screen.getByLabelText('New email address');
    await userEvent.type(field, 'ann@new');
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save and send link' }));
    expect(chainMock).not.toHaveBeenCalled();

    await userEvent.type(field, '.example');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    // The account has a password: the change asks for it before anything is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Save and send link' }));
    expect(chainMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Please enter your password',
    );
    await userEvent.type(screen.getByLabelText('Current password'), 'Old-Secret-42');
    const reads = profileCalls().length;
    await userEvent.click(screen.getByRole('button', { name: 'Save and send link' }));
    expect(chainMock).toHaveBeenCalledWith([
      { method: 'SetEmail', data: { email: 'ann@new.example', password: 'Old-Secret-42' } },
      { method: 'GetUserProfile' },
    ]);
    expect(await screen.findByTestId('account-email')).toHaveTextContent('ann@new.example');
    expect(screen.getByTestId('account-email-status')).toHaveTextContent('Not verified');
    expect(profileCalls()).toHaveLength(reads);
  });

  it("says when another account has the address, and won't send the current one again", async () => {
    serve({ emailVerified: true });
    chainMock.mockRejectedValue(new RpcError(409, 'invalid.emailInUse', 'SetEmail'));
    render(<EmailCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change email' }));
    const field = screen.getByLabelText('New email address');
    await userEvent.type(field, 'ANN@example.com');
    expect(screen.getByText('This is already your address')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save and send link' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'bob@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'Old-Secret-42');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send link' }));
    expect(
      await screen.findByText('Another account already uses this email address.'),
    ).toBeVisible();
    expect(screen.getByTestId('account-email')).toHaveTextContent('ann@example.com');
  });
});

describe('the e-mail card without a password', () => {
  it('an account that signs in only with Google or Facebook is not asked for one', async () => {
    serve({ emailVerified: true, hasPassword: false });
    chainMock.mockResolvedValue([{}, profile({ email: 'ann@new.example' })] as never);
    render(<EmailCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change email' }));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.type(screen.getByLabelText('New email address'), 'ann@new.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send link' }));
    expect(chainMock).toHaveBeenCalledWith([
      { method: 'SetEmail', data: { email: 'ann@new.example', password: '' } },
      { method: 'GetUserProfile' },
    ]);
  });
});

describe('the password card', () => {
  const STRONG = 'Quiet-Lantern-Fjord-38';

  it('checks the confirmation and the strength before sending, then the old password', async () => {
    serve();
    render(<PasswordCard />);
    const old = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    const submit = screen.getByRole('button', { name: 'Change password' });

    await userEvent.type(old, 'my old password');
    await userEvent.type(next, 'password1');
    await userEvent.type(confirm, 'password1');
    await userEvent.click(submit);
    expect(screen.getByText('Please choose a stronger password')).toBeVisible();

    await userEvent.clear(next);
    await userEvent.type(next, STRONG);
    expect(screen.getByTestId('password-strength')).toHaveTextContent(/good|strong/i);
    await userEvent.click(submit);
    expect(screen.getByText('The passwords do not match')).toBeVisible();
    expect(callMock).not.toHaveBeenCalledWith('SetPassword', expect.anything());

    callMock.mockImplementation(async (method) => {
      if (method === 'SetPassword') throw new RpcError(400, 'invalid.wrongPassword', method);
      return profile() as never;
    });
    await userEvent.clear(confirm);
    await userEvent.type(confirm, STRONG);
    await userEvent.click(submit);
    expect(callMock).toHaveBeenCalledWith('SetPassword', {
      oldPassword: 'my old password',
      newPassword: STRONG,
    });
    expect(await screen.findByText('The current password is not correct.')).toBeVisible();
    expect(old).toHaveAttribute('aria-invalid', 'true');

    serve();
    await userEvent.click(submit);
    await waitFor(() => expect(next).toHaveValue(''));
    expect(old).toHaveValue('');
    expect(confirm).toHaveValue('');
  });

  it('lets an account without a password set its first, without asking for an old one', async () => {
    serve({ hasPassword: false });
    render(<PasswordCard />);
    await userEvent.type(await screen.findByLabelText('New password'), STRONG);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.type(screen.getByLabelText('Confirm new password'), STRONG);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('SetPassword', {
        oldPassword: '',
        newPassword: STRONG,
      }),
    );
  });
});

describe('the devices list', () => {
  it('shows the region next to the device when the server knows it', async () => {
    const session = { ip: '203.0.113.7', createdAt: 0, lastActiveTime: 0 };
    callMock.mockImplementation(async (method) => {
      if (method !== 'GetSessionRecords') return {} as never;
      return {
        sessions: [
          { ...session, id: 's1', device: 'Firefox 120 on Linux', region: 'DE', isThis: true },
          { ...session, id: 's2', device: 'Chrome 119 on Android 14', region: '', isThis: false },
        ],
      } as never;
    });
    render(<SessionsCard />);
    const [here, other] = await screen.findAllByRole('listitem');
    expect(here).toHaveTextContent(/^Firefox 120 on Linux · DE/);
    expect(other).toHaveTextContent(/^Chrome 119 on Android 14203\.0\.113\.7 — /);
    expect(screen.getAllByTestId('session-region')).toHaveLength(1);
  });
});

describe('the devices list, kept current', () => {
  const HOUR = 3_600_000;
  const chrome = { device: 'Chrome 119 on Linux', ip: '127.0.0.1', region: '' };
  const HERE = { ...chrome, id: 's1', isThis: true, createdAt: 1 * HOUR, lastActiveTime: 9 * HOUR };

  /** The server's sessions: RevokeSession removes one, GetSessionRecords lists what is left. */
  function serveSessions(sessions: (typeof HERE)[]) {
    let live = [...sessions];
    callMock.mockImplementation(async (method, input) => {
      if (method === 'GetSessionRecords') return { sessions: live } as never;
      if (method === 'RevokeSession') {
        const { session } = input as { session: string };
        live = live.filter((s) => s.id !== session);
      }
      return {} as never;
    });
    return {
      signIn: (session: typeof HERE) => live.push(session),
    };
  }
  const recordsCalls = () => callMock.mock.calls.filter(([m]) => m === 'GetSessionRecords');

  /** The account page left and opened again, within the 30 s the cache counts as fresh. */
  function ShownOrNot() {
    const [isShown, setShown] = useState(true);
    return (
      <>
        <button onClick={() => setShown((shown) => !shown)}>toggle</button>
        {isShown && <SessionsCard />}
      </>
    );
  }

  it('asks again each time it is shown, so a device that just signed in is there', async () => {
    const server = serveSessions([HERE]);
    render(<ShownOrNot />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    server.signIn({ ...HERE, id: 's2', isThis: false, createdAt: 10 * HOUR });
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(recordsCalls()).toHaveLength(2);
  });

  it('marks this device and tells same-looking devices apart by their times', async () => {
    serveSessions([
      HERE,
      { ...HERE, id: 's2', isThis: false, createdAt: 2 * HOUR, lastActiveTime: 3 * HOUR },
    ]);
    render(<SessionsCard />);
    const rows = await screen.findAllByRole('listitem');
    const [here, other] = rows.map((row) => within(row));
    expect(here?.getByText('This device')).toBeVisible();
    expect(rows[0]).toHaveTextContent(
      'Signed in Jan 1, 1970, 1:00 AM — Last active Jan 1, 1970, 9:00 AM',
    );
    expect(rows[1]).toHaveTextContent(
      'Signed in Jan 1, 1970, 2:00 AM — Last active Jan 1, 1970, 3:00 AM',
    );
    expect(other?.queryByText('This device')).toBeNull();
  });

  it('signs out every other device after a confirmation, leaving only this one', async () => {
    serveSessions([
      HERE,
      { ...HERE, id: 's2', isThis: false, createdAt: 2 * HOUR },
      { ...HERE, id: 's3', isThis: false, createdAt: 3 * HOUR },
    ]);
    render(<SessionsCard />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out all other devices?' });
    expect(callMock).not.toHaveBeenCalledWith('RevokeSession', expect.anything());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem')).toHaveTextContent('This device');
    const revoked = callMock.mock.calls.filter(([m]) => m === 'RevokeSession');
    expect(revoked.map(([, input]) => input)).toEqual([{ session: 's2' }, { session: 's3' }]);
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
    // The button that had the focus is gone: the list, now of this device alone, takes it.
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Signed-in devices' })).toHaveFocus(),
    );
  });
});
