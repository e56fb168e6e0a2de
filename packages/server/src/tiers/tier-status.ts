import type { PremiumLevel } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { derivePremiumLevel } from './premium-level';
import { loadReferralStatus, type ReferralStatus } from './referrals';

/** Everything the tier follows: the derived level and the referral counts. */
export interface TierStatus extends ReferralStatus {
  premiumLevel: PremiumLevel;
}

/** The user's tier inputs at `now` (`operatorLevel`: the stored users.premium_level). */
export async function loadTierStatus(
  db: Kysely<Schema>,
  userId: string,
  operatorLevel: number,
  now: number,
): Promise<TierStatus> {
  const premiumLevel = await derivePremiumLevel(db, userId, operatorLevel, now);
  return { premiumLevel, ...(await loadReferralStatus(db, userId)) };
}
