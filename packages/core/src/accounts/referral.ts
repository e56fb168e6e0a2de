/**
 * Referrals (accounts spec, sections 5 and 6; docs/design.md, Tiers): the code's form, the count, the bonus
 * steps and the features the count unlocks on the free tier.
 */

export const REFERRAL_CODE_LENGTH = 6;

/** The form a typed code is sent in: trimmed, uppercased, at most 6 characters. */
export function normalizeReferralCode(raw: string): string {
  return Array.from(raw.trim().toUpperCase()).slice(0, REFERRAL_CODE_LENGTH).join('');
}

/**
 * True when a code is worth sending to the server: after normalizing, 1 to 6 letters or digits
 * (the server still decides whether it exists; a bad one answers invalid.referral).
 */
export function isReferralCodeForm(raw: string): boolean {
  const trimmed = raw.trim().toUpperCase();
  return /^[A-Z0-9]{1,6}$/u.test(trimmed);
}

/** Active (verified) referrals, plus one for having been referred yourself. */
export function referralCount(user: { activeReferralCount: number; isReferred: boolean }): number {
  return Math.max(0, user.activeReferralCount) + (user.isReferred ? 1 : 0);
}

/** Cumulative bonus a free account holds at one referral step. */
export interface ReferralStep {
  /** 0..6, then 'max'. */
  step: number | 'max';
  /** Referral count needed to reach this step. */
  referrals: number;
  agendaDays: number;
  trackedTasks: number;
  categories: number;
}

const NO_REFERRAL_STEP: ReferralStep = {
  step: 0,
  referrals: 0,
  agendaDays: 0,
  trackedTasks: 0,
  categories: 0,
};

/**
 * The referral step table. The spec leaves the values out; docs/design.md (Tiers) chooses modest ones. At the
 * top a free account plans 2 weeks ahead (premium: 30 days), tracks 50 tasks (premium: 100) and
 * owns 6 custom categories (premium: 50), so paying still matters.
 */
export const REFERRAL_STEPS: readonly ReferralStep[] = [
  NO_REFERRAL_STEP,
  { step: 1, referrals: 1, agendaDays: 1, trackedTasks: 5, categories: 1 },
  { step: 2, referrals: 2, agendaDays: 2, trackedTasks: 10, categories: 1 },
  { step: 3, referrals: 3, agendaDays: 3, trackedTasks: 15, categories: 2 },
  { step: 4, referrals: 4, agendaDays: 4, trackedTasks: 20, categories: 3 },
  { step: 5, referrals: 5, agendaDays: 5, trackedTasks: 20, categories: 3 },
  { step: 6, referrals: 6, agendaDays: 6, trackedTasks: 25, categories: 4 },
  { step: 'max', referrals: 10, agendaDays: 7, trackedTasks: 30, categories: 5 },
];

/** The highest step reached with this many referrals. */
export function referralStepFor(count: number): ReferralStep {
  return REFERRAL_STEPS.findLast((step) => count >= step.referrals) ?? NO_REFERRAL_STEP;
}

/** The next step to reach, or null at the top: for the referral page's progress. */
export function nextReferralStep(count: number): ReferralStep | null {
  return REFERRAL_STEPS.find((step) => step.referrals > count) ?? null;
}

/** Referral counts that unlock features on the free tier. */
export const REFERRAL_FEATURE_THRESHOLDS = {
  historyEdit: 1,
  monthlyYearlyAnalysis: 2,
  customAnalysis: 5,
} as const satisfies Record<string, number>;

/** A referral code can be entered only by someone who was not referred already. */
export function canEnterReferralCode(user: { isReferred: boolean }): boolean {
  return !user.isReferred;
}
