/** What a store said about a proof of purchase, once its answer was authenticated. */
export interface StoreVerdict {
  store: 'google_play' | 'app_store';
  /** The store's product id (ours on Google Play, the App Store's own there). */
  productId: string;
  /** The purchase's identity in that store: one account may hold it. */
  purchaseKey: string;
  /** End of the paid period (ms). */
  expiresAt: number;
  /** Paid and not refunded or revoked (the expiry is compared separately, against "now"). */
  entitled: boolean;
}

/** The store refused the proof (unknown, forged, malformed): the caller's input is wrong. */
export class PurchaseRejected extends Error {
  override name = 'PurchaseRejected';
}
