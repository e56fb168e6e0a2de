// The premium screen reads PRICE_PARAMS as the server does (core's price-params).
export {
  parsePriceParams,
  type BillingFrequency as Frequency,
  type PlanPrice,
  type PriceParams,
  type PricedTier as Tier,
} from '@planner/core';
