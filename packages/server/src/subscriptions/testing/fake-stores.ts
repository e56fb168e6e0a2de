/**
 * Stand-ins for the two stores' HTTP APIs, started on a free local port by a test: Google's
 * OAuth token endpoint and the Play Developer API's purchases.subscriptionsv2.get, and the App
 * Store Server API's Get All Subscription Statuses. They check what the real ones check (the
 * service-account assertion, the bearer tokens, the package and bundle) and answer in the real
 * shapes; the test decides what each purchase is.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { CompactSign, jwtVerify } from 'jose';
import type { AppStoreConfig, GooglePlayConfig } from '../../config';
import { makeChain, newPkcs8, type TestChain } from './test-certificates';

interface PlayPurchase {
  productId: string;
  /** e.g. SUBSCRIPTION_STATE_ACTIVE, SUBSCRIPTION_STATE_EXPIRED, SUBSCRIPTION_STATE_CANCELED */
  state: string;
  expiresAt: number;
}

interface AppleTransaction {
  transactionId: string;
  originalTransactionId: string;
  productId: string;
  expiresAt: number;
  /** Apple's status: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked. */
  status: number;
  revokedAt?: number;
  bundleId?: string;
}

export interface FakeStores {
  googlePlay: GooglePlayConfig;
  appStore: AppStoreConfig;
  /** Purchase tokens the Play API knows. */
  playPurchases: Map<string, PlayPurchase>;
  /** Transactions the App Store knows, by original transaction id. */
  appleTransactions: Map<string, AppleTransaction>;
  /** A JWS of the transaction as StoreKit hands it to the app, signed by the test chain. */
  signTransaction(transaction: AppleTransaction, chain?: TestChain): Promise<string>;
  /** A chain the server does not trust (a forger's). */
  forgedChain: TestChain;
  /** Requests each fake answered, to assert on what the server sent. */
  calls: string[];
  close(): Promise<void>;
}

const PACKAGE = 'app.planner.test';
const BUNDLE = 'app.planner.ios';

/** `now` is fixed for what the fakes sign; `clock` is the test server's, for checking tokens. */
export async function startFakeStores(
  now: number,
  clock: () => number = () => now,
): Promise<FakeStores> {
  const year = 365 * 24 * 3600 * 1000;
  const chain = makeChain(now - year, now + 5 * year);
  const forgedChain = makeChain(now - year, now + 5 * year, 'Forger');
  const serviceAccount = newPkcs8('rsa');
  const apiKey = newPkcs8('ec');
  const playPurchases = new Map<string, PlayPurchase>();
  const appleTransactions = new Map<string, AppleTransaction>();
  const calls: string[] = [];
  const issuedTokens = new Set<string>();

  const signTransaction = async (t: AppleTransaction, signer: TestChain = chain) =>
    new CompactSign(
      new TextEncoder().encode(
        JSON.stringify({
          transactionId: t.transactionId,
          originalTransactionId: t.originalTransactionId,
          bundleId: t.bundleId ?? BUNDLE,
          productId: t.productId,
          purchaseDate: now - 24 * 3600 * 1000,
          originalPurchaseDate: now - 24 * 3600 * 1000,
          expiresDate: t.expiresAt,
          quantity: 1,
          type: 'Auto-Renewable Subscription',
          inAppOwnershipType: 'PURCHASED',
          signedDate: now,
          environment: 'Sandbox',
          transactionReason: 'PURCHASE',
          ...(t.revokedAt !== undefined && { revocationDate: t.revokedAt, revocationReason: 0 }),
        }),
      ),
    )
      .setProtectedHeader({ alg: 'ES256', x5c: signer.x5c })
      .sign(signer.leaf.privateKey);

  const app: FastifyInstance = Fastify();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  let base = '';

  // Google's token endpoint: a JWT-bearer grant signed by the service account's key.
  app.post('/token', async (request, reply) => {
    calls.push('google token');
    const form = request.body as Record<string, string>;
    try {
      if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error();
      const { payload } = await jwtVerify(form.assertion ?? '', serviceAccount.publicKey, {
        audience: `${base}/token`,
        issuer: 'play@planner-test.iam.gserviceaccount.com',
        currentDate: new Date(clock()),
      });
      if (payload.scope !== 'https://www.googleapis.com/auth/androidpublisher') throw new Error();
    } catch {
      return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid JWT' });
    }
    const token = `ya29.${Math.random().toString(36).slice(2)}`;
    issuedTokens.add(token);
    return { access_token: token, expires_in: 3599, token_type: 'Bearer' };
  });

  app.get<{ Params: { pkg: string; token: string } }>(
    '/androidpublisher/v3/applications/:pkg/purchases/subscriptionsv2/tokens/:token',
    async (request, reply) => {
      calls.push('google purchase');
      const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!issuedTokens.has(bearer)) {
        return reply.code(401).send({ error: { code: 401, status: 'UNAUTHENTICATED' } });
      }
      const purchase = playPurchases.get(request.params.token);
      if (request.params.pkg !== PACKAGE || !purchase) {
        return reply.code(400).send({
          error: { code: 400, message: 'Invalid Value', status: 'INVALID_ARGUMENT' },
        });
      }
      return {
        kind: 'androidpublisher#subscriptionPurchaseV2',
        startTime: new Date(now - 24 * 3600 * 1000).toISOString(),
        regionCode: 'US',
        subscriptionState: purchase.state,
        latestOrderId: 'GPA.0000-0000-0000-00000',
        acknowledgementState: 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED',
        lineItems: [
          {
            productId: purchase.productId,
            expiryTime: new Date(purchase.expiresAt).toISOString(),
            autoRenewingPlan: { autoRenewEnabled: true },
          },
        ],
      };
    },
  );

  // App Store Server API: Get All Subscription Statuses, behind an ES256 bearer token.
  app.get<{ Params: { id: string } }>('/inApps/v1/subscriptions/:id', async (request, reply) => {
    calls.push('apple statuses');
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    try {
      const { payload, protectedHeader } = await jwtVerify(bearer, apiKey.publicKey, {
        audience: 'appstoreconnect-v1',
        issuer: 'issuer-0001',
        currentDate: new Date(clock()),
      });
      if (payload.bid !== BUNDLE || protectedHeader.kid !== 'KEY0001') throw new Error();
    } catch {
      return reply.code(401).send('Unauthenticated');
    }
    const transaction = [...appleTransactions.values()].find(
      (t) => t.transactionId === request.params.id || t.originalTransactionId === request.params.id,
    );
    if (!transaction)
      return reply
        .code(404)
        .send({ errorCode: 4040010, errorMessage: 'Transaction id not found.' });
    return {
      environment: 'Sandbox',
      bundleId: BUNDLE,
      data: [
        {
          subscriptionGroupIdentifier: '21000000',
          lastTransactions: [
            {
              originalTransactionId: transaction.originalTransactionId,
              status: transaction.status,
              signedTransactionInfo: await signTransaction(transaction),
              signedRenewalInfo: '',
            },
          ],
        },
      ],
    };
  });

  base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    googlePlay: {
      apiUrl: base,
      packageName: PACKAGE,
      clientEmail: 'play@planner-test.iam.gserviceaccount.com',
      privateKey: serviceAccount.pem,
      tokenUri: `${base}/token`,
    },
    appStore: {
      apiUrl: base,
      bundleId: BUNDLE,
      environment: 'Sandbox',
      appAppleId: undefined,
      rootCerts: [chain.root.der],
      issuerId: 'issuer-0001',
      keyId: 'KEY0001',
      privateKey: apiKey.pem,
    },
    playPurchases,
    appleTransactions,
    signTransaction,
    forgedChain,
    calls,
    close: () => app.close(),
  };
}
