/**
 * The two providers' HTTP edges: Google through OpenID Connect (openid-client: discovery,
 * PKCE, the ID token's signature, issuer, audience, nonce and times checked), Facebook through
 * its own OAuth dialog and Graph API (code -> access_token -> /me).
 */
import { createHmac } from 'node:crypto';
import { normalizeEmail } from '@planner/core';
import * as oidc from 'openid-client';
import { discoveryOf, isLoopback } from './oidc-discovery';
import type { Config, OAuthClientConfig } from '../config';
import type { SocialProfile, SocialProvider } from './social-repository';

/** What the start route hands the provider, and the callback checks against. */
interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OAuthProvider {
  readonly name: SocialProvider;
  /** The provider's consent page for this flow. */
  authorizationUrl(checks: FlowChecks & { codeChallenge: string }): Promise<URL>;
  /** Turns the callback (code and state in its query) into the person it signed in. */
  finish(callback: URL, checks: FlowChecks): Promise<SocialProfile>;
}

export type OAuthProviders = Partial<Record<SocialProvider, OAuthProvider>>;

/** The configured providers; a provider without a client id is off (its button hidden). */
export function configuredProviders(config: Config): OAuthProviders {
  const callback = (provider: SocialProvider) =>
    `${config.publicUrl}/api/oauth/${provider}/callback`;
  return {
    ...(config.google && { google: new OidcProvider(config.google, callback('google')) }),
    ...(config.facebook && {
      facebook: new FacebookProvider(config.facebook, callback('facebook')),
    }),
  };
}

class OidcProvider implements OAuthProvider {
  readonly name = 'google';
  constructor(
    private readonly client: OAuthClientConfig,
    private readonly redirectUri: string,
  ) {
    this.discover = discoveryOf(client);
  }

  private readonly discover: () => Promise<oidc.Configuration>;

  async authorizationUrl(checks: FlowChecks & { codeChallenge: string }): Promise<URL> {
    return oidc.buildAuthorizationUrl(await this.discover(), {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: checks.codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  async finish(callback: URL, checks: FlowChecks): Promise<SocialProfile> {
    const configuration = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider answered no ID token');
    // Providers may keep the profile out of the ID token and answer it at userinfo.
    const info = configuration.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
      : {};
    const claims: Record<string, unknown> = { ...info, ...idClaims };
    const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
    return {
      provider: this.name,
      subject: idClaims.sub,
      name: stringClaim(claims.name),
      avatarUrl: httpsUrl(claims.picture),
      coverUrl: '',
      email,
      emailVerified: email !== '' && claims.email_verified === true,
    };
  }
}

/** Facebook's answers, as far as they are read. */
interface FacebookToken {
  access_token?: unknown;
}
interface FacebookMe {
  id?: unknown;
  name?: unknown;
  email?: unknown;
  picture?: { data?: { url?: unknown; is_silhouette?: unknown } };
}

class FacebookProvider implements OAuthProvider {
  readonly name = 'facebook';

  constructor(
    private readonly client: OAuthClientConfig & { dialogUrl: string; graphUrl: string },
    private readonly redirectUri: string,
  ) {}

  async authorizationUrl(checks: FlowChecks & { codeChallenge: string }): Promise<URL> {
    const url = new URL(this.client.dialogUrl);
    url.search = new URLSearchParams({
      client_id: this.client.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: 'public_profile,email',
      state: checks.state,
      code_challenge: checks.codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url;
  }

  async finish(callback: URL, checks: FlowChecks): Promise<SocialProfile> {
    const code = callback.searchParams.get('code');
    if (!code || callback.searchParams.get('state') !== checks.state) {
      throw new Error('the callback has no code or another state');
    }
    const token = await this.graph<FacebookToken>('oauth/access_token', {
      client_id: this.client.clientId,
      redirect_uri: this.redirectUri,
      code,
      code_verifier: checks.codeVerifier,
      ...(this.client.clientSecret && { client_secret: this.client.clientSecret }),
    });
    if (typeof token.access_token !== 'string') throw new Error('Facebook answered no token');
    const accessToken = token.access_token;
    const me = await this.graph<FacebookMe>('me', {
      fields: 'id,name,email,picture.width(200).height(200)',
      access_token: accessToken,
      // Graph API calls made with the app secret prove they come from the app's server.
      ...(this.client.clientSecret && {
        appsecret_proof: createHmac('sha256', this.client.clientSecret)
          .update(accessToken)
          .digest('hex'),
      }),
    });
    if (typeof me.id !== 'string' || me.id === '') throw new Error('Facebook answered no id');
    const picture = me.picture?.data;
    return {
      provider: this.name,
      subject: me.id,
      name: stringClaim(me.name),
      avatarUrl: picture?.is_silhouette === true ? '' : httpsUrl(picture?.url),
      coverUrl: '',
      email: typeof me.email === 'string' ? normalizeEmail(me.email) : '',
      // Facebook does not say whether the person confirmed the address.
      emailVerified: false,
    };
  }

  private async graph<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = new URL(`${this.client.graphUrl.replace(/\/+$/, '')}/${path}`);
    url.search = new URLSearchParams(query).toString();
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`Facebook ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }
}

function stringClaim(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 200) : '';
}

/** Pictures are shown only from https (or a local test provider's http) addresses. */
function httpsUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '';
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || isLoopback(url) ? url.href : '';
  } catch {
    return '';
  }
}
