/**
 * The browser tests' stand-ins for Google and Facebook, as one process (a Playwright web
 * server): OIDC_TEST_PORT (oidc-provider), FACEBOOK_TEST_PORT (the fake Facebook edge), and when
 * GCAL_TEST_PORT is set the fake Google Calendar API (access tokens checked at the provider);
 * PLANNER_URL is where the provider may send the popup back.
 */
import {
  introspectAt,
  startFakeGoogleCalendar,
} from '../../google-calendar/testing/fake-google-calendar';
import { startFakeFacebook } from './fake-facebook';
import { startOidcTestProvider, type OidcTestProvider } from './oidc-test-provider';

const plannerUrl = process.env.PLANNER_URL ?? '';
const oidcPort = Number(process.env.OIDC_TEST_PORT);
const facebookPort = Number(process.env.FACEBOOK_TEST_PORT);
if (!plannerUrl || !oidcPort || !facebookPort) {
  throw new Error('PLANNER_URL, OIDC_TEST_PORT and FACEBOOK_TEST_PORT must be set');
}
// Facebook first: the runner waits for the OpenID provider's discovery, the last to come up.
await startFakeFacebook({ port: facebookPort });
const started: { provider?: OidcTestProvider } = {};
const calendarPort = Number(process.env.GCAL_TEST_PORT);
if (calendarPort) {
  await startFakeGoogleCalendar({
    port: calendarPort,
    checkToken: (token) =>
      started.provider ? introspectAt(started.provider)(token) : Promise.resolve(undefined),
  });
}
started.provider = await startOidcTestProvider({
  redirectUris: [
    `${plannerUrl}/api/oauth/google/callback`,
    `${plannerUrl}/api/oauth/google-calendar/callback`,
  ],
  port: oidcPort,
});
