import { referralCount, type PremiumLevel } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { premiumLevelAt } from './premium-level';
import type { ReferralStatus } from './referrals';
import { loadTierFacts } from './tiers-repository';

/** Everything the tier follows: the derived level and the referral counts. */
export interface TierStatus extends ReferralStatus {
  premiumLevel: PremiumLevel;
  /** When that level ends (the grants' latest end); 0 when free or set by the operator. */
  premiumUntil: number;
}

/**
 * The user's tier inputs at `now` (`operatorLevel`: the stored users.premium_level): no
 * statement when the session read brought them, else one.
 */
export async function loadTierStatus(
  db: Kysely<Schema>,
  userId: string,
  operatorLevel: number,
  now: number,
): Promise<TierStatus> {
  const facts = await loadTierFacts(db, userId);
  const { activeReferralCount, unverifiedReferralCount, isReferred } = facts;
  const premiumLevel = premiumLevelAt(facts, operatorLevel, now);
  const granted = premiumLevel === 2 ? facts.unlimitedUntil : facts.premiumUntil;
  return {
    premiumLevel,
    premiumUntil: premiumLevel > 0 && premiumLevel > operatorLevel ? Number(granted) : 0,
    activeReferralCount,
    unverifiedReferralCount,
    isReferred,
    referralCount: referralCount({ activeReferralCount, isReferred }),
  };
}
