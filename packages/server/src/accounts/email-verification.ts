/**
 * E-mail addresses and their verification (docs/account.md, "E-mail and verification"):
 * SetEmail moves the account to an address (unverified) and mails a single-use link; the same
 * address again re-sends it; VerifyEmail marks the address verified with the link's token.
 */
import { HOUR_MS, isValidEmail, MINUTE_MS, normalizeEmail } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { conflict, invalid, rateLimited } from '../rpc/errors';
import * as repo from './accounts-repository';
import {
  findVerification,
  insertVerification,
  recentVerificationMails,
  spendVerification,
} from './email-verifications-repository';
import { hashToken, newToken } from '../secrets';

type Db = Kysely<Schema>;

/** How long a verification link works. */
export const VERIFICATION_TTL_MS = 48 * HOUR_MS;
/** Verification mails, per account and per address, within VERIFICATION_WINDOW_MS. */
const VERIFICATION_MAILS_PER_WINDOW = 5;
const VERIFICATION_WINDOW_MS = HOUR_MS;
/** A re-send waits at least this long after the previous mail to the same account. */
export const VERIFICATION_RESEND_GAP_MS = MINUTE_MS;

/** The answers VerifyEmail and SetEmail give beyond the spec's own keys. */
export const VerificationError = {
  /** SetEmail: another account has the address. */
  emailInUse: 'invalid.emailInUse',
  /** VerifyEmail: no such link. */
  linkInvalid: 'invalid.verificationLinkInvalid',
  linkUsed: 'invalid.verificationLinkUsed',
  linkExpired: 'invalid.verificationLinkExpired',
  /** VerifyEmail: the account has changed its address since the link was sent. */
  linkOutdated: 'invalid.verificationLinkOutdated',
} as const;

/** A verification mail to send once the transaction commits. */
export interface VerificationToSend {
  to: string;
  token: string;
}

/**
 * Stores a new single-use link for `email` (normalised) and answers its token, unless the
 * account or the address had too many mails lately (429 with the wait).
 */
async function issueVerification(
  db: Db,
  userId: string,
  email: string,
  now: number,
  limited = true,
): Promise<VerificationToSend> {
  if (limited) await checkMailLimits(db, userId, email, now);
  const token = newToken();
  await insertVerification(db, {
    userId,
    tokenHash: hashToken(token),
    email,
    createdAt: now,
    expiresAt: now + VERIFICATION_TTL_MS,
  });
  return { to: email, token };
}

/**
 * The verification link of a new account (CreateUser, in its transaction): not limited, the
 * sign-up itself is.
 */
export async function issueSignUpVerification(
  db: Db,
  email: string,
  now: number,
): Promise<VerificationToSend> {
  const credentials = await repo.findCredentials(db, email);
  if (!credentials) throw new Error('the new account is not there');
  return issueVerification(db, credentials.userId, email, now, false);
}

/**
 * 429 with the wait when the account or the address had too many mails lately, or when this
 * address got its last mail from this account less than a minute ago (a double click).
 */
async function checkMailLimits(db: Db, userId: string, email: string, now: number) {
  const since = now - VERIFICATION_WINDOW_MS;
  const byUser = await recentVerificationMails(db, 'user_id', userId, since);
  const byAddress = await recentVerificationMails(db, 'email', email, since);
  const last = byUser.filter((mail) => mail.email === email).at(-1)?.createdAt;
  if (last !== undefined && now - last < VERIFICATION_RESEND_GAP_MS) {
    throw rateLimited(Math.ceil((last + VERIFICATION_RESEND_GAP_MS - now) / 1000));
  }
  for (const mails of [byUser, byAddress]) {
    const first = mails[0]?.createdAt;
    if (first !== undefined && mails.length >= VERIFICATION_MAILS_PER_WINDOW) {
      throw rateLimited(Math.ceil((first + VERIFICATION_WINDOW_MS - now) / 1000));
    }
  }
}

/**
 * SetEmail: checks and normalises the address, moves the account to it (unverified) and
 * answers the verification mail to send. The account's own address again re-sends the mail,
 * unless it is verified already (then there is nothing to send: undefined).
 */
export async function setEmail(
  db: Db,
  userId: string,
  current: { email: string; emailVerified: boolean },
  raw: string,
  now: number,
): Promise<VerificationToSend | undefined> {
  if (!isValidEmail(raw)) throw invalid('invalid.enterEmail');
  const email = normalizeEmail(raw);
  if (email === current.email) {
    if (current.emailVerified) return undefined;
  } else if (!(await repo.updateEmail(db, userId, email))) {
    // Says only what sign-up says too: the address has an account (not whose).
    throw conflict(VerificationError.emailInUse);
  }
  return issueVerification(db, userId, email, now);
}

/**
 * VerifyEmail: the link's token marks its address verified when the link is known, unused,
 * unexpired and the account still has that address. The link is spent either way it succeeds.
 */
export async function verifyEmail(db: Db, token: string, now: number): Promise<void> {
  const tokenHash = hashToken(token);
  const row = token ? await findVerification(db, tokenHash) : undefined;
  if (!row) throw invalid(VerificationError.linkInvalid);
  if (row.used_at !== 0) throw invalid(VerificationError.linkUsed);
  if (row.expires_at <= now) throw invalid(VerificationError.linkExpired);
  // Spent first and only if still unused, so two clicks at once verify once.
  if (!(await spendVerification(db, row.user_id, tokenHash, now))) {
    throw invalid(VerificationError.linkUsed);
  }
  if (!(await repo.markEmailVerified(db, row.user_id, row.email))) {
    throw invalid(VerificationError.linkOutdated);
  }
}
