import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database';
import { RateLimiters } from '../rpc/rate-limit';
import type { ServiceDeps } from '../service-deps';
import { runGoogleCalendarSyncPass } from './google-calendar-job';
import { CALLBACK_PATH, GoogleOAuth, callbackUrl } from './google-oauth';

/** What the popup's page posts to the app that opened it. */
export type CalendarPopupMessage =
  | { source: 'planner-google-calendar'; state: string; code: string; redirectUri: string }
  | { source: 'planner-google-calendar'; state: string; error: 'cancelled' | 'failed' };

const START_PATH = '/api/oauth/google-calendar/start';
/** The web app's random state: echoed to Google and back, checked by the web app. */
const CLIENT_STATE = /^[\w-]{16,128}$/;
const MAX_CODE = 2048;

/**
 * The consent popup of Google Calendar sync: /start redirects to Google's consent page (read-only
 * calendar scope, offline access), /callback answers a page that hands the code to the opener;
 * the app then calls PrepareGoogleCalendarSync with it. The code is exchanged there, by a signed
 * in call, so this popup needs no session. Also registers the periodic sync job.
 * docs/google-calendar.md
 */
export function registerGoogleCalendarRoutes(
  app: FastifyInstance,
  deps: ServiceDeps & { database: Database },
): void {
  const google = deps.config.google;
  const oauth = google ? new GoogleOAuth(google, callbackUrl(deps.config)) : undefined;
  const targetOrigin = new URL(deps.config.publicUrl).origin;
  const limiters = new RateLimiters(deps.config.rateLimits);
  if (google) {
    deps.jobs.every('google-calendar-sync', deps.config.calendarSyncIntervalMs, async () => {
      await runGoogleCalendarSyncPass(deps.database, deps, deps.clock.now());
    });
  }
  const page = (reply: FastifyReply, status: number, message: CalendarPopupMessage | undefined) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(resultPage(message, targetOrigin));

  app.get<{ Querystring: { state?: string } }>(START_PATH, async (request, reply) => {
    const state = request.query.state ?? '';
    if (!CLIENT_STATE.test(state)) return page(reply, 400, undefined);
    const failed = { source: 'planner-google-calendar', state, error: 'failed' } as const;
    if (!oauth) return page(reply, 404, failed);
    try {
      await limiters.consume([{ bucket: 'oauthStartPerIp', key: () => request.ip }], {}, request);
    } catch {
      return page(reply, 429, failed);
    }
    try {
      const url = await oauth.authorizationUrl(state);
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    } catch (error) {
      request.log.warn({ err: error }, 'google calendar consent: provider unreachable');
      return page(reply, 502, failed);
    }
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(
    CALLBACK_PATH,
    async (request, reply) => {
      const state = request.query.state ?? '';
      if (!CLIENT_STATE.test(state)) return page(reply, 400, undefined);
      const { code, error } = request.query;
      if (error !== undefined || !code || code.length > MAX_CODE) {
        request.log.info({ error: error?.slice(0, 100) }, 'google calendar consent declined');
        return page(reply, 200, {
          source: 'planner-google-calendar',
          state,
          error: error === 'access_denied' ? 'cancelled' : 'failed',
        });
      }
      return page(reply, 200, {
        source: 'planner-google-calendar',
        state,
        code,
        redirectUri: callbackUrl(deps.config),
      });
    },
  );
}

/**
 * A tiny page in the shape of sign-in's popup page: sign-in's script file
 * (/api/oauth/finish.js, allowed by the content security policy) posts the message to the
 * opener, to this app's origin only, and closes the popup.
 */
function resultPage(message: CalendarPopupMessage | undefined, targetOrigin: string): string {
  const text = !message
    ? 'Bad request.'
    : 'error' in message
      ? 'Google Calendar was not connected.'
      : 'Google Calendar access granted. You can close this window.';
  // JSON inside <script type="application/json">: '<' escaped so no tag can end it early.
  const data = JSON.stringify({ message, targetOrigin }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Planner</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#333">
<p>${text}</p>
<script id="oauth-result" type="application/json">${data}</script>
<script src="/api/oauth/finish.js"></script>
</body></html>`;
}
