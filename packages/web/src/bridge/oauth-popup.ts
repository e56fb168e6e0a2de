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

/** What a popup's last page posts to this window: its flow's source, the state, and more. */
export interface PopupMessage {
  source: string;
  state: string;
  [field: string]: unknown;
}

function isPopupMessage(data: unknown, source: string): data is PopupMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    Reflect.get(data, 'source') === source &&
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

/** One flow at a time, whichever it is (sign-in, calendar consent). */
let running = false;

export interface PopupFlow<T> {
  /** Under the API base, e.g. `/oauth/google/start`; the flow's state is added to it. */
  startPath: string;
  windowName: string;
  /** The `source` the flow's last page posts with; other messages are not this flow's. */
  source: string;
  /** The flow's answer from its message, or the OAuthError it ended with. */
  settle(message: PopupMessage): T | OAuthError;
}

/**
 * Runs one popup flow to the message its last page posts. Call it straight from a click
 * (browsers let only a click open a window). Rejects with an OAuthError: busy, not configured,
 * cancelled (the popup closed), or what `settle` says.
 */
export function runPopupFlow<T>(
  flow: PopupFlow<T>,
  apiBase: string,
  host: OpenerWindow = window,
): Promise<T> {
  if (running) return Promise.reject(new OAuthError(OAUTH_BUSY));
  if (!apiBase) return Promise.reject(new OAuthError(OAUTH_NOT_CONFIGURED));
  const start = new URL(`${apiBase}${flow.startPath}`, host.location.href);
  const state = randomState(host);
  start.searchParams.set('state', state);
  const popup = host.open(start.href, flow.windowName, popupFeatures(host));
  if (!popup) return Promise.reject(new OAuthError(OAUTH_FAILED));
  running = true;

  return new Promise<T>((resolve, reject) => {
    const finish = (outcome: () => void) => {
      running = false;
      host.removeEventListener('message', onMessage);
      host.clearInterval(poll);
      outcome();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== start.origin || !isPopupMessage(event.data, flow.source)) return;
      if (event.data.state !== state) {
        console.warn('OAuth: a message with another state was ignored');
        return;
      }
      if (!popup.closed) popup.close();
      const answer = flow.settle(event.data);
      if (answer instanceof OAuthError) finish(() => reject(answer));
      else finish(() => resolve(answer));
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

/**
 * Runs one sign-in popup and answers the one-time sign-in ticket it ended with: the server's
 * last page posts `{ source: 'planner-oauth', state, token }` or `{ ..., error }`.
 */
export function signInWithPopup(
  provider: SocialProvider,
  apiBase: string,
  host: OpenerWindow = window,
): Promise<string> {
  return runPopupFlow(
    {
      startPath: `/oauth/${provider}/start`,
      windowName: `planner-oauth-${provider}`,
      source: 'planner-oauth',
      settle: ({ token, error }) => {
        if (typeof token === 'string' && token) return token;
        return new OAuthError(error === 'cancelled' ? OAUTH_CANCELLED : OAUTH_FAILED);
      },
    },
    apiBase,
    host,
  );
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
