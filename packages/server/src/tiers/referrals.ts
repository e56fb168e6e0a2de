import { randomInt } from 'node:crypto';
import { normalizeReferralCode } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { conflict, invalid } from '../rpc/errors';
import { forgetTierFacts } from './tiers-repository';
import { insertReferral, ownerOfCode, referrerOf } from './referrals-repository';

type Db = Kysely<Schema>;
type Reader = Kysely<Schema>;

/** The spec's message key for a code that is unknown, your own, or cannot be entered. */
export const INVALID_REFERRAL = 'invalid.referral';
/** AddReferral when the account was referred already (accounts spec: entering is impossible). */
export const ALREADY_REFERRED = 'invalid.alreadyReferred';

/**
 * AddReferral that would close a circle: the code's owner was referred, directly or through
 * others, by the account entering it (two accounts referring each other for the bonuses).
 */
export const REFERRAL_CYCLE = 'invalid.referralCycle';
/** How far up a chain of referrers is followed (each account has at most one referrer). */
const MAX_CHAIN = 1_000;

/** Letters and digits that cannot be misread (no 0/O, 1/I). */
export const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/**
 * A code no account has yet. 32^6 (about a billion) codes: a clash is rare, and the unique
 * index (users_referral_code) refuses the one a concurrent sign-up might still take.
 */
export async function newReferralCode(db: Reader): Promise<string> {
  for (;;) {
    const code = randomCode();
    if ((await ownerOfCode(db, code)) === undefined) return code;
  }
}

/** The account owning a code as typed (trimmed, uppercased, 6 characters at most), if any. */
export async function findReferrer(db: Reader, raw: string): Promise<string | undefined> {
  const code = normalizeReferralCode(raw);
  if (code === '') return undefined;
  return ownerOfCode(db, code);
}

/**
 * Records that `userId` was referred by the owner of `raw`. Refused for an unknown code, your
 * own, and when already referred (the primary key makes the last one race-safe).
 */
export async function addReferral(db: Db, userId: string, raw: string, now: number): Promise<void> {
  forgetTierFacts(db, userId);
  const referrerId = await findReferrer(db, raw);
  if (!referrerId || referrerId === userId) throw invalid(INVALID_REFERRAL);
  if (await isReferredBy(db, referrerId, userId)) throw conflict(REFERRAL_CYCLE);
  if (!(await insertReferral(db, { userId, referrerId, now }))) throw conflict(ALREADY_REFERRED);
}

/** Whether `ancestorId` is found up the chain of referrers of `userId`. */
async function isReferredBy(db: Reader, userId: string, ancestorId: string): Promise<boolean> {
  const seen = new Set<string>();
  let current: string | undefined = userId;
  while (current !== undefined && !seen.has(current) && seen.size < MAX_CHAIN) {
    seen.add(current);
    const referrer: string | undefined = await referrerOf(db, current);
    if (referrer === ancestorId) return true;
    current = referrer;
  }
  return false;
}

export interface ReferralStatus {
  /** Friends referred whose e-mail is verified: they count. */
  activeReferralCount: number;
  /** Friends referred who have not verified their e-mail yet. */
  unverifiedReferralCount: number;
  isReferred: boolean;
  /** Active referrals plus one if referred: what the free tier's bonuses follow. */
  referralCount: number;
}
