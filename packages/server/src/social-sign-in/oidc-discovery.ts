import * as oidc from 'openid-client';
import type { OAuthClientConfig } from '../config';

/** A provider on this machine (tests, local development), which may speak plain http. */
export const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * The provider's OpenID discovery for a configured client, made once and kept; a failed one is
 * tried again on the next call. Plain http is allowed only for a provider on this machine (tests,
 * local development). Google sign-in and Google calendar consent share the same client.
 */
export function discoveryOf(client: OAuthClientConfig): () => Promise<oidc.Configuration> {
  let configuration: Promise<oidc.Configuration> | undefined;
  return () => {
    const issuer = new URL(client.issuer);
    configuration ??= oidc
      .discovery(
        issuer,
        client.clientId,
        undefined,
        client.clientSecret ? oidc.ClientSecretPost(client.clientSecret) : oidc.None(),
        isLoopback(issuer)
          ? { execute: [oidc.allowInsecureRequests], timeout: 10 }
          : { timeout: 10 },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };
}
