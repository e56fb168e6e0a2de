import { randomInt } from 'node:crypto';
import { DAY_MS, normalizeEmail } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { conflict, invalid } from '../rpc/errors';
import { REFERRAL_ALPHABET } from './referrals';
import { forgetTierFacts } from './tiers-repository';
import {
  countVoucherUse,
  findVoucher,
  insertGrant,
  insertVoucher,
  latestGrantEnd,
} from './vouchers-repository';

type Db = Kysely<Schema>;

/** Message keys of Redeem's refusals (web i18n `referral` namespace shows them). */
export const RedeemMessage = {
  /** No such code. */
  unknownCode: 'invalid.redeemCode',
  /** Every use of the code is taken. */
  usedUp: 'invalid.redeemCodeUsedUp',
  /** This account redeemed the code before. */
  alreadyRedeemed: 'invalid.redeemCodeAlreadyRedeemed',
  /** The e-mail typed is not the signed-in account's. */
  wrongEmail: 'invalid.redeemEmail',
} as const;

/** A redeem code: 10 characters of the unambiguous alphabet (about 10^15 codes: not guessable). */
const REDEEM_CODE_LENGTH = 10;

function normalizeRedeemCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export interface VoucherSpec {
  level: 1 | 2;
  days: number;
  uses: number;
}

/** Makes a redeem code (the operator's `redeem-code create`); answers the code. */
export async function createVoucher(db: Db, spec: VoucherSpec, now: number): Promise<string> {
  for (;;) {
    let code = '';
    for (let i = 0; i < REDEEM_CODE_LENGTH; i += 1) {
      code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
    }
    if (await insertVoucher(db, { code, ...spec }, now)) return code;
  }
}

/**
 * Redeems a code for the signed-in account, whose e-mail must be the one typed (a check that
 * the code lands on the account meant). Each account redeems a code once; the code's uses are
 * counted in one conditional update, so two accounts racing for the last use cannot both win.
 * Stacking: the days start when the account's latest grant of the same or a higher level ends
 * (now, when it has none), so two 30-day codes give 60 days.
 * Answers when the granted level ends.
 */
export async function redeem(
  db: Db,
  userId: string,
  accountEmail: string,
  input: { redeemCode: string; email: string },
  now: number,
): Promise<number> {
  if (accountEmail === '' || normalizeEmail(input.email) !== accountEmail) {
    throw invalid(RedeemMessage.wrongEmail);
  }
  const code = normalizeRedeemCode(input.redeemCode);
  forgetTierFacts(db, userId);
  const voucher = await findVoucher(db, code);
  if (!voucher) throw invalid(RedeemMessage.unknownCode);
  const start = Math.max(now, await latestGrantEnd(db, userId, voucher.level, now));
  const expiresAt = start + voucher.days * DAY_MS;
  const level = voucher.level;
  if (!(await insertGrant(db, { userId, code, level, now, expiresAt }))) {
    throw conflict(RedeemMessage.alreadyRedeemed);
  }
  // Throwing rolls the grant above back with the rest of the call.
  if (!(await countVoucherUse(db, code))) throw conflict(RedeemMessage.usedUp);
  return expiresAt;
}
