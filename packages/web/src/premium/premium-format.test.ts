import { describe, expect, it } from 'vitest';
import { parsePriceParams } from './price-params';
import { countdown, formatUsd, planOfSku, tierOfParam } from './premium-format';

describe('premium screen rules', () => {
  it('falls back to the default prices and reads a configured campaign', () => {
    const defaults = parsePriceParams(undefined);
    expect(defaults.premium.yearly).toEqual({ base: 9.99, baseSave: 17, current: 9.99, off: 0 });
    expect(defaults.unlimited.yearly.baseSave).toBe(38);
    expect(defaults.salesCampaign).toBeUndefined();
    const configured = parsePriceParams(
      JSON.stringify({
        unlimited: { yearly: { base: 14.99, baseSave: 38, current: 9.99, off: 33 } },
        premium: { monthly: { base: 'free' } },
        salesCampaign: { title: 'Winter sale', expireAt: 1_800_000_000_000 },
      }),
    );
    expect(configured.unlimited.yearly.current).toBe(9.99);
    expect(configured.premium.monthly.base).toBe(0.99);
    expect(configured.salesCampaign).toEqual({ title: 'Winter sale', expireAt: 1_800_000_000_000 });
    expect(parsePriceParams('{not json').premium.monthly.current).toBe(0.99);
  });

  it('counts down in days and h:mm:ss, never below zero', () => {
    const end = Date.UTC(2026, 0, 10, 12);
    expect(countdown(end, end - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      clock: '03:04:05',
    });
    expect(countdown(end, end + 1000)).toEqual({ days: 0, clock: '00:00:00' });
  });

  it('reads the route tier and the plan of a SKU', () => {
    expect([tierOfParam(undefined), tierOfParam('0'), tierOfParam('1'), tierOfParam('x')]).toEqual([
      'premium',
      'premium',
      'unlimited',
      'premium',
    ]);
    expect(planOfSku('unlimited_one_year')).toEqual({ tier: 'unlimited', yearly: true });
    expect(planOfSku('planner.premium.monthly')).toEqual({ tier: 'premium', yearly: false });
    expect(planOfSku('gold')).toBeUndefined();
    expect(formatUsd(9.99, 'en')).toBe('$9.99');
  });
});
