/**
 * Google's OAuth edge for calendar access: the consent page's address, the code exchange (a
 * confidential client with its secret, offline access: a refresh token), refreshing an access
 * token, and revoking a grant. Discovery goes through openid-client, as sign-in does, so tests
 * point GOOGLE_ISSUER at a local provider.
 */
import * as oidc from 'openid-client';
import { discoveryOf } from '../social-sign-in/oidc-discovery';
import type { Config, OAuthClientConfig } from '../config';

const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';
export const CALLBACK_PATH = '/api/oauth/google-calendar/callback';

export const callbackUrl = (config: Pick<Config, 'publicUrl'>) =>
  `${config.publicUrl}${CALLBACK_PATH}`;

/** Google refused the grant (revoked, expired, or never valid): the user must consent again. */
export class GrantRefused extends Error {
  constructor(reason: string) {
    super(`Google refused the grant: ${reason}`);
  }
}

export class GoogleOAuth {
  constructor(
    private readonly client: OAuthClientConfig,
    private readonly redirectUri: string,
  ) {
    this.discover = discoveryOf(client);
  }

  private readonly discover: () => Promise<oidc.Configuration>;

  /** Google's consent page asking read-only calendar access with a refresh token. */
  async authorizationUrl(state: string): Promise<URL> {
    return oidc.buildAuthorizationUrl(await this.discover(), {
      redirect_uri: this.redirectUri,
      scope: CALENDAR_SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      state,
    });
  }

  /** Exchanges a consent page's code for a refresh token (and a first access token). */
  async exchange(code: string): Promise<{ refreshToken: string; accessToken: string }> {
    const configuration = await this.discover();
    let tokens: oidc.TokenEndpointResponse;
    try {
      // The code arrives from the app (the popup's page handed it over), not as a callback
      // this server received, so the grant is posted as such.
      tokens = await oidc.genericGrantRequest(configuration, 'authorization_code', {
        code,
        redirect_uri: this.redirectUri,
      });
    } catch (error) {
      if (isInvalidGrant(error)) throw new GrantRefused('invalid_grant');
      throw error;
    }
    if (!tokens.refresh_token) throw new GrantRefused('no refresh token');
    return { refreshToken: tokens.refresh_token, accessToken: tokens.access_token };
  }

  /** A fresh access token; a new refresh token when the provider rotated it. */
  async refresh(refreshToken: string): Promise<{ accessToken: string; refreshToken?: string }> {
    const configuration = await this.discover();
    try {
      const tokens = await oidc.refreshTokenGrant(configuration, refreshToken);
      return {
        accessToken: tokens.access_token,
        ...(tokens.refresh_token &&
          tokens.refresh_token !== refreshToken && { refreshToken: tokens.refresh_token }),
      };
    } catch (error) {
      if (isInvalidGrant(error)) throw new GrantRefused('invalid_grant');
      throw error;
    }
  }

  /** Revokes the grant at Google; best effort (the caller forgets the token either way). */
  async revoke(refreshToken: string): Promise<void> {
    const configuration = await this.discover();
    if (!configuration.serverMetadata().revocation_endpoint) return;
    await oidc.tokenRevocation(configuration, refreshToken);
  }
}

function isInvalidGrant(error: unknown): boolean {
  return (
    error instanceof oidc.ResponseBodyError &&
    (error.error === 'invalid_grant' || error.error === 'unauthorized_client')
  );
}
