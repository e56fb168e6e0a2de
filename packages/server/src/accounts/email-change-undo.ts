/**
 * Undoing a change of address (docs/account.md, "Undoing a change of address"): the address an
 * account leaves gets a single-use link that puts it back. Whoever moved the address knew the
 * password (SetEmail asks for it), so the undo also ends every session and the password: the
 * owner sets a new one through the reset link mailed to the address put back.
 */
import { DAY_MS } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { conflict, invalid } from '../rpc/errors';
import * as repo from './accounts-repository';
import {
  findVerification,
  insertVerification,
  spendUndoLinksSince,
  spendVerification,
} from './email-verifications-repository';
import { hashToken, newToken } from '../secrets';

type Db = Kysely<Schema>;

/** How long the undo link works: long enough for an owner away for a week to notice. */
export const UNDO_TTL_MS = 7 * DAY_MS;

/** UndoEmailChange's answers. */
export const UndoError = {
  linkInvalid: 'invalid.undoLinkInvalid',
  linkUsed: 'invalid.undoLinkUsed',
  linkExpired: 'invalid.undoLinkExpired',
  /** Another account has taken the old address since (409). */
  emailTaken: 'invalid.undoEmailTaken',
} as const;

/**
 * Stores the undo link of a change away from `previous` (in SetEmail's transaction) and
 * answers its token. Not limited: a change of address is, by its verification mail's limits.
 */
export async function issueUndo(
  db: Db,
  userId: string,
  previous: string,
  now: number,
): Promise<string> {
  const token = newToken();
  await insertVerification(
    db,
    {
      userId,
      tokenHash: hashToken(token),
      email: previous,
      createdAt: now,
      expiresAt: now + UNDO_TTL_MS,
    },
    'undo',
  );
  return token;
}

/**
 * Spends the link (known, unused, unexpired), puts its address back on the account, verified,
 * unless another account has it now; spends the undo links of later changes (they went to
 * addresses set since), the reset links and the password, and ends every session. Answers the
 * account and the address put back.
 */
export async function undoEmailChange(
  db: Db,
  token: string,
  now: number,
): Promise<{ userId: string; email: string }> {
  const tokenHash = hashToken(token);
  const row = token ? await findVerification(db, tokenHash, 'undo') : undefined;
  if (!row) throw invalid(UndoError.linkInvalid);
  if (row.used_at !== 0) throw invalid(UndoError.linkUsed);
  if (row.expires_at <= now) throw invalid(UndoError.linkExpired);
  // Spent first and only if still unused, so two clicks at once undo once.
  if (!(await spendVerification(db, row.user_id, tokenHash, now, 'undo'))) {
    throw invalid(UndoError.linkUsed);
  }
  const { user_id: userId, email } = row;
  // A taken address rolls the whole call back: the link stays unspent.
  if (!(await repo.updateEmail(db, userId, email))) throw conflict(UndoError.emailTaken);
  if (!(await repo.markEmailVerified(db, userId, email))) throw invalid(UndoError.linkInvalid);
  await spendUndoLinksSince(db, userId, row.created_at, now);
  await repo.spendPasswordResets(db, userId, now);
  await repo.updatePasswordHash(db, userId, '');
  await repo.deleteSessionsExcept(db, userId, '');
  return { userId, email };
}
