import { ResetPasswordRequestSchema, decodeMessage } from '@planner/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerError, stubFetch } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import LoginPage from './LoginPage';
import { readResetEmail, rememberResetEmail } from './reset-email';
import type * as SocialSignIn from './social-sign-in';

// The login screen as a whole, the server stood in for at the HTTP edge. Which social buttons
// the server offers is asked with a fetch of its own, which would take the answers queued here.
vi.mock('./social-sign-in', async (original) => ({
  ...(await original<typeof SocialSignIn>()),
  useOAuthProviders: () => ({ google: false, facebook: false }),
}));

const STRONG = 'Tr4vel-Lamp-Orchid-91';

const answerEmpty = () =>
  new Response(new Uint8Array(), {
    status: 200,
    headers: { 'content-type': 'application/x-protobuf' },
  });
/** ResetPassword with an empty password: the link is alive (nothing was spent). */
const answerLinkAlive = () => answerError(400, 400, 'invalid.enterPassword');
const answerLinkDead = () => answerError(400, 400, 'invalid.resetLinkInvalid');

async function sentReset(fetchMock: ReturnType<typeof stubFetch>, call: number) {
  const [url, init] = fetchMock.mock.calls[call] ?? [];
  const body = new Uint8Array(await new Response(init?.body).arrayBuffer());
  return { url, ...decodeMessage(ResetPasswordRequestSchema, body, 'binary') };
}

function renderLogin(route = '/login') {
  renderWithProviders(<LoginPage />, { route });
  return userEvent.setup();
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('sign-up with an address that has an account', () => {
  it('offers to log in instead, and the e-mail typed goes along both ways', async () => {
    stubFetch(() => answerError(409, 409, 'invalid.emailTaken'));
    const user = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), STRONG);
    await user.type(field('Confirm password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists.');
    await user.click(within(alert).getByRole('button', { name: 'Log in instead' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(field('Email')).toHaveValue('ada@example.com');
    // The address is there: the password is what is left to type.
    expect(field('Password')).toHaveFocus();

    await user.clear(field('Email'));
    await user.type(field('Email'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(field('Email')).toHaveValue('ada@example.org');
  });
});

describe('the reset link', () => {
  it('is checked as the page opens, without spending it; a dead one asks for a new one', async () => {
    rememberResetEmail('ada@example.com');
    const fetchMock = stubFetch(answerLinkDead);
    const user = renderLogin('/login?reset=used-token');

    const heading = await screen.findByRole('heading', { name: 'This link no longer works' });
    expect(heading).toHaveFocus();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(await sentReset(fetchMock, 0)).toMatchObject({
      url: '/api/ResetPassword',
      id: 'used-token',
      password: '',
    });

    await user.click(screen.getByRole('button', { name: 'Request a new link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('a link spent after the page opened says so after Save, with the same way on', async () => {
    stubFetch(answerLinkAlive, answerLinkDead);
    const user = renderLogin('/login?reset=token-1');
    await user.type(await screen.findByLabelText('New password'), STRONG);
    await user.type(field('Confirm password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeVisible();
  });

  it('puts the focus on the new password when it is too weak', async () => {
    const fetchMock = stubFetch(answerLinkAlive);
    const user = renderLogin('/login?reset=token-1');
    await user.type(await screen.findByLabelText('New password'), 'password1');
    await user.type(field('Confirm password'), 'password1{Enter}');
    expect(await screen.findByText('Please choose a stronger password')).toBeVisible();
    expect(field('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('New password')).toHaveFocus();

    await user.clear(field('Confirm password'));
    await user.type(field('Confirm password'), 'password2{Enter}');
    expect(field('Confirm password')).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('after the reset, log in starts with the address the link was asked for', async () => {
    rememberResetEmail('ada@example.com');
    const fetchMock = stubFetch(answerLinkAlive, answerEmpty);
    const user = renderLogin('/login?reset=token-1');
    await user.type(await screen.findByLabelText('New password'), STRONG);
    await user.type(field('Confirm password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(field('Password')).toHaveFocus();
    expect(await sentReset(fetchMock, 1)).toMatchObject({ id: 'token-1', password: STRONG });
    await waitFor(() => expect(readResetEmail()).toBe(''));
  });
});
