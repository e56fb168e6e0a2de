import { premiumLevelOf, type PremiumLevel } from '@planner/core';
import type { TierFacts } from './tiers-repository';

export { registerPremiumLevelSource } from './tiers-repository';

/**
 * EVERYONE_UNLIMITED: a private install where every account is unlimited. A property of the
 * install, set once where the app builds its methods (createTiersMethods).
 */
let everyoneUnlimited = false;

export function setEveryoneUnlimited(on: boolean): void {
  everyoneUnlimited = on;
}

/**
 * The user's premiumLevel (0 free, 1 premium, 2 unlimited) at `now`: the highest of the level the
 * operator set (`users.premium_level`), an unexpired redeemed code, every registered source (an
 * active subscription) and EVERYONE_UNLIMITED. The facts hold when each grant ends, so an expiry
 * needs no job and no write.
 */
export function premiumLevelAt(facts: TierFacts, operatorLevel: number, now: number): PremiumLevel {
  if (everyoneUnlimited) return 2;
  const granted = facts.unlimitedUntil > now ? 2 : facts.premiumUntil > now ? 1 : 0;
  return premiumLevelOf(Math.max(operatorLevel, granted));
}
