/**
 * SetPassword (docs/account.md, "Password"): an account with a password changes it by giving
 * the old one (checked through the sign-in throttle, like a sign-in); an account without one
 * (Google, Facebook or phone sign-in) sets its first. The new one follows the sign-up rule.
 */
import { isPasswordStrongEnough } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { invalid, sessionInvalid } from '../rpc/errors';
import * as repo from './accounts-repository';
import { findPasswordHolder } from './password-repository';
import { hashPassword, verifyPassword } from '../secrets';
import type { SignInThrottle } from './sign-in-throttle';

type Db = Kysely<Schema>;
type Reader = Pick<Kysely<Schema>, 'selectFrom'>;

/** Longer passwords are refused before hashing (as at sign-up). */
export const PASSWORD_MAX_LENGTH = 1024;

export const PasswordError = {
  /** The old password given does not match. */
  wrongPassword: 'invalid.wrongPassword',
} as const;

/** A change checked and hashed before the transaction; the handler re-checks `oldHash`. */
export interface PreparedPasswordChange {
  oldHash: string;
  newHash: string;
}

/** Checks the request and hashes the new password, outside the transaction. */
export async function preparePasswordChange(
  db: Reader,
  throttle: SignInThrottle,
  userId: string,
  request: { oldPassword: string; newPassword: string },
): Promise<PreparedPasswordChange> {
  const { oldPassword, newPassword } = request;
  if (newPassword.length === 0) throw invalid('invalid.enterPassword');
  if (newPassword.length > PASSWORD_MAX_LENGTH || !isPasswordStrongEnough(newPassword)) {
    throw invalid('invalid.passwordTooWeak');
  }
  const row = await findPasswordHolder(db, userId);
  if (!row) throw sessionInvalid();
  if (row.passwordHash !== '') {
    if (oldPassword.length === 0) throw invalid('invalid.enterPassword');
    // The same pause and count as a sign-in to this account: the change is no side door
    // for guessing the password of a session left open.
    await throttle.beforeCheck(row.email);
    const matches =
      oldPassword.length <= PASSWORD_MAX_LENGTH &&
      (await verifyPassword(row.passwordHash, oldPassword));
    if (!matches) {
      await throttle.failed(row.email);
      throw invalid(PasswordError.wrongPassword);
    }
    await throttle.succeeded(row.email);
  }
  return { oldHash: row.passwordHash, newHash: await hashPassword(newPassword) };
}

/**
 * Sets the new password unless it changed since the check, spends the account's unused reset
 * links and ends every session but `keepSessionId`.
 */
export async function changePassword(
  db: Db,
  userId: string,
  prepared: PreparedPasswordChange,
  keepSessionId: string,
  now: number,
): Promise<void> {
  const row = await findPasswordHolder(db, userId);
  if (!row) throw sessionInvalid();
  if (row.passwordHash !== prepared.oldHash) throw invalid(PasswordError.wrongPassword);
  await repo.updatePasswordHash(db, userId, prepared.newHash);
  await repo.spendPasswordResets(db, userId, now);
  await repo.deleteSessionsExcept(db, userId, keepSessionId);
}
