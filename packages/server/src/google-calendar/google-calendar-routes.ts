import type { FastifyInstance, FastifyReply } from 'fastify';
import { hashToken, newToken } from '../secrets';
import { systemClock } from '../clock';
import type { Database } from '../db/database';
import {
  APP_CHALLENGE,
  APP_CODE,
  APP_VERIFIER,
  appChallengeOf,
  appLink,
  jsonFields,
  returnButton,
} from '../social-sign-in/app-return';
import {
  beginHandoff,
  completeHandoff,
  dropHandoff,
  isHandoffState,
  takeHandoff,
} from '../social-sign-in/app-handoffs-repository';
import type { ServiceDeps } from '../service-deps';
import { runGoogleCalendarSyncPass } from './google-calendar-job';
import { CALLBACK_PATH, GoogleOAuth, callbackUrl } from './google-oauth';

/** What the popup's page posts to the app that opened it. */
export type CalendarPopupMessage =
  | { source: 'planner-google-calendar'; state: string; code: string; redirectUri: string }
  | { source: 'planner-google-calendar'; state: string; error: 'cancelled' | 'failed' };

const START_PATH = '/api/oauth/google-calendar/start';
const APP_CODE_PATH = '/api/oauth/google-calendar/app-code';
/** A shell's consent has this long from its start to the app's exchange. */
const APP_FLOW_TTL_MS = 10 * 60_000;
/** The hand-off of a shell's consent is timed by the real clock, as Google's codes are. */
const clock = systemClock;
const stateKey = (state: string) => hashToken(`google-calendar:${state}`);
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
  const limiters = deps.rateLimiters;
  if (google) {
    deps.jobs.every('google-calendar-sync', deps.config.calendarSyncIntervalMs, async () => {
      await runGoogleCalendarSyncPass(deps.database, deps, deps.clock.now());
    });
  }
  const db = deps.database.db;
  const page = (
    reply: FastifyReply,
    status: number,
    message: CalendarPopupMessage | undefined,
    app?: AppReturn,
  ) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(resultPage(message, targetOrigin, app));

  app.get<{ Querystring: { state?: string; app_challenge?: string } }>(
    START_PATH,
    async (request, reply) => {
      const state = request.query.state ?? '';
      const appChallenge = request.query.app_challenge ?? '';
      if (!CLIENT_STATE.test(state) || (appChallenge && !APP_CHALLENGE.test(appChallenge)))
        return page(reply, 400, undefined);
      const failed = { source: 'planner-google-calendar', state, error: 'failed' } as const;
      if (!oauth) return page(reply, 404, failed);
      try {
        await limiters.consume([{ bucket: 'oauthStartPerIp', key: () => request.ip }], {}, request);
      } catch {
        return page(reply, 429, failed);
      }
      try {
        const url = await oauth.authorizationUrl(state);
        // A shell's consent: its callback hands the code to the app with this challenge only.
        if (appChallenge) {
          const now = clock.now();
          await beginHandoff(db, stateKey(state), appChallenge, now, now + APP_FLOW_TTL_MS);
        }
        return reply.header('cache-control', 'no-store').redirect(url.href, 302);
      } catch (error) {
        request.log.warn({ err: error }, 'google calendar consent: provider unreachable');
        return page(reply, 502, failed);
      }
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    CALLBACK_PATH,
    async (request, reply) => {
      const state = request.query.state ?? '';
      if (!CLIENT_STATE.test(state)) return page(reply, 400, undefined);
      const { code, error } = request.query;
      const redirectUri = callbackUrl(deps.config);
      const declined = error !== undefined || !code || code.length > MAX_CODE;
      if (await isHandoffState(db, stateKey(state), clock.now())) {
        // A shell's consent: the code waits here for the app's exchange; the link carries a
        // one-time code of ours that is worth nothing without the app's verifier.
        if (declined) {
          await dropHandoff(db, stateKey(state));
          const outcome = error === 'access_denied' ? 'cancelled' : 'failed';
          const url = appLink('google-calendar', { state, error: outcome });
          return page(reply, 200, undefined, { url, granted: false });
        }
        const handoff = newToken();
        const payload = JSON.stringify({ code, redirectUri });
        if (!(await completeHandoff(db, stateKey(state), hashToken(handoff), payload, clock.now())))
          return page(reply, 400, undefined);
        const url = appLink('google-calendar', { state, code: handoff });
        return page(reply, 200, undefined, { url, granted: true });
      }
      if (declined) {
        request.log.info({ error: error?.slice(0, 100) }, 'google calendar consent declined');
        return page(reply, 200, {
          source: 'planner-google-calendar',
          state,
          error: error === 'access_denied' ? 'cancelled' : 'failed',
        });
      }
      return page(reply, 200, { source: 'planner-google-calendar', state, code, redirectUri });
    },
  );

  // The shell app's exchange: `{ code, verifier }` from the app link → `{ code, redirectUri }`,
  // Google's code for PrepareGoogleCalendarSync, once, with the verifier of the flow's challenge.
  app.post(APP_CODE_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await limiters.consume([{ bucket: 'oauthStartPerIp', key: () => request.ip }], {}, request);
    } catch {
      return reply.code(429).send({ error: 'tooMany' });
    }
    const { code, verifier } = jsonFields(request.body, ['code', 'verifier'] as const);
    const payload =
      APP_CODE.test(code) && APP_VERIFIER.test(verifier)
        ? await takeHandoff(db, hashToken(code), appChallengeOf(verifier), clock.now())
        : undefined;
    if (!payload) {
      request.log.warn('google calendar app exchange refused');
      return reply.code(400).send({ error: 'invalid' });
    }
    return JSON.parse(payload) as { code: string; redirectUri: string };
  });
}

/** A shell's consent ends at the app's link (sent there by sign-in's finish script). */
interface AppReturn {
  url: string;
  granted: boolean;
}

/**
 * A tiny page in the shape of sign-in's popup page: sign-in's script file
 * (/api/oauth/finish.js, allowed by the content security policy) posts the message to the
 * opener, to this app's origin only, and closes the popup.
 */
function resultPage(
  message: CalendarPopupMessage | undefined,
  targetOrigin: string,
  app: AppReturn | undefined,
): string {
  const appUrl = app?.url;
  const text = app
    ? app.granted
      ? 'Google Calendar access granted.'
      : 'Google Calendar was not connected.'
    : !message
      ? 'Bad request.'
      : 'error' in message
        ? 'Google Calendar was not connected.'
        : 'Google Calendar access granted. You can close this window.';
  // JSON inside <script type="application/json">: '<' escaped so no tag can end it early.
  const data = JSON.stringify({ message, appUrl, targetOrigin }).replace(/</g, '\\u003c');
  const back = appUrl ? returnButton(appUrl) : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Planner</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#333">
<div><p>${text}</p>${back}</div>
<script id="oauth-result" type="application/json">${data}</script>
<script src="/api/oauth/finish.js"></script>
</body></html>`;
}
