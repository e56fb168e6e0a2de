/**
 * The sign-in popup (spec: popup social sign-in on the web). The popup opens our server's
 * /api/oauth/{provider}/start, goes through the provider's pages and comes back to our server,
 * whose last page posts `{ state, token }` (or `{ state, error }`) to this window and closes.
 * One flow at a time; a closed popup is a cancel (checked every 100 ms); a message from another
 * origin, or with another state, is not ours and is ignored.
 */

export type SocialProvider = 'google' | 'facebook';

/** The spec's texts, kept as the errors' messages; the screens show translations of them. */
export const OAUTH_CANCELLED = 'User cancelled oauth';
export const OAUTH_BUSY = "Previous OAuth flow hasn't finished";
export const OAUTH_FAILED = 'OAuth sign-in failed';
export const OAUTH_NOT_CONFIGURED = 'OAuth sign-in is not configured';

export class OAuthError extends Error {
  override name = 'OAuthError';
}

export const POPUP_WIDTH = 400;
export const POPUP_HEIGHT = 600;
export const CLOSED_POLL_MS = 100;

/** The window the flow runs from: the real one, or a test's stand-in. */
export interface OpenerWindow {
  readonly location: { readonly href: string };
  readonly screenX: number;
  readonly screenY: number;
  readonly outerWidth: number;
  readonly outerHeight: number;
  open(url: string, target: string, features: string): { closed: boolean; close(): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  setInterval(handler: () => void, ms: number): number;
  clearInterval(id: number): void;
  readonly crypto: Pick<Crypto, 'getRandomValues'>;
}

interface OAuthMessage {
  source: 'planner-oauth';
  state: string;
  token?: string;
  error?: string;
}

function isOAuthMessage(data: unknown): data is OAuthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    Reflect.get(data, 'source') === 'planner-oauth' &&
    typeof Reflect.get(data, 'state') === 'string'
  );
}

function randomState(host: OpenerWindow): string {
  const bytes = host.crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Centred over the app's window, 400 x 600. */
function popupFeatures(host: OpenerWindow): string {
  const left = Math.round(host.screenX + (host.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(host.screenY + (host.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

let running = false;

/**
 * Runs one popup flow and answers the one-time sign-in ticket it ended with. Call it straight
 * from a click (browsers let only a click open a window). Rejects with an OAuthError whose
 * message is one of the texts above.
 */
export function signInWithPopup(
  provider: SocialProvider,
  apiBase: string,
  host: OpenerWindow = window,
): Promise<string> {
  if (running) return Promise.reject(new OAuthError(OAUTH_BUSY));
  if (!apiBase) return Promise.reject(new OAuthError(OAUTH_NOT_CONFIGURED));
  const start = new URL(`${apiBase}/oauth/${provider}/start`, host.location.href);
  const state = randomState(host);
  start.searchParams.set('state', state);
  const popup = host.open(start.href, `planner-oauth-${provider}`, popupFeatures(host));
  if (!popup) return Promise.reject(new OAuthError(OAUTH_FAILED));
  running = true;

  return new Promise<string>((resolve, reject) => {
    const finish = (outcome: () => void) => {
      running = false;
      host.removeEventListener('message', onMessage);
      host.clearInterval(poll);
      outcome();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== start.origin || !isOAuthMessage(event.data)) return;
      if (event.data.state !== state) {
        console.warn('OAuth: a message with another state was ignored');
        return;
      }
      const { token, error } = event.data;
      if (!popup.closed) popup.close();
      if (token) finish(() => resolve(token));
      else if (error === 'cancelled') finish(() => reject(new OAuthError(OAUTH_CANCELLED)));
      else finish(() => reject(new OAuthError(OAUTH_FAILED)));
    };
    // The popup posts its message and then closes: a message already on its way is let in
    // by counting the popup as gone only on the second look that finds it closed.
    let closedLooks = 0;
    const poll = host.setInterval(() => {
      closedLooks = popup.closed ? closedLooks + 1 : 0;
      if (closedLooks >= 2) finish(() => reject(new OAuthError(OAUTH_CANCELLED)));
    }, CLOSED_POLL_MS);
    host.addEventListener('message', onMessage);
  });
}

/** The translation key (social namespace) of a popup's failure; undefined: not the popup's. */
export function oauthErrorKey(error: unknown): string | undefined {
  if (!(error instanceof OAuthError)) return undefined;
  switch (error.message) {
    case OAUTH_CANCELLED:
      return 'oauth.cancelled';
    case OAUTH_BUSY:
      return 'oauth.busy';
    case OAUTH_NOT_CONFIGURED:
      return 'oauth.notConfigured';
    default:
      return 'oauth.failed';
  }
}
