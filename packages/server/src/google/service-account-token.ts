import { importPKCS8, SignJWT } from 'jose';

export interface ServiceAccount {
  clientEmail: string;
  /** PKCS#8 PEM. */
  privateKey: string;
  tokenUri: string;
}

/**
 * A Google service account's access token for one scope (Google Play's subscriptions API, FCM):
 * a signed JWT exchanged at the account's token URI (the JWT bearer grant), kept until a minute
 * before it expires. `forget` drops it after an API answered 401.
 */
export class ServiceAccountToken {
  private current: { value: string; until: number } | undefined;

  constructor(
    private readonly account: ServiceAccount,
    private readonly scope: string,
  ) {}

  async get(now: number): Promise<string> {
    if (this.current && this.current.until > now) return this.current.value;
    const key = await importPKCS8(this.account.privateKey, 'RS256');
    const seconds = Math.floor(now / 1000);
    const assertion = await new SignJWT({ scope: this.scope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.account.clientEmail)
      .setSubject(this.account.clientEmail)
      .setAudience(this.account.tokenUri)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 3600)
      .sign(key);
    const response = await fetch(this.account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Google token endpoint answered ${response.status}`);
    const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      throw new Error('Google token endpoint gave no access_token');
    }
    const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
    this.current = { value: answer.access_token, until: now + Math.max(0, lifetime - 60) * 1000 };
    return answer.access_token;
  }

  forget(): void {
    this.current = undefined;
  }
}
