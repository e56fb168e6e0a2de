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

/**
 * Spends the undo link of a change of address; `locale`, the page's language, writes the mail
 * that follows when the account's language is automatic. Tried once: a retry after a lost answer
 * would find the link spent and say so.
 */
export const undoEmailChange = (token: string, locale: string) =>
  call('UndoEmailChange', { token, locale }, { retry: false });

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
