/**
 * PRICE_PARAMS of the cloud config (docs/subscriptions.md): per tier and billing frequency the
 * list price (`base`), the yearly plan's saving against twelve months in percent (`baseSave`),
 * the price charged now (`current`) and the campaign's percentage off (`off`); an optional
 * `salesCampaign` { title, expireAt (ms) }. Missing or malformed parts fall back to the spec's
 * USD defaults, so a typo in the configuration never shows a price of nothing. One reading for
 * both sides: the server prices its SKUs and the premium screen shows the plans with it.
 */
export type PricedTier = 'premium' | 'unlimited';
export type BillingFrequency = 'monthly' | 'yearly';

export interface PlanPrice {
  base: number;
  baseSave: number;
  current: number;
  off: number;
}

export interface PriceParams {
  premium: Record<BillingFrequency, PlanPrice>;
  unlimited: Record<BillingFrequency, PlanPrice>;
  salesCampaign: { title: string; expireAt: number } | undefined;
}

const plan = (base: number, baseSave: number): PlanPrice => ({
  base,
  baseSave,
  current: base,
  off: 0,
});

export const DEFAULT_PRICE_PARAMS: PriceParams = {
  premium: { monthly: plan(0.99, 0), yearly: plan(9.99, 17) },
  unlimited: { monthly: plan(1.99, 0), yearly: plan(14.99, 38) },
  salesCampaign: undefined,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const amount = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1e6
    ? value
    : fallback;

function readPlan(value: unknown, fallback: PlanPrice): PlanPrice {
  if (!isRecord(value)) return fallback;
  const base = amount(value.base, fallback.base);
  return {
    base,
    baseSave: amount(value.baseSave, fallback.baseSave),
    current: amount(value.current, base),
    off: amount(value.off, 0),
  };
}

export function parsePriceParams(text: string | undefined): PriceParams {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : undefined;
  } catch {
    raw = undefined;
  }
  if (!isRecord(raw)) return DEFAULT_PRICE_PARAMS;
  const tier = (name: PricedTier): Record<BillingFrequency, PlanPrice> => {
    const value = isRecord(raw[name]) ? raw[name] : {};
    const fallback = DEFAULT_PRICE_PARAMS[name];
    return {
      monthly: readPlan(value.monthly, fallback.monthly),
      yearly: readPlan(value.yearly, fallback.yearly),
    };
  };
  const campaign = raw.salesCampaign;
  const salesCampaign =
    isRecord(campaign) &&
    typeof campaign.title === 'string' &&
    typeof campaign.expireAt === 'number' &&
    Number.isFinite(campaign.expireAt)
      ? { title: campaign.title, expireAt: campaign.expireAt }
      : undefined;
  return { premium: tier('premium'), unlimited: tier('unlimited'), salesCampaign };
}
