import { isValidTimeZone, limitsFor, type AutoIdleSettings, type TierLimits } from '@planner/core';
import type { Kysely } from 'kysely';
import { findAccount } from '../accounts/accounts-repository';
import { defaultUserOptions } from '../accounts/accounts-presenter';
import type { Schema } from '../db/schema';

/** What planning needs to know about the user: zone, idle window, tier. */
export interface PlanningProfile {
  timezone: string;
  autoIdle: AutoIdleSettings;
  premiumLevel: number;
  referralCount: number;
  limits: TierLimits;
  /** Debug mode: clients merge blocks only 9 s apart instead of 60 s. */
  debugEnabled: boolean;
}

export async function loadPlanningProfile(
  db: Kysely<Schema>,
  userId: string,
): Promise<PlanningProfile> {
  const defaults = defaultUserOptions();
  const account = await findAccount(db, userId, defaults);
  const options = account?.options ?? defaults;
  const premiumLevel = account?.premiumLevel ?? 0;
  // Referrals are not stored yet: every account counts as having none.
  const referralCount = 0;
  return {
    // An unknown zone is treated as offset zero (accounts spec, section 5).
    timezone: isValidTimeZone(options.timezone) ? options.timezone : 'UTC',
    autoIdle: {
      enabled: options.autoIdleEnabled,
      start: options.autoIdleStart,
      end: options.autoIdleEnd,
    },
    premiumLevel,
    referralCount,
    limits: limitsFor({ premiumLevel, referralCount }),
    debugEnabled: account?.debugEnabled ?? false,
  };
}
