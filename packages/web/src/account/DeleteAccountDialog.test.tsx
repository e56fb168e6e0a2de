import { DeleteAccountRequestSchema, decodeMessage } from '@planner/protocol';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import accountData from '../i18n/account-data/en.json';
import { answerError, stubFetch } from '../test/fake-server';
import { initTestI18n, renderWithProviders } from '../test/render';
import { confirmationFor, DeleteAccountDialog, type Confirmation } from './DeleteAccountDialog';

/*
 * The confirmations the browser test cannot reach with a password account: an account made
 * with Google or Facebook types its e-mail, a phone account signs in again. The server is
 * stood in for at the HTTP edge.
 */

function renderDialog(confirmation: Confirmation) {
  initTestI18n();
  i18next.addResourceBundle('en', 'account-data', accountData, true, true);
  renderWithProviders(
    <DeleteAccountDialog
      open
      confirmation={confirmation}
      onClose={vi.fn()}
      onDownload={vi.fn()}
      downloading={false}
    />,
  );
  return userEvent.setup();
}

const answerEmpty = () =>
  new Response(new Uint8Array(), {
    status: 200,
    headers: { 'content-type': 'application/x-protobuf' },
  });

async function sentBody(fetchMock: ReturnType<typeof stubFetch>, call = 0) {
  const init = fetchMock.mock.calls[call]?.[1];
  const body = new Uint8Array(await new Response(init?.body).arrayBuffer());
  return decodeMessage(DeleteAccountRequestSchema, body, 'binary');
}

describe('DeleteAccountDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('picks the confirmation from the profile', () => {
    expect(confirmationFor({ hasPassword: true, email: 'a@example.com' })).toBe('password');
    expect(confirmationFor({ hasPassword: false, email: 'a@example.com' })).toBe('email');
    expect(confirmationFor({ hasPassword: false, email: '' })).toBe('freshSignIn');
  });

  it('an account without a password types its e-mail; a wrong one comes back to step 2', async () => {
    const fetchMock = stubFetch(
      () => answerError(400, 3, 'invalid.emailMismatch'),
      () => answerEmpty(),
    );
    const user = renderDialog('email');
    expect(screen.getByText('Step 1 of 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(/Type your account’s e-mail address/)).toBeVisible();
    expect(screen.queryByLabelText('Password')).toBeNull();

    // Nothing typed: refused here, without a call.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('E-mail address'), 'wrong@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 3 of 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('This is not your account’s e-mail address.')).toBeVisible();
    expect(screen.getByText('Step 2 of 3')).toBeVisible();
    expect(await sentBody(fetchMock)).toMatchObject({ email: 'wrong@example.com', password: '' });

    const field = screen.getByLabelText('E-mail address');
    await user.clear(field);
    await user.type(field, ' ada@example.com {Enter}');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(await sentBody(fetchMock, 1)).toMatchObject({ email: 'ada@example.com' });
  });

  it('a wrong password, refused at the last step, is back in step 2 with the focus on it', async () => {
    const fetchMock = stubFetch(() => answerError(400, 400, 'invalid.wrongCredentials'));
    const user = renderDialog('password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('Password'), 'not-my-password{Enter}');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    const field = await screen.findByLabelText('Password');
    expect(screen.getByText('Step 2 of 3')).toBeVisible();
    expect(field).toHaveAccessibleDescription('This password is not right.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    // Typing replaces the wrong password at once.
    expect(field).toHaveProperty('selectionStart', 0);
    expect(field).toHaveProperty('selectionEnd', 'not-my-password'.length);
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(await sentBody(fetchMock)).toMatchObject({ password: 'not-my-password' });
  });

  it('a phone account is asked to sign in again, and told so when the sign-in is old', async () => {
    stubFetch(() => answerError(400, 3, 'invalid.signInAgain'));
    const user = renderDialog('freshSignIn');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      screen.getByText(/sign in again, then delete the account within 10 minutes/),
    ).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByText('Please sign in again, then delete the account within 10 minutes.'),
    ).toBeVisible();
  });
});
