import {
  OAuthError,
  OAUTH_CANCELLED,
  OAUTH_FAILED,
  runPopupFlow,
  type OpenerWindow,
} from './oauth-popup';

/**
 * Google's consent for calendar access, in a popup like sign-in's (login/oauth-popup.ts): the
 * popup opens our server's /api/oauth/google-calendar/start, goes through Google's pages and
 * comes back to our server, whose page posts `{ source: 'planner-google-calendar', state, code,
 * redirectUri }` (or `{ source, state, error }`) to this window. The same rules as sign-in's
 * (one flow at a time, a closed popup is a cancel, other origins and states are ignored).
 */

export interface GoogleConsent {
  code: string;
  redirectUri: string;
}

/**
 * Runs the consent popup and answers Google's authorization code with the redirect URI it was
 * given for. Call it straight from a click. Rejects with an OAuthError (cancelled, busy, failed).
 */
export function askGoogleCalendarConsent(
  apiBase: string,
  host: OpenerWindow = window,
): Promise<GoogleConsent> {
  return runPopupFlow(
    {
      startPath: '/oauth/google-calendar/start',
      windowName: 'planner-google-calendar',
      source: 'planner-google-calendar',
      settle: ({ code, redirectUri, error }) => {
        if (typeof code === 'string' && code && typeof redirectUri === 'string' && redirectUri) {
          return { code, redirectUri };
        }
        if (error === 'cancelled' || error === 'access_denied') {
          return new OAuthError(OAUTH_CANCELLED);
        }
        return new OAuthError(typeof error === 'string' && error ? error : OAUTH_FAILED);
      },
    },
    apiBase,
    host,
  );
}
