import {
  nextReferralStep,
  premiumLevelOf,
  referralCount,
  referralStepFor,
  type ReferralStep,
} from '@planner/core';

export interface ReferralProgress {
  count: number;
  current: ReferralStep;
  next: ReferralStep | null;
  /** How far from the current step to the next, 0..100 (100 at the top). */
  percent: number;
  isPaid: boolean;
}

/** Where the account stands on the referral steps. */
export function referralProgressOf(user: {
  activeReferralCount: number;
  isReferred: boolean;
  premiumLevel: number;
}): ReferralProgress {
  const count = referralCount(user);
  const current = referralStepFor(count);
  const next = nextReferralStep(count);
  const percent = next
    ? (100 * (count - current.referrals)) / (next.referrals - current.referrals)
    : 100;
  return { count, current, next, percent, isPaid: premiumLevelOf(user.premiumLevel) > 0 };
}
