import type { InputInit } from '@planner/protocol';
import { RpcError } from '@planner/protocol/client';
import { call } from '../api/client';

// The sign-in screens' calls to the server, in one place: the forms call these, never the
// client. Each answers what the server answered.

export const createUser = (input: InputInit<'CreateUser'>) => call('CreateUser', input);

export const createSession = (input: InputInit<'CreateSession'>) => call('CreateSession', input);

/** Works signed out: a typed referral code is checked before the account exists. */
export const validateReferralCode = (input: InputInit<'ValidateReferralCode'>) =>
  call('ValidateReferralCode', input);

export const addReferral = (input: InputInit<'AddReferral'>) => call('AddReferral', input);

export const createSmsVerifyCode = (input: InputInit<'CreateSmsVerifyCode'>) =>
  call('CreateSmsVerifyCode', input);

export const resetPassword = (input: InputInit<'ResetPassword'>) => call('ResetPassword', input);

export const requestPasswordReset = (input: InputInit<'RequestPasswordReset'>) =>
  call('RequestPasswordReset', input);

/** ResetPassword's answer for an unknown, used or expired link. */
export const RESET_LINK_INVALID = 'invalid.resetLinkInvalid';

/** The check of a reset link, asked once per link and page (never refetched). */
export const resetLinkQueryKey = (token: string) => ['passwordResetLink', token] as const;

/**
 * Whether a reset link can still set a password, without spending it: ResetPassword checks the
 * token first and refuses an empty password after that (invalid.enterPassword), changing nothing.
 * Another refusal (too many attempts) counts as alive: the real reset then gives the answer.
 */
export async function isResetLinkAlive(token: string): Promise<boolean> {
  try {
    await call('ResetPassword', { id: token, password: '' });
  } catch (error) {
    if (error instanceof RpcError) return error.message !== RESET_LINK_INVALID;
    throw error;
  }
  return true;
}
