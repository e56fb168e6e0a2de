import { encodeMessage, ValidateReferralCodeResponseSchema } from '@planner/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import referral from '../i18n/referral/en.json';
import { answerAuthToken, stubFetch } from '../test/fake-server';
import { initTestI18n, renderWithProviders } from '../test/render';
import { AuthForm } from './AuthForm';
import { SIGN_UP } from './auth-form-state';
import type * as SocialSignIn from './social-sign-in';

vi.mock('./social-sign-in', async (original) => ({
  ...(await original<typeof SocialSignIn>()),
  useOAuthProviders: () => ({ google: false, facebook: false }),
}));

function answerValid(valid: boolean): Response {
  const body = new Uint8Array(
    encodeMessage(ValidateReferralCodeResponseSchema, { valid }, 'binary'),
  );
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-protobuf' } });
}
const answerEmpty = () =>
  new Response(new Uint8Array(), {
    status: 200,
    headers: { 'content-type': 'application/x-protobuf' },
  });

function renderSignUp() {
  initTestI18n();
  i18next.addResourceBundle('en', 'referral', referral);
  const onSignedIn = vi.fn();
  renderWithProviders(
    <AuthForm
      mode={SIGN_UP}
      email=""
      onModeChange={vi.fn()}
      onSignedIn={onSignedIn}
      onForgotPassword={vi.fn()}
      onShowLegal={vi.fn()}
    />,
  );
  return { onSignedIn, user: userEvent.setup() };
}

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Tr4vel-Lamp-Orchid-91');
  await user.type(screen.getByLabelText('Confirm password'), 'Tr4vel-Lamp-Orchid-91');
}

const urls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url));

describe('the sign-up referral code field', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uppercases, trims and keeps at most 6 characters', async () => {
    const { user } = renderSignUp();
    const field = screen.getByLabelText('Referral code (optional)');
    await user.type(field, ' ab3x9kq');
    expect(field).toHaveValue('AB3X9K');
  });

  it('an unknown code shows invalid.referral and creates no account', async () => {
    const fetchMock = stubFetch(() => answerValid(false));
    const { user, onSignedIn } = renderSignUp();
    await fillAccount(user);
    await user.type(screen.getByLabelText('Referral code (optional)'), 'zzzzzz');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This referral code is invalid')).toBeVisible();
    expect(urls(fetchMock)).toEqual(['/api/ValidateReferralCode']);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('a valid code: checked, the account made, then the code entered for it', async () => {
    const fetchMock = stubFetch(
      () => answerValid(true),
      () => answerAuthToken('token-1'),
      answerEmpty,
    );
    const { user, onSignedIn } = renderSignUp();
    await fillAccount(user);
    await user.type(screen.getByLabelText('Referral code (optional)'), 'ab3x9k');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('token-1'));
    expect(urls(fetchMock)).toEqual([
      '/api/ValidateReferralCode',
      '/api/CreateUser',
      '/api/AddReferral',
    ]);
  });

  it('without a code nothing but CreateUser is called', async () => {
    const fetchMock = stubFetch(() => answerAuthToken('token-2'));
    const { user, onSignedIn } = renderSignUp();
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('token-2'));
    expect(urls(fetchMock)).toEqual(['/api/CreateUser']);
  });

  it('is not offered inside the iOS shell (spec)', () => {
    // What Capacitor's script defines in the iOS WebView before the app loads.
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'ios' });
    renderSignUp();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByLabelText('Referral code (optional)')).toBeNull();
  });
});
