import { randomInt } from 'node:crypto';
import { normalizeReferralCode, referralCount } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { TiersTables } from './tables';
import { conflict, invalid } from '../rpc/errors';

type Db = Kysely<Schema>;
type Reader = Kysely<Schema>;

/** The spec's message key for a code that is unknown, your own, or cannot be entered. */
export const INVALID_REFERRAL = 'invalid.referral';
/** AddReferral when the account was referred already (accounts spec: entering is impossible). */
export const ALREADY_REFERRED = 'invalid.alreadyReferred';

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
    const taken = await db
      .selectFrom('users')
      .select('user_id')
      .where('referral_code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}

/** The account owning a code as typed (trimmed, uppercased, 6 characters at most), if any. */
export async function findReferrer(db: Reader, raw: string): Promise<string | undefined> {
  const code = normalizeReferralCode(raw);
  if (code === '') return undefined;
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where('referral_code', '=', code)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Records that `userId` was referred by the owner of `raw`. Refused for an unknown code, your
 * own, and when already referred (the primary key makes the last one race-safe).
 */
export async function addReferral(db: Db, userId: string, raw: string, now: number): Promise<void> {
  const referrerId = await findReferrer(db, raw);
  if (!referrerId || referrerId === userId) throw invalid(INVALID_REFERRAL);
  const inserted = await db
    .withTables<TiersTables>()
    .insertInto('referrals')
    .values({ user_id: userId, referrer_id: referrerId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw conflict(ALREADY_REFERRED);
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

export async function loadReferralStatus(db: Reader, userId: string): Promise<ReferralStatus> {
  const friends = await db
    .withTables<TiersTables>()
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.user_id', 'r.user_id')
    .select(['u.email_verified', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('r.referrer_id', '=', userId)
    .groupBy('u.email_verified')
    .execute();
  let activeReferralCount = 0;
  let unverifiedReferralCount = 0;
  for (const row of friends) {
    if (Number(row.email_verified) === 1) activeReferralCount += Number(row.n);
    else unverifiedReferralCount += Number(row.n);
  }
  const referred = await db
    .withTables<TiersTables>()
    .selectFrom('referrals')
    .select('referrer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const isReferred = referred !== undefined;
  return {
    activeReferralCount,
    unverifiedReferralCount,
    isReferred,
    referralCount: referralCount({ activeReferralCount, isReferred }),
  };
}
