import type { Tier } from './price-params';

/** USD as the person's language writes it ("$0.99", "0,99 $", "US$0.99"). */
export function formatUsd(amount: number, languageTag: string): string {
  return new Intl.NumberFormat(languageTag, { style: 'currency', currency: 'USD' }).format(amount);
}

/** Time left until `end`, as days and h:mm:ss (never negative). */
export function countdown(end: number, now: number): { days: number; clock: string } {
  const totalSeconds = Math.max(0, Math.floor((end - now) / 1000));
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return { days, clock: `${two(hours)}:${two(minutes)}:${two(seconds)}` };
}

/** The route's tier parameter: 1 is Unlimited; anything else (none, 0, junk) is Premium. */
export function tierOfParam(param: string | undefined): Tier {
  return param === '1' ? 'unlimited' : 'premium';
}

export const TIER_ORDER: readonly Tier[] = ['premium', 'unlimited'];

/** The tier and billing period of a SKU id (ours or the App Store's). */
export function planOfSku(skuId: string): { tier: Tier; yearly: boolean } | undefined {
  const match = /(premium|unlimited)[._](one_)?(month|year|monthly|yearly)/.exec(skuId);
  if (!match) return undefined;
  return { tier: match[1] as Tier, yearly: match[3]?.startsWith('year') ?? false };
}
