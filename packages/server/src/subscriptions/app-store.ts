import {
  Environment,
  SignedDataVerifier,
  VerificationException,
  type JWSTransactionDecodedPayload,
} from '@apple/app-store-server-library';
import { importPKCS8, SignJWT } from 'jose';
import type { AppStoreConfig } from '../config';
import { PurchaseRejected, type StoreVerdict } from './store-verdict';

/** Subscription statuses Apple counts as paid: 1 active, 4 billing grace period. */
const ENTITLED_STATUSES = new Set([1, 4]);

interface StatusResponse {
  data?: {
    lastTransactions?: { status?: number; signedTransactionInfo?: string }[];
  }[];
}

/**
 * App Store: the app sends the signed transaction (JWS) StoreKit gave it. Apple's own verifier
 * checks its certificate chain against the configured roots and our bundle id; then the App
 * Store Server API is asked for the subscription's current state, which tells of renewals,
 * refunds and revocations, and the transaction in that answer is verified the same way.
 */
export class AppStoreClient {
  private readonly verifier: SignedDataVerifier;

  constructor(private readonly config: AppStoreConfig) {
    // Online checks (OCSP, today's date) would call Apple from inside the verifier: the chain is
    // checked at the transaction's signing date instead, and freshness comes from the API call.
    this.verifier = new SignedDataVerifier(
      config.rootCerts,
      false,
      config.environment === 'Sandbox' ? Environment.SANDBOX : Environment.PRODUCTION,
      config.bundleId,
      config.appAppleId,
    );
  }

  /** Verifies a signed transaction from the device and its current state from the API. */
  async verify(signedTransaction: string, now: number): Promise<StoreVerdict> {
    const fromDevice = await this.decode(signedTransaction);
    if (!fromDevice.transactionId) throw new PurchaseRejected('transaction without an id');
    return this.current(fromDevice.transactionId, now);
  }

  /**
   * Asks the App Store Server API for the subscription's current state (Get All Subscription
   * Statuses): its latest transaction, renewals included, and whether Apple counts it active.
   */
  async current(transactionId: string, now: number): Promise<StoreVerdict> {
    const response = await fetch(
      `${this.config.apiUrl}/inApps/v1/subscriptions/${encodeURIComponent(transactionId)}`,
      { headers: { authorization: `Bearer ${await this.apiToken(now)}` } },
    );
    if (response.status === 400 || response.status === 404) {
      throw new PurchaseRejected(`App Store answered ${response.status}`);
    }
    if (!response.ok) throw new Error(`App Store answered ${response.status}`);
    const answer = (await response.json()) as StatusResponse;
    const last = (answer.data ?? []).flatMap((group) => group.lastTransactions ?? [])[0];
    if (!last?.signedTransactionInfo) throw new PurchaseRejected('no transaction in the answer');
    const transaction = await this.decode(last.signedTransactionInfo);
    return {
      store: 'app_store',
      productId: transaction.productId ?? '',
      purchaseKey: transaction.originalTransactionId ?? transactionId,
      expiresAt: transaction.expiresDate ?? 0,
      entitled: ENTITLED_STATUSES.has(last.status ?? 0) && transaction.revocationDate === undefined,
    };
  }

  private async decode(jws: string): Promise<JWSTransactionDecodedPayload> {
    try {
      return await this.verifier.verifyAndDecodeTransaction(jws);
    } catch (error) {
      if (error instanceof VerificationException) {
        throw new PurchaseRejected(`App Store signature refused (status ${error.status})`);
      }
      throw error;
    }
  }

  /** The App Store Server API's bearer token: ES256, at most an hour, for our bundle. */
  private async apiToken(now: number): Promise<string> {
    const key = await importPKCS8(this.config.privateKey, 'ES256');
    const seconds = Math.floor(now / 1000);
    return new SignJWT({ bid: this.config.bundleId })
      .setProtectedHeader({ alg: 'ES256', kid: this.config.keyId, typ: 'JWT' })
      .setIssuer(this.config.issuerId)
      .setAudience('appstoreconnect-v1')
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 20 * 60)
      .sign(key);
  }
}
