import {
  isValidTimeZone,
  limitsFor,
  type AutoIdleSettings,
  type PlanShape,
  type TierLimits,
} from '@planner/core';
import type { Kysely } from 'kysely';
import { findAccount } from './accounts-repository';
import { defaultUserOptions } from './accounts-presenter';
import type { Schema } from '../db/schema';
import { loadTierStatus } from '../tiers/tier-status';

/** What planning needs to know about the user: zone, idle window, tier. */
export interface PlanningProfile {
  timezone: string;
  autoIdle: AutoIdleSettings;
  /** The person's limits on the plan's shape (docs/settings.md, Planning). */
  shape: PlanShape;
  premiumLevel: number;
  referralCount: number;
  limits: TierLimits;
  /** Debug mode: clients merge blocks only 9 s apart instead of 60 s. */
  debugEnabled: boolean;
}

export async function loadPlanningProfile(
  db: Kysely<Schema>,
  userId: string,
  /** The call's time: a redeemed level or a subscription counts only until it ends. */
  now: number,
): Promise<PlanningProfile> {
  const defaults = defaultUserOptions();
  const account = await findAccount(db, userId, defaults);
  const options = account?.options ?? defaults;
  // The one place the tier's inputs are read for planning, categories and statistics.
  const { premiumLevel, referralCount } = await loadTierStatus(
    db,
    userId,
    account?.premiumLevel ?? 0,
    now,
  );
  return {
    // An unknown zone is treated as offset zero (accounts spec, section 5).
    timezone: isValidTimeZone(options.timezone) ? options.timezone : 'UTC',
    autoIdle: {
      enabled: options.autoIdleEnabled,
      start: options.autoIdleStart,
      end: options.autoIdleEnd,
    },
    shape: planShape(options),
    premiumLevel,
    referralCount,
    limits: limitsFor({ premiumLevel, referralCount }),
    debugEnabled: account?.debugEnabled ?? false,
  };
}

/** The options' shape limits as the engine takes them: a limit of 0 is none, so it is left out. */
function planShape(options: {
  dailyTaskCap: number;
  taskBuffer: number;
  minBlock: number;
  maxBlock: number;
}): PlanShape {
  const shape: PlanShape = {};
  if (options.dailyTaskCap > 0) shape.dailyTaskCap = options.dailyTaskCap;
  if (options.taskBuffer > 0) shape.buffer = options.taskBuffer;
  if (options.minBlock > 0) shape.minBlock = options.minBlock;
  if (options.maxBlock > 0) shape.maxBlock = options.maxBlock;
  return shape;
}
