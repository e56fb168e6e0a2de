import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Google's read-only calendar scope: a grant for it gets a refresh token, as Google's offline access does. */
export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';

/** A person the test provider signs in: by default made from the login typed on its page. */
interface TestPerson {
  name: string;
  email: string;
  emailVerified: boolean;
  picture: string;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets what the provider says about a login (typed on its login page). */
  setPerson(login: string, person: Partial<TestPerson>): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a free port of this machine, standing in for
 * Google: discovery, its own login and consent pages (devInteractions: any login, any
 * password), PKCE required, signed ID tokens, userinfo. Nothing of it is mocked.
 */
export async function startOidcTestProvider(options: {
  redirectUris: string[];
  port?: number;
}): Promise<OidcTestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'planner-test';
  const clientSecret = 'planner-test-secret-0123456789abcdef';
  const people = new Map<string, Partial<TestPerson>>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Sign-in uses PKCE; the calendar grant is exchanged by the confidential server (as Google
    // allows), so it needs none.
    pkce: {
      methods: ['S256'],
      required: (ctx: { oidc: { params?: { scope?: unknown } } }) =>
        !String(ctx.oidc.params?.scope ?? '').includes(CALENDAR_SCOPE),
    },
    scopes: ['openid', 'offline_access', CALENDAR_SCOPE],
    issueRefreshToken: (
      _ctx: unknown,
      client: { grantTypeAllowed(type: string): boolean },
      code: { scopes: Set<string> },
    ) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || code.scopes.has(CALENDAR_SCOPE)),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // Like Google, the ID token carries the profile the scopes asked for.
    conformIdTokenClaims: false,
    cookies: { keys: ['planner-test-provider-cookie-key'] },
    features: {
      devInteractions: { enabled: true },
      // The fake Calendar API checks access tokens here; Unbind revokes the grant here.
      introspection: { enabled: true },
      revocation: { enabled: true },
    },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => {
        const person = people.get(sub) ?? {};
        return {
          sub,
          name: person.name ?? `Test ${sub}`,
          email: person.email ?? (sub.includes('@') ? sub : `${sub}@example.com`),
          email_verified: person.emailVerified ?? true,
          picture: person.picture ?? `${issuer}/pictures/${encodeURIComponent(sub)}.png`,
        };
      },
    }),
  });
  // oidc-provider logs its development warnings (devInteractions, keys) once; tests need quiet.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    setPerson: (login, person) => people.set(login, person),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
