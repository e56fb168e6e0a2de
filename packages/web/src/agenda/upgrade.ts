import { premiumLevelOf } from '@planner/core';
import { ErrorCode, RpcError } from '@planner/protocol';

/** 4201 is lifted by Premium, 4202 only by Unlimited (accounts spec). */
export type LimitKind = 'premiumOnly' | 'unlimitedOnly';

/** The premium screen's tab for each limit: /premium/0 (Premium), /premium/1 (Unlimited). */
export const UPGRADE_ROUTES: Readonly<Record<LimitKind, string>> = {
  premiumOnly: '/premium/0',
  unlimitedOnly: '/premium/1',
};

export function limitKindOf(error: unknown): LimitKind | null {
  if (!(error instanceof RpcError)) return null;
  if (error.code === ErrorCode.PremiumOnly) return 'premiumOnly';
  if (error.code === ErrorCode.UnlimitedOnly) return 'unlimitedOnly';
  return null;
}

/** Free people are offered Premium; Premium people Unlimited. */
export function limitKindFor(premiumLevel: number): LimitKind {
  return premiumLevelOf(premiumLevel) === 0 ? 'premiumOnly' : 'unlimitedOnly';
}
