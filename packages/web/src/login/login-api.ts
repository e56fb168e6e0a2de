import type { InputInit } from '@planner/protocol';
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
