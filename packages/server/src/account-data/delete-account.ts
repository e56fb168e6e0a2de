import { normalizeEmail } from '@planner/core';
import { ErrorMessage } from '@planner/protocol';
import type { Kysely } from 'kysely';
import { verifyPassword } from '../secrets';
import type { SignInThrottle } from '../accounts/sign-in-throttle';
import type { Schema } from '../db/schema';
import type { ReadOnlyDb } from '../rpc/context';
import { invalid, sessionInvalid } from '../rpc/errors';
import {
  deleteUserRowsOf,
  findAccountSecrets,
  findSessionCreatedAt,
  type UserTable,
} from './user-tables-repository';

/** Message keys of DeleteAccount's own refusals (the web app translates them). */
export const DeleteAccountMessage = {
  /** The e-mail typed to confirm is not the account's. */
  emailMismatch: 'invalid.emailMismatch',
  /** An account with neither password nor e-mail: sign in again, then delete within the window. */
  signInAgain: 'invalid.signInAgain',
} as const;

/**
 * An account with neither password nor e-mail (phone sign-in) confirms the deletion by having
 * signed in (with a fresh SMS code) this recently on the device that asks.
 */
export const FRESH_SIGN_IN_MS = 10 * 60_000;
/** Longer passwords are refused before hashing, as at sign-in. */
const PASSWORD_MAX_LENGTH = 1024;

/** What the confirmation was checked against; the handler checks it is still so. */
export interface Confirmed {
  userId: string;
  passwordHash: string;
  email: string;
}

/**
 * Checks the confirmation before the transaction (argon2 takes tens of ms): the account's
 * password when it has one, else its e-mail typed again, else a fresh sign-in. Password and
 * e-mail go through the sign-in throttle, so this is no faster a way to guess a password.
 */
export async function checkConfirmation(
  db: ReadOnlyDb,
  throttle: SignInThrottle,
  who: { userId: string; sessionId: string; now: number },
  input: { password: string; email: string },
): Promise<Confirmed> {
  const user = await findAccountSecrets(db, who.userId);
  if (!user) throw sessionInvalid();
  const email = user.email ?? '';
  const confirmed = { userId: who.userId, passwordHash: user.password_hash, email };
  // The throttle counts per account, under the key sign-in uses when there is one.
  const key = email || `user:${who.userId}`;
  if (user.password_hash) {
    if (!input.password) throw invalid('invalid.enterPassword');
    await throttle.beforeCheck(key);
    const matches =
      input.password.length <= PASSWORD_MAX_LENGTH &&
      (await verifyPassword(user.password_hash, input.password));
    if (!matches) {
      await throttle.failed(key);
      throw invalid(ErrorMessage.wrongCredentials);
    }
    await throttle.succeeded(key);
    return confirmed;
  }
  if (email) {
    if (!input.email.trim()) throw invalid('invalid.enterEmail');
    await throttle.beforeCheck(key);
    if (normalizeEmail(input.email) !== email) {
      await throttle.failed(key);
      throw invalid(DeleteAccountMessage.emailMismatch);
    }
    await throttle.succeeded(key);
    return confirmed;
  }
  const signedInAt = await findSessionCreatedAt(db, who.userId, who.sessionId);
  if (signedInAt === undefined || who.now - signedInAt > FRESH_SIGN_IN_MS) {
    throw invalid(DeleteAccountMessage.signInAgain);
  }
  return confirmed;
}

/**
 * Deletes every row of the user from every table with a `user_id` column, the account's own
 * row last (a table may refer to it). Runs in the call's transaction: all of it or nothing.
 * Refuses when the password or e-mail changed since the confirmation was checked.
 */
export async function deleteUserRows(
  db: Kysely<Schema>,
  tables: readonly UserTable[],
  confirmed: Confirmed,
): Promise<void> {
  const user = await findAccountSecrets(db, confirmed.userId);
  if (!user) throw sessionInvalid();
  if (user.password_hash !== confirmed.passwordHash || (user.email ?? '') !== confirmed.email) {
    throw invalid(ErrorMessage.wrongCredentials);
  }
  const ordered = [
    ...tables.filter((t) => t.name !== 'users'),
    ...tables.filter((t) => t.name === 'users'),
  ];
  for (const table of ordered) {
    await deleteUserRowsOf(db, table.name, confirmed.userId);
  }
}
