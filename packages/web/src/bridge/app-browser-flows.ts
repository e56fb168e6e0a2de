import { APP_URL_SCHEME } from '@planner/protocol';
import {
  OAUTH_BUSY,
  OAUTH_CANCELLED,
  OAUTH_FAILED,
  OAUTH_NOT_CONFIGURED,
  OAuthError,
  type SocialProvider,
} from './oauth-popup';

/**
 * The server's browser flows inside the shells (docs/social-and-phone-sign-in.md, "Inside the
 * shells"): Google and Facebook sign-in, and Google Calendar's consent. A WebView cannot run
 * the popup, and Google refuses sign-in inside one, so the flow runs in the system browser
 * (Custom Tabs, SFSafariViewController) and ends at `app.planner://{host}?state=…&code=…`. The
 * code is worth nothing alone (another app may have registered the scheme): the server answers
 * it only with the PKCE verifier this app kept, whose challenge began the flow.
 */

/** What the flow needs of the shell: the system browser, app links and HTTP. */
export interface AppBrowserHost {
  /** The API base (absolute inside a shell). */
  apiBase: string;
  /** The page the app runs at, to resolve a relative API base against. */
  pageUrl: string;
  openBrowser(url: string): Promise<void>;
  closeBrowser(): Promise<void>;
  /** Links the shell was opened with; returns the unsubscribe. */
  onAppUrl(listener: (url: string) => void): () => void;
  /** The person closed the system browser (or it went away); returns the unsubscribe. */
  onBrowserClosed(listener: () => void): () => void;
  fetch: typeof fetch;
  crypto: Crypto;
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/**
 * Android reports the browser closed as the app link brings the app back, sometimes before the
 * link itself: a close counts as a cancel only when no link follows within this.
 */
export const CLOSED_GRACE_MS = 2_000;

let running = false;

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/u, '');
}

function randomBase64Url(crypto: Crypto, size: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(size)));
}

/** RFC 7636's S256 challenge of a verifier. */
export async function pkceChallenge(crypto: Crypto, verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

type Landing = { code: string } | { error: OAuthError };

/** One browser flow: where it starts, the app link's host it ends at, where the code is traded. */
interface AppFlow {
  /** Under the API base, e.g. `/oauth/google/start`. */
  startPath: string;
  linkHost: 'oauth' | 'google-calendar';
  /** Under the API base: takes `{ code, verifier }`, answers JSON. */
  exchangePath: string;
}

/** This flow's outcome from an app link, or undefined when the link is not this flow's. */
function landingOf(url: string, state: string, host: AppFlow['linkHost']): Landing | undefined {
  let link: URL;
  try {
    link = new URL(url);
  } catch {
    return undefined;
  }
  if (link.protocol !== `${APP_URL_SCHEME}:` || link.host !== host) return undefined;
  if (link.searchParams.get('state') !== state) return undefined;
  const code = link.searchParams.get('code');
  if (code) return { code };
  const cancelled = link.searchParams.get('error') === 'cancelled';
  return { error: new OAuthError(cancelled ? OAUTH_CANCELLED : OAUTH_FAILED) };
}

/**
 * Runs the provider's sign-in in the system browser and answers the one-time ticket
 * CreateSession and CreateUser take, as the web's popup does. Rejects with an OAuthError:
 * busy, not configured, cancelled (the browser closed, or the person declined) or failed.
 */
export async function signInThroughBrowser(
  provider: SocialProvider,
  host: AppBrowserHost,
): Promise<string> {
  const answer = await runAppFlow(
    {
      startPath: `/oauth/${provider}/start`,
      linkHost: 'oauth',
      exchangePath: '/oauth/app-ticket',
    },
    host,
  );
  const token: unknown = Reflect.get(answer, 'token');
  if (typeof token !== 'string' || !token) throw new OAuthError(OAUTH_FAILED);
  return token;
}

/**
 * Runs Google Calendar's consent in the system browser and answers Google's code with the
 * redirect address it was given for, as the web's popup does (then PrepareGoogleCalendarSync).
 * Rejects with an OAuthError like sign-in.
 */
export async function consentThroughBrowser(
  host: AppBrowserHost,
): Promise<{ code: string; redirectUri: string }> {
  const answer = await runAppFlow(
    {
      startPath: '/oauth/google-calendar/start',
      linkHost: 'google-calendar',
      exchangePath: '/oauth/google-calendar/app-code',
    },
    host,
  );
  const code: unknown = Reflect.get(answer, 'code');
  const redirectUri: unknown = Reflect.get(answer, 'redirectUri');
  if (typeof code !== 'string' || !code || typeof redirectUri !== 'string' || !redirectUri)
    throw new OAuthError(OAUTH_FAILED);
  return { code, redirectUri };
}

/** One flow at a time, whichever it is; answers the exchange's JSON object. */
async function runAppFlow(flow: AppFlow, host: AppBrowserHost): Promise<object> {
  if (running) throw new OAuthError(OAUTH_BUSY);
  if (!host.apiBase) throw new OAuthError(OAUTH_NOT_CONFIGURED);
  running = true;
  const cleanups: (() => void)[] = [];
  try {
    const state = randomBase64Url(host.crypto, 24);
    const verifier = randomBase64Url(host.crypto, 32);
    const start = new URL(`${host.apiBase}${flow.startPath}`, host.pageUrl);
    start.searchParams.set('state', state);
    start.searchParams.set('app_challenge', await pkceChallenge(host.crypto, verifier));

    const landing = await new Promise<Landing>((resolve, reject) => {
      let grace: unknown;
      cleanups.push(
        host.onAppUrl((url) => {
          const outcome = landingOf(url, state, flow.linkHost);
          if (outcome) resolve(outcome);
        }),
        host.onBrowserClosed(() => {
          grace ??= host.setTimeout(
            () => resolve({ error: new OAuthError(OAUTH_CANCELLED) }),
            CLOSED_GRACE_MS,
          );
        }),
        () => {
          if (grace !== undefined) host.clearTimeout(grace);
        },
      );
      host.openBrowser(start.href).catch(() => reject(new OAuthError(OAUTH_FAILED)));
    });
    // The browser may still be up (iOS keeps it over the app); it is done either way.
    await host.closeBrowser().catch(() => undefined);
    if ('error' in landing) throw landing.error;
    return await exchange(host, flow.exchangePath, landing.code, verifier);
  } finally {
    for (const cleanup of cleanups) cleanup();
    running = false;
  }
}

/** Trades the link's code and this app's verifier for what the flow brought. */
async function exchange(
  host: AppBrowserHost,
  path: string,
  code: string,
  verifier: string,
): Promise<object> {
  let answer: Response;
  try {
    answer = await host.fetch(new URL(`${host.apiBase}${path}`, host.pageUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, verifier }),
    });
  } catch {
    throw new OAuthError(OAUTH_FAILED);
  }
  const body: unknown = answer.ok ? await answer.json().catch(() => undefined) : undefined;
  if (typeof body !== 'object' || body === null) throw new OAuthError(OAUTH_FAILED);
  return body;
}
