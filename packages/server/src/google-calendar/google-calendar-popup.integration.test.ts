import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { drivePopup } from '../social-sign-in/testing/popup-driver';
import {
  CALENDAR_SCOPE,
  startOidcTestProvider,
  type OidcTestProvider,
} from '../social-sign-in/testing/oidc-test-provider';
import type { CalendarPopupMessage } from './google-calendar-routes';
import { GoogleOAuth } from './google-oauth';
import { appChallengeOf } from '../social-sign-in/app-return';
import {
  introspectAt,
  startFakeGoogleCalendar,
  type FakeGoogleCalendar,
} from './testing/fake-google-calendar';

const PUBLIC_URL = 'http://planner.test';
const CALLBACK = `${PUBLIC_URL}/api/oauth/google-calendar/callback`;
let google: OidcTestProvider;
let calendar: FakeGoogleCalendar;
let server: TestServer;

beforeAll(async () => {
  google = await startOidcTestProvider({ redirectUris: [CALLBACK] });
  calendar = await startFakeGoogleCalendar({ checkToken: introspectAt(google) });
  server = await startTestServer({
    config: {
      publicUrl: PUBLIC_URL,
      google: {
        issuer: google.issuer,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
      },
      googleCalendarApiUrl: calendar.apiUrl,
    },
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all([google.close(), calendar.close()]);
});

const newState = () => randomBytes(16).toString('base64url');

/** The popup as a person goes through it; answers what its page posts to the opener. */
async function consent(login: string, state = newState()) {
  const run = await drivePopup({
    serverUrl: server.url,
    publicUrl: PUBLIC_URL,
    // The driver opens /api/oauth/{provider}/start: the calendar's popup is one more such path.
    provider: 'google-calendar' as 'google',
    state,
    login,
  });
  return { ...run, message: run.message as unknown as CalendarPopupMessage | undefined };
}

describe('the Google Calendar consent popup', () => {
  it('sends the browser to the consent page for read-only calendar access, offline', async () => {
    const state = newState();
    const start = await fetch(`${server.url}/api/oauth/google-calendar/start?state=${state}`, {
      redirect: 'manual',
    });
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get('location') ?? '');
    expect(to.origin).toBe(google.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: google.clientId,
      response_type: 'code',
      scope: CALENDAR_SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      redirect_uri: CALLBACK,
      state,
    });
  });

  it('refuses a start without a proper state', async () => {
    const start = await fetch(`${server.url}/api/oauth/google-calendar/start?state=short`, {
      redirect: 'manual',
    });
    expect(start.status).toBe(400);
  });

  it('posts the code, the state and the redirect address to the app that opened it', async () => {
    const state = newState();
    const run = await consent('popup-person', state);
    expect(run.status).toBe(200);
    expect(run.message).toMatchObject({
      source: 'planner-google-calendar',
      state,
      redirectUri: CALLBACK,
    });
    expect(run.html).toContain(`"targetOrigin":"${PUBLIC_URL}"`);
    expect(run.html).toContain('<script src="/api/oauth/finish.js"></script>');
    // The code is good for a refresh token, and its access token reads the fake Calendar API.
    const code = run.message && 'code' in run.message ? run.message.code : '';
    const client = {
      issuer: google.issuer,
      clientId: google.clientId,
      clientSecret: google.clientSecret,
    };
    const tokens = await new GoogleOAuth(client, CALLBACK).exchange(code);
    expect(tokens.refreshToken).not.toBe('');
    const list = await fetch(`${calendar.apiUrl}/users/me/calendarList`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { items: { id: string; primary?: boolean }[] };
    expect(body.items).toEqual([
      expect.objectContaining({ id: 'popup-person@example.com', primary: true }),
    ]);
  });

  it('posts a cancelled result when the person declines', async () => {
    const state = newState();
    const page = await fetch(
      `${server.url}/api/oauth/google-calendar/callback?state=${state}&error=access_denied`,
    );
    const html = await page.text();
    expect(html).toContain('"error":"cancelled"');
    expect(html).not.toContain('"code"');
  });

  it('answers 401 to a request without a valid access token', async () => {
    const list = await fetch(`${calendar.apiUrl}/users/me/calendarList`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(list.status).toBe(401);
    expect(await list.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  it('lets a browser test change the fake calendar over HTTP', async () => {
    const control = (path: string, method: string, body?: unknown) =>
      fetch(`${calendar.apiUrl.replace('/calendar/v3', '')}/__control${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, unknown>,
      }));
    const login = 'http-controlled';
    const primary = await control(`/accounts/${login}/primary`, 'POST');
    expect(primary.body).toEqual({ id: 'http-controlled@example.com' });
    const base = `/accounts/${login}/calendars/${encodeURIComponent(String(primary.body.id))}`;
    const added = await control(`${base}/events`, 'POST', {
      summary: 'Dentist',
      start: { dateTime: '2026-01-06T09:00:00Z' },
      end: { dateTime: '2026-01-06T10:00:00Z' },
    });
    expect(added.body).toMatchObject({ kind: 'calendar#event', status: 'confirmed' });
    const id = String(added.body.id);
    await control(`${base}/events/${id}`, 'PATCH', { summary: 'Dentist (moved)' });
    const series = await control(`${base}/series`, 'POST', {
      summary: 'Swim',
      start: { dateTime: '2026-01-07T07:00:00Z' },
      end: { dateTime: '2026-01-07T08:00:00Z' },
      frequency: 'DAILY',
      count: 3,
    });
    expect(series.body.ids).toHaveLength(3);
    await control(`${base}/events/${id}`, 'DELETE');
    expect((await control('/expire-sync-tokens', 'POST')).status).toBe(200);
    expect((await control(`/accounts/${login}/revoke`, 'POST')).status).toBe(200);
    expect((await control(`/accounts/${login}/restore`, 'POST')).status).toBe(200);
    expect((await control(`${base}/events/missing`, 'DELETE')).status).toBe(404);
  });
});

describe("the consent inside the shells (system browser, app link, the app's exchange)", () => {
  const newVerifier = () => randomBytes(32).toString('base64url');
  const exchange = (body: unknown) =>
    fetch(`${server.url}/api/oauth/google-calendar/app-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function shellConsent(login: string, verifier: string) {
    const state = newState();
    const run = await drivePopup({
      serverUrl: server.url,
      publicUrl: PUBLIC_URL,
      provider: 'google-calendar' as 'google',
      state,
      login,
      appChallenge: appChallengeOf(verifier),
    });
    const link = new URL(run.appUrl ?? 'about:blank');
    return { run, state, link, code: link.searchParams.get('code') ?? '' };
  }

  it("ends at the app link with a code of ours; Google's code comes only with the app's verifier, once", async () => {
    const verifier = newVerifier();
    const { run, state, link, code } = await shellConsent('shell-person', verifier);
    expect(run.message).toBeUndefined();
    expect(link.protocol).toBe('app.planner:');
    expect(link.host).toBe('google-calendar');
    expect(link.searchParams.get('state')).toBe(state);
    expect(code).toMatch(/^[\w-]{43}$/);
    expect(run.html).toContain('Return to Planner');

    expect((await exchange({ code, verifier: newVerifier() })).status).toBe(400);
    const answer = await exchange({ code, verifier });
    expect(answer.status).toBe(200);
    const consented = (await answer.json()) as { code: string; redirectUri: string };
    expect(consented.redirectUri).toBe(CALLBACK);
    expect(consented.code).not.toBe(code);
    // Google's code is good for the calendar, as the popup's is.
    const client = {
      issuer: google.issuer,
      clientId: google.clientId,
      clientSecret: google.clientSecret,
    };
    const tokens = await new GoogleOAuth(client, CALLBACK).exchange(consented.code);
    expect(tokens.refreshToken).not.toBe('');
    expect((await exchange({ code, verifier })).status).toBe(400);
  });

  it('brings a declined consent back to the app, and refuses malformed starts and exchanges', async () => {
    const verifier = newVerifier();
    const state = newState();
    const start = await fetch(
      `${server.url}/api/oauth/google-calendar/start?state=${state}&app_challenge=${appChallengeOf(verifier)}`,
      { redirect: 'manual' },
    );
    expect(start.status).toBe(302);
    const declined = await fetch(
      `${server.url}/api/oauth/google-calendar/callback?state=${state}&error=access_denied`,
    );
    const html = await declined.text();
    expect(html).toContain(
      `"appUrl":"app.planner://google-calendar?state=${state}&error=cancelled"`,
    );
    expect(html).not.toContain('"message"');

    const bad = await fetch(
      `${server.url}/api/oauth/google-calendar/start?state=${newState()}&app_challenge=short`,
      { redirect: 'manual' },
    );
    expect(bad.status).toBe(400);
    for (const body of [{}, { code: 'x', verifier }, { code: 'a'.repeat(43), verifier }]) {
      expect((await exchange(body)).status).toBe(400);
    }
  });
});
