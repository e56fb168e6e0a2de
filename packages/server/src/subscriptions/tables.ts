/** Rows of the subscriptions domain. Booleans 0/1, instants int8 ms. */
// A type alias, not an interface: Kysely's withTables needs its implicit index signature.
export type SubscriptionRow = {
  user_id: string;
  subscription_id: string;
  sku_id: string;
  /** 'google_play' or 'app_store' once the store confirmed a purchase; '' while pending. */
  store: string;
  /** The Play purchase token or the App Store original transaction id ('' while pending). */
  purchase_key: string;
  google_play_purchase_token: string;
  app_store_receipt: string;
  active: number;
  /** When the store says the paid period ends; 0 while pending. */
  expires_at: number;
  created_at: number;
  /** When the store was last asked. */
  checked_at: number;
};

export type SubscriptionsTables = {
  subscriptions: SubscriptionRow;
};
