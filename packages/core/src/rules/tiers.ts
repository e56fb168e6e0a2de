/**
 * Tier limits and features (docs/design.md, Tiers: the decision where the product spec gives two readings).
 * A limit of `null` means unlimited; keep it `null` (not Infinity) so it survives JSON.
 * The server enforces these (errors 4201/4202); the client only explains them.
 */
import {
  REFERRAL_FEATURE_THRESHOLDS,
  referralStepFor,
  type ReferralStep,
} from '../accounts/referral';
import { addLocalDays, HOUR_MS } from '../time/zone';

export type PremiumLevel = 0 | 1 | 2;
export type Limit = number | null;

export const PREMIUM_LEVEL = { free: 0, premium: 1, unlimited: 2 } as const satisfies Record<
  string,
  PremiumLevel
>;

/** Error codes of the accounts spec: premium lifts the limit / only unlimited lifts it. */
export const PREMIUM_ONLY_ERROR_CODE = 4201;
export const UNLIMITED_ONLY_ERROR_CODE = 4202;
export type LimitErrorCode = typeof PREMIUM_ONLY_ERROR_CODE | typeof UNLIMITED_ONLY_ERROR_CODE;

/** Free accounts cannot change time records whose end is older than this. */
export const HISTORY_EDIT_LIMIT_MS = 24 * HOUR_MS;

/** Every new account gets this many categories (DEFAULT_CATEGORIES); they count toward the limit. */
export const DEFAULT_CATEGORY_COUNT = 4;

export interface TierLimits {
  /** How many days ahead the agenda is planned. */
  agendaLengthDays: Limit;
  /** Open tasks planned at once. */
  trackedTasks: Limit;
  /** Categories owned in all, the 4 default ones included. */
  categories: Limit;
  /** Categories beyond the 4 default ones. */
  customCategories: Limit;
}

export interface TierFeatures {
  historyEdit: boolean;
  monthlyYearlyAnalysis: boolean;
  customAnalysis: boolean;
}

export interface Tier {
  level: PremiumLevel;
  limits: TierLimits;
  features: TierFeatures;
}

function tier(level: PremiumLevel, days: Limit, tasks: Limit, custom: Limit, paid: boolean): Tier {
  return {
    level,
    limits: {
      agendaLengthDays: days,
      trackedTasks: tasks,
      categories: custom === null ? null : DEFAULT_CATEGORY_COUNT + custom,
      customCategories: custom,
    },
    features: { historyEdit: paid, monthlyYearlyAnalysis: paid, customAnalysis: paid },
  };
}

export const TIERS: Readonly<Record<PremiumLevel, Tier>> = {
  0: tier(0, 7, 20, 1, false),
  1: tier(1, 30, 100, 50, true),
  2: tier(2, null, null, null, true),
};

/** The tier for a stored premiumLevel: below 1 is free, 2 and above unlimited. */
export function premiumLevelOf(level: number): PremiumLevel {
  if (!(level >= 1)) return 0;
  return level >= 2 ? 2 : 1;
}

export interface TierInput {
  premiumLevel: number;
  /** Active referrals plus one if referred (`referralCount` in accounts). */
  referralCount: number;
}

function addBonus(limit: Limit, bonus: number): Limit {
  return limit === null ? null : limit + bonus;
}

/** Referral bonuses apply to the free tier only (docs/design.md, Tiers: paid tiers have no gating). */
export function limitsFor({ premiumLevel, referralCount }: TierInput): TierLimits {
  const level = premiumLevelOf(premiumLevel);
  const base = TIERS[level].limits;
  if (level !== 0) return base;
  const bonus: ReferralStep = referralStepFor(referralCount);
  return {
    agendaLengthDays: addBonus(base.agendaLengthDays, bonus.agendaDays),
    trackedTasks: addBonus(base.trackedTasks, bonus.trackedTasks),
    categories: addBonus(base.categories, bonus.categories),
    customCategories: addBonus(base.customCategories, bonus.categories),
  };
}

export function featuresFor({ premiumLevel, referralCount }: TierInput): TierFeatures {
  const level = premiumLevelOf(premiumLevel);
  if (level !== 0) return TIERS[level].features;
  return {
    historyEdit: referralCount >= REFERRAL_FEATURE_THRESHOLDS.historyEdit,
    monthlyYearlyAnalysis: referralCount >= REFERRAL_FEATURE_THRESHOLDS.monthlyYearlyAnalysis,
    customAnalysis: referralCount >= REFERRAL_FEATURE_THRESHOLDS.customAnalysis,
  };
}

/**
 * The code for a limit the user hit: 4201 ("premium only") when premium would lift it, which is
 * every limit of the free tier; 4202 ("unlimited only") for a premium user.
 */
export function limitErrorCode(premiumLevel: number): LimitErrorCode {
  return premiumLevelOf(premiumLevel) === 0 ? PREMIUM_ONLY_ERROR_CODE : UNLIMITED_ONLY_ERROR_CODE;
}

/** True when one more item fits: `count` is how many there are now. */
export function hasRoomFor(count: number, limit: Limit): boolean {
  return limit === null || count < limit;
}

/** True when `count` items are more than the limit allows. */
export function isOverLimit(count: number, limit: Limit): boolean {
  return limit !== null && count > limit;
}

/**
 * Whether a time record (a timeblock, or a record being added) ending at `blockEnd` may be
 * changed: always with the historyEdit feature, otherwise only while its end is at most 24 h ago.
 */
export function canEditHistory(input: TierInput & { blockEnd: number; now: number }): boolean {
  if (featuresFor(input).historyEdit) return true;
  return input.now - input.blockEnd <= HISTORY_EDIT_LIMIT_MS;
}

/**
 * The end of the planning horizon: the same wall-clock time `agendaLengthDays` local days after
 * now (a DST day is 23 or 25 hours). Null when the agenda length is unlimited; the caller picks
 * how far it is worth planning then.
 */
export function agendaHorizonEnd(
  now: number,
  timeZone: string,
  agendaLengthDays: Limit,
): number | null {
  return agendaLengthDays === null ? null : addLocalDays(now, agendaLengthDays, timeZone);
}
