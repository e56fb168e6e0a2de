import type { InputInit } from '@planner/protocol';
import { call, chain } from '../api/client';
import type { SocialProvider } from '../bridge/oauth-popup';

// The account screens' calls to the server, in one place: the cards call these, never the
// client. Their query keys live here too.

export const sessionsQueryKey = ['sessions'] as const;

/** Signed-in devices. */
export const fetchSessions = () => call('GetSessionRecords');

/** Signs one device out (an empty id: this one). */
export const revokeSession = (session: string) => call('RevokeSession', { session });

/** The account's data as a zip file. */
export const dumpAccountData = () => call('DumpUserData');

export const renameAccount = (name: string) => call('UpdateUser', { name });

export const removeAvatar = () => call('UpdateUser', { avatar: '' });

export const setPassword = (input: { oldPassword: string; newPassword: string }) =>
  call('SetPassword', input);

/** Deleting is tried once: a second try after an unclear answer would find no account. */
export const deleteAccount = (input: InputInit<'DeleteAccount'>) =>
  call('DeleteAccount', input, { retry: false });

/** Spends an e-mail verification link. */
export const verifyEmail = (token: string) => call('VerifyEmail', { token });

/** Connects a Google or Facebook account with the token its sign-in popup gave. */
export const connectSocialAccount = (provider: SocialProvider, token: string) =>
  call(provider === 'google' ? 'SetGoogleUser' : 'SetFacebookUser', { token });

/**
 * SetEmail and the profile it leaves, in one request and one transaction. A change to another
 * address carries the current password; a resend of the same address none.
 */
export function setEmail({ email, password = '' }: { email: string; password?: string }) {
  return chain([
    { method: 'SetEmail', data: { email, password } },
    { method: 'GetUserProfile' },
  ] as const);
}
