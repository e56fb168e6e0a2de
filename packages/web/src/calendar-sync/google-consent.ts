import {
  CLOSED_POLL_MS,
  OAuthError,
  OAUTH_BUSY,
  OAUTH_CANCELLED,
  OAUTH_FAILED,
  OAUTH_NOT_CONFIGURED,
  POPUP_HEIGHT,
  POPUP_WIDTH,
  type OpenerWindow,
} from '../login/oauth-popup';

/**
 * Google's consent for calendar access, in a popup like sign-in's (login/oauth-popup.ts): the
 * popup opens our server's /api/oauth/google-calendar/start, goes through Google's pages and
 * comes back to our server, whose page posts `{ source: 'planner-google-calendar', state, code,
 * redirectUri }` (or `{ source, state, error }`) to this window. Sign-in's helper answers a
 * ticket for another message source, so this flow has its own, with the same rules: one flow at
 * a time, a closed popup is a cancel (polled), other origins and states are ignored.
 */

export interface GoogleConsent {
  code: string;
  redirectUri: string;
}

interface ConsentMessage {
  source: 'planner-google-calendar';
  state: string;
  code?: string;
  redirectUri?: string;
  error?: string;
}

function isConsentMessage(data: unknown): data is ConsentMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    Reflect.get(data, 'source') === 'planner-google-calendar' &&
    typeof Reflect.get(data, 'state') === 'string'
  );
}

function randomState(host: OpenerWindow): string {
  const bytes = host.crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function popupFeatures(host: OpenerWindow): string {
  const left = Math.round(host.screenX + (host.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(host.screenY + (host.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

let running = false;

/**
 * Runs the consent popup and answers Google's authorization code with the redirect URI it was
 * given for. Call it straight from a click. Rejects with an OAuthError (cancelled, busy, failed).
 */
export function askGoogleCalendarConsent(
  apiBase: string,
  host: OpenerWindow = window,
): Promise<GoogleConsent> {
  if (running) return Promise.reject(new OAuthError(OAUTH_BUSY));
  if (!apiBase) return Promise.reject(new OAuthError(OAUTH_NOT_CONFIGURED));
  const start = new URL(`${apiBase}/oauth/google-calendar/start`, host.location.href);
  const state = randomState(host);
  start.searchParams.set('state', state);
  const popup = host.open(start.href, 'planner-google-calendar', popupFeatures(host));
  if (!popup) return Promise.reject(new OAuthError(OAUTH_FAILED));
  running = true;

  return new Promise<GoogleConsent>((resolve, reject) => {
    const finish = (outcome: () => void) => {
      running = false;
      host.removeEventListener('message', onMessage);
      host.clearInterval(poll);
      outcome();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== start.origin || !isConsentMessage(event.data)) return;
      if (event.data.state !== state) return;
      const { code, redirectUri, error } = event.data;
      if (!popup.closed) popup.close();
      if (code && redirectUri) finish(() => resolve({ code, redirectUri }));
      else if (error === 'cancelled' || error === 'access_denied')
        finish(() => reject(new OAuthError(OAUTH_CANCELLED)));
      else finish(() => reject(new OAuthError(error || OAUTH_FAILED)));
    };
    // A message already on its way when the popup closes is let in: the popup counts as gone
    // only on the second look that finds it closed.
    let closedLooks = 0;
    const poll = host.setInterval(() => {
      closedLooks = popup.closed ? closedLooks + 1 : 0;
      if (closedLooks >= 2) finish(() => reject(new OAuthError(OAUTH_CANCELLED)));
    }, CLOSED_POLL_MS);
    host.addEventListener('message', onMessage);
  });
}
