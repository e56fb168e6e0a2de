// The SKUs are priced from PRICE_PARAMS as the premium screen reads it (core's price-params).
export {
  parsePriceParams,
  type BillingFrequency as Frequency,
  type PricedTier as Tier,
} from '@planner/core';
