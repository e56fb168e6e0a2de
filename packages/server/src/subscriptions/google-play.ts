import { importPKCS8, SignJWT } from 'jose';
import type { GooglePlayConfig } from '../config';
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
  private accessToken: { value: string; until: number } | undefined;

  constructor(private readonly config: GooglePlayConfig) {}

  async verify(purchaseToken: string, now: number): Promise<StoreVerdict> {
    const token = await this.token(now);
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

  private async token(now: number): Promise<string> {
    if (this.accessToken && this.accessToken.until > now) return this.accessToken.value;
    const key = await importPKCS8(this.config.privateKey, 'RS256');
    const seconds = Math.floor(now / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.config.clientEmail)
      .setAudience(this.config.tokenUri)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 3600)
      .sign(key);
    const response = await fetch(this.config.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
    });
    if (!response.ok) throw new Error(`Google token endpoint answered ${response.status}`);
    const answer = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new Error('Google token endpoint gave no access_token');
    this.accessToken = {
      value: answer.access_token,
      until: now + Math.max(0, (answer.expires_in ?? 3600) - 60) * 1000,
    };
    return answer.access_token;
  }
}
