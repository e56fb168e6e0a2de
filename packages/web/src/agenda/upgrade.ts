import { premiumLevelOf } from '@planner/core';
import type { LimitKind } from '../categories/LimitDialog';

/** Free people are offered Premium; Premium people Unlimited (accounts spec, 4201/4202). */
export function limitKindFor(premiumLevel: number): LimitKind {
  return premiumLevelOf(premiumLevel) === 0 ? 'premiumOnly' : 'unlimitedOnly';
}
