/**
 * SetEmail to another address asks for the account's current password (when it has one) and
 * tells the old address (docs/account.md, "E-mail"): a session left open must not be enough to
 * take the account over by moving its address and then resetting the password.
 */
import { isValidEmail, normalizeEmail } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { invalid, sessionInvalid } from '../rpc/errors';
import { PASSWORD_MAX_LENGTH, PasswordError } from './password-change';
import { findPasswordHolder } from './password-repository';
import { verifyPassword } from '../secrets';
import type { SignInThrottle } from './sign-in-throttle';

type Reader = Pick<Kysely<Schema>, 'selectFrom'>;

/**
 * Outside the transaction: a change to another address needs the current password, checked
 * with the sign-in throttle's pause and count like a sign-in. A resend to the same address,
 * and an account without a password (Google, Facebook, phone), need none.
 */
export async function checkEmailChange(
  db: Reader,
  throttle: SignInThrottle,
  userId: string,
  request: { email: string; password: string },
): Promise<void> {
  const row = await findPasswordHolder(db, userId);
  if (!row) throw sessionInvalid();
  if (!isValidEmail(request.email)) throw invalid('invalid.enterEmail');
  const isSameAddress = normalizeEmail(request.email) === row.email;
  if (isSameAddress || row.passwordHash === '') return;
  if (request.password.length === 0) throw invalid('invalid.enterPassword');
  await throttle.beforeCheck(row.email);
  const matches =
    request.password.length <= PASSWORD_MAX_LENGTH &&
    (await verifyPassword(row.passwordHash, request.password));
  if (!matches) {
    await throttle.failed(row.email);
    throw invalid(PasswordError.wrongPassword);
  }
  await throttle.succeeded(row.email);
}
