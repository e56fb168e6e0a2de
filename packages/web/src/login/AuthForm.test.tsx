import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerAuthToken, answerError, stubFetch } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import { AuthForm } from './AuthForm';
import { LOG_IN, SIGN_UP, type AuthMode } from './auth-form-state';
import type * as SocialSignIn from './social-sign-in';

// The e-mail form alone: which social buttons the server offers is asked with a fetch of its
// own (social-sign-in.ts), which would take the answers queued here for the form's calls.
vi.mock('./social-sign-in', async (original) => ({
  ...(await original<typeof SocialSignIn>()),
  useOAuthProviders: () => ({ google: false, facebook: false }),
}));

function renderForm(mode: AuthMode) {
  const onSignedIn = vi.fn();
  renderWithProviders(
    <AuthForm
      mode={mode}
      email=""
      onModeChange={vi.fn()}
      onSignedIn={onSignedIn}
      onForgotPassword={vi.fn()}
      onShowLegal={vi.fn()}
    />,
  );
  return { onSignedIn, user: userEvent.setup() };
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const confirm = () => screen.getByLabelText('Confirm password');

describe('AuthForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an e-mail before calling the server (invalid.enterEmail)', async () => {
    const fetchMock = stubFetch();
    const { user } = renderForm(LOG_IN);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the password when logging in (invalid.enterPassword)', async () => {
    const fetchMock = stubFetch();
    const { user } = renderForm(LOG_IN);
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your password')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed e-mail on sign-up', async () => {
    const { user } = renderForm(SIGN_UP);
    await user.type(email(), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
  });

  it('wants the confirmation to match on sign-up (invalid.passwordMismatch)', async () => {
    const { user } = renderForm(SIGN_UP);
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'Correct-Horse-42');
    await user.type(confirm(), 'Correct-Horse-43');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match')).toBeVisible();
    expect(confirm()).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a weak password on sign-up (invalid.passwordTooWeak) and shows the meter', async () => {
    const fetchMock = stubFetch();
    const { user } = renderForm(SIGN_UP);
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'password1');
    await user.type(confirm(), 'password1');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Weak');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please choose a stronger password')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('labels a strong password Strong', async () => {
    const { user } = renderForm(SIGN_UP);
    await user.type(password(), 'Tr4vel-Lamp-Orchid-91');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Strong');
  });

  it('signs up with a lowercased e-mail and hands over the token', async () => {
    const fetchMock = stubFetch(() => answerAuthToken('token-1'));
    const { user, onSignedIn } = renderForm(SIGN_UP);
    await user.type(email(), '  Ada@Example.COM ');
    await user.type(password(), 'Tr4vel-Lamp-Orchid-91');
    await user.type(confirm(), 'Tr4vel-Lamp-Orchid-91');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('token-1'));
    const [url] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/CreateUser');
  });

  it('shows the server answer for a wrong password', async () => {
    stubFetch(() => answerError(400, 400, 'invalid.wrongCredentials'));
    const { user, onSignedIn } = renderForm(LOG_IN);
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email or password is incorrect.',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });
});
