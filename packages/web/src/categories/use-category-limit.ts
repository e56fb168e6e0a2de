import { limitsFor, referralCount } from '@planner/core';
import { useProfile } from '../api/profile';

/**
 * How many categories the signed-in plan allows, and how many of them the person's own (the
 * same rule the server enforces, core's limitsFor, with its referral bonus), for the limit
 * dialog to say; undefined while the profile is unknown or the plan has no limit.
 */
export function useCategoryLimit(): Record<string, number> | undefined {
  const user = useProfile().data?.user;
  if (!user) return undefined;
  const { categories, customCategories } = limitsFor({
    premiumLevel: user.premiumLevel,
    referralCount: referralCount({
      activeReferralCount: user.activeReferralCount,
      isReferred: user.isReferred,
    }),
  });
  if (categories === null || customCategories === null) return undefined;
  return { count: categories, custom: customCategories };
}
