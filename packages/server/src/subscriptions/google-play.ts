import type { GooglePlayConfig } from '../config';
import { ServiceAccountToken } from '../google/service-account-token';
import { PurchaseRejected, type StoreVerdict } from './store-verdict';

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const ENTITLED_STATES = new Set([
  'SUBSCRIPTION_STATE_ACTIVE',
  'SUBSCRIPTION_STATE_IN_GRACE_PERIOD',
]);

interface SubscriptionPurchaseV2 {
  subscriptionState?: string;
  lineItems?: { productId?: string; expiryTime?: string }[];
}

/**
 * Google Play Developer API, purchases.subscriptionsv2.get: a service-account JWT (RS256) is
 * exchanged for an access token at the account's token endpoint (cached until shortly before it
 * expires), then the purchase token is looked up for our package.
 */
export class GooglePlayClient {
  private readonly accessToken: ServiceAccountToken;

  constructor(private readonly config: GooglePlayConfig) {
    this.accessToken = new ServiceAccountToken(config, SCOPE);
  }

  async verify(purchaseToken: string, now: number): Promise<StoreVerdict> {
    const token = await this.accessToken.get(now);
    const { apiUrl, packageName } = this.config;
    const url =
      `${apiUrl}/androidpublisher/v3/applications/${encodeURIComponent(packageName)}` +
      `/purchases/subscriptionsv2/tokens/${encodeURIComponent(purchaseToken)}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    // 400 (malformed), 404 (unknown) and 410 (gone) are answers about the token itself.
    if (response.status >= 400 && response.status < 500 && response.status !== 401) {
      throw new PurchaseRejected(`Google Play answered ${response.status}`);
    }
    if (!response.ok) throw new Error(`Google Play answered ${response.status}`);
    const purchase = (await response.json()) as SubscriptionPurchaseV2;
    const item = (purchase.lineItems ?? [])
      .map((line) => ({
        productId: line.productId ?? '',
        expiresAt: Date.parse(line.expiryTime ?? ''),
      }))
      .filter((line) => Number.isFinite(line.expiresAt))
      .sort((a, b) => b.expiresAt - a.expiresAt)[0];
    if (!item) throw new PurchaseRejected('Google Play purchase without a line item');
    return {
      store: 'google_play',
      productId: item.productId,
      purchaseKey: purchaseToken,
      expiresAt: item.expiresAt,
      entitled: ENTITLED_STATES.has(purchase.subscriptionState ?? ''),
    };
  }
}
