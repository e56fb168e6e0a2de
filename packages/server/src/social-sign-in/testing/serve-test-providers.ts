/**
 * The browser tests' stand-ins for Google and Facebook, as one process (a Playwright web
 * server): OIDC_TEST_PORT (oidc-provider), FACEBOOK_TEST_PORT (the fake Facebook edge);
 * PLANNER_URL is where the provider may send the popup back.
 */
import { startFakeFacebook } from './fake-facebook';
import { startOidcTestProvider } from './oidc-test-provider';

const plannerUrl = process.env.PLANNER_URL ?? '';
const oidcPort = Number(process.env.OIDC_TEST_PORT);
const facebookPort = Number(process.env.FACEBOOK_TEST_PORT);
if (!plannerUrl || !oidcPort || !facebookPort) {
  throw new Error('PLANNER_URL, OIDC_TEST_PORT and FACEBOOK_TEST_PORT must be set');
}
// Facebook first: the runner waits for the OpenID provider's discovery, the last to come up.
await startFakeFacebook({ port: facebookPort });
await startOidcTestProvider({
  redirectUris: [`${plannerUrl}/api/oauth/google/callback`],
  port: oidcPort,
});
