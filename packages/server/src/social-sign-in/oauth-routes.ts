import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { API_PREFIX } from '@planner/protocol';
import { hashToken, newToken } from '../secrets';
import { systemClock } from '../clock';
import type { Database } from '../db/database';
import type { ServiceDeps } from '../service-deps';
import { configuredProviders, type OAuthProvider } from './oauth-providers';
import {
  APP_CHALLENGE,
  APP_CODE,
  APP_VERIFIER,
  appChallengeOf,
  appLink,
  escapeHtml,
  jsonFields,
  returnButton,
} from './app-return';
import * as repo from './social-repository';
import type { SocialProvider } from './social-repository';

/** A popup has this long from its start to the provider's callback. */
const OAUTH_FLOW_TTL_MS = 10 * 60_000;
/** A finished popup's ticket must be redeemed (CreateSession, SetGoogleUser...) within this. */
const SIGN_IN_TICKET_TTL_MS = 5 * 60_000;

/** How long an app's exchange code (its ticket before the exchange) lives: a ticket's time. */
const APP_CODE_TTL_MS = SIGN_IN_TICKET_TTL_MS;

/** What the popup's page posts to the app that opened it. */
export type OAuthResultMessage =
  | { source: 'planner-oauth'; state: string; token: string }
  | { source: 'planner-oauth'; state: string; error: 'cancelled' | 'failed' };

const BASE = `${API_PREFIX}/oauth`;
const CLIENT_STATE = /^[\w-]{16,128}$/;
const cookieName = (provider: SocialProvider) => `planner_oauth_${provider}`;

/** Flows are timed by the real clock, as the provider's tokens are (see social-sign-in.ts). */
const clock = systemClock;

/**
 * The sign-in popup's pages: GET /api/oauth/providers (which buttons to show), then per
 * provider /start (redirects to the provider) and /callback (finishes on this server and
 * posts a one-time ticket to the opener). docs/social-and-phone-sign-in.md
 */
export function registerOAuthRoutes(
  app: FastifyInstance,
  deps: ServiceDeps & { database: Database },
): void {
  const providers = configuredProviders(deps.config);
  const db = deps.database.db;
  const targetOrigin = new URL(deps.config.publicUrl).origin;
  const isSecure = deps.config.publicUrl.startsWith('https:');
  // Each start stores a flow: an address may start only so many (the RPC limits' rules).
  const limiters = deps.rateLimiters;
  const providerOf = (name: string): OAuthProvider | undefined =>
    name === 'google' || name === 'facebook' ? providers[name] : undefined;
  const page = (reply: FastifyReply, status: number, result: PageResult) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(resultPage(result, targetOrigin));
  const kit: OAuthKit = { deps, db, isSecure, limiters, providerOf, page };

  app.get(`${BASE}/providers`, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { google: providers.google !== undefined, facebook: providers.facebook !== undefined };
  });

  app.get(`${BASE}/finish.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(FINISH_SCRIPT),
  );

  app.get<StartRoute>(`${BASE}/:provider/start`, (request, reply) =>
    startFlow(kit, request, reply),
  );

  app.get<CallbackRoute>(`${BASE}/:provider/callback`, (request, reply) =>
    finishFlow(kit, request, reply),
  );

  // The shell app's exchange: `{ code, verifier }` from the app link → `{ token }`, the ticket
  // CreateSession takes. A code works once, with the verifier whose challenge began the flow.
  app.post(`${BASE}/app-ticket`, (request, reply) => exchangeAppTicket(kit, request, reply));
}

type StartRoute = {
  Params: { provider: string };
  Querystring: { state?: string; app_challenge?: string };
};
type CallbackRoute = {
  Params: { provider: string };
  Querystring: Record<string, string | undefined>;
};

/** What the popup's routes share. */
interface OAuthKit {
  deps: ServiceDeps & { database: Database };
  db: Database['db'];
  isSecure: boolean;
  limiters: ServiceDeps['rateLimiters'];
  providerOf: (name: string) => OAuthProvider | undefined;
  page: (reply: FastifyReply, status: number, result: PageResult) => FastifyReply;
}

/** /start: stores the flow (state, nonce, PKCE verifier, browser binding) and redirects. */
async function startFlow(
  { db, isSecure, limiters, providerOf, page }: OAuthKit,
  request: FastifyRequest<StartRoute>,
  reply: FastifyReply,
) {
  const clientState = request.query.state ?? '';
  const appChallenge = request.query.app_challenge ?? '';
  if (!CLIENT_STATE.test(clientState) || (appChallenge && !APP_CHALLENGE.test(appChallenge)))
    return page(reply, 400, { text: 'Bad request.' });
  const result = (outcome: Outcome): PageResult => ({
    state: clientState,
    appChallenge,
    ...outcome,
  });
  const provider = providerOf(request.params.provider);
  if (!provider) return page(reply, 404, result({ error: 'failed' }));
  try {
    await limiters.consume([{ bucket: 'oauthStartPerIp', key: () => request.ip }], {}, request);
  } catch {
    return page(reply, 429, result({ error: 'failed' }));
  }
  const checks = {
    state: newToken(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
  const binding = newToken();
  let url: URL;
  try {
    url = await provider.authorizationUrl({
      ...checks,
      codeChallenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    });
  } catch (error) {
    request.log.warn({ err: error, provider: provider.name }, 'oauth provider unreachable');
    return page(reply, 502, result({ error: 'failed' }));
  }
  const now = clock.now();
  await repo.deleteExpired(db, now);
  await repo.insertFlow(db, hashToken(checks.state), {
    provider: provider.name,
    clientState,
    codeVerifier: checks.codeVerifier,
    nonce: checks.nonce,
    bindingHash: hashToken(binding),
    appChallenge,
    expiresAt: now + OAUTH_FLOW_TTL_MS,
  });
  // Binds the callback to this browser: a callback link sent by someone else (their code
  // in it, to sign the victim into the sender's account) finds no cookie and fails.
  reply.header(
    'set-cookie',
    cookie(cookieName(provider.name), binding, {
      path: `${BASE}/${provider.name}/callback`,
      maxAgeSec: OAUTH_FLOW_TTL_MS / 1000,
      isSecure,
    }),
  );
  return reply.header('cache-control', 'no-store').redirect(url.href, 302);
}

/** The provider's answer exchanged for the profile, kept behind a new sign-in ticket. */
async function finishAtProvider(
  db: OAuthKit['db'],
  provider: NonNullable<ReturnType<OAuthKit['providerOf']>>,
  flow: NonNullable<Awaited<ReturnType<typeof repo.takeFlow>>>,
  callback: URL,
  state: string,
): Promise<string> {
  const profile = await provider.finish(callback, {
    state,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
  });
  const ticket = newToken();
  // A shell's ticket waits for the app's exchange (below): the scheme's link that carries
  // it could be caught by another app, which has no verifier.
  await repo.insertTicket(
    db,
    hashToken(ticket),
    profile,
    clock.now() + (flow.appChallenge ? APP_CODE_TTL_MS : SIGN_IN_TICKET_TTL_MS),
    flow.appChallenge,
  );
  return ticket;
}

/** /callback: checks the flow and the browser, finishes at the provider, posts a ticket. */
async function finishFlow(
  { deps, db, isSecure, providerOf, page }: OAuthKit,
  request: FastifyRequest<CallbackRoute>,
  reply: FastifyReply,
) {
  const provider = providerOf(request.params.provider);
  const state = request.query.state ?? '';
  const flow =
    provider && state ? await repo.takeFlow(db, provider.name, hashToken(state)) : undefined;
  if (!provider || !flow || flow.expiresAt <= clock.now()) {
    return page(reply, 400, {
      text: 'This sign-in has expired. Close this window and try again.',
    });
  }
  reply.header(
    'set-cookie',
    cookie(cookieName(provider.name), '', {
      path: `${BASE}/${provider.name}/callback`,
      maxAgeSec: 0,
      isSecure,
    }),
  );
  const result = (outcome: Outcome): PageResult => ({
    state: flow.clientState,
    appChallenge: flow.appChallenge,
    ...outcome,
  });
  const binding = readCookie(request, cookieName(provider.name));
  if (!binding || hashToken(binding) !== flow.bindingHash) {
    request.log.warn({ provider: provider.name }, 'oauth callback from another browser');
    return page(reply, 400, result({ error: 'failed' }));
  }
  if (request.query.error) {
    request.log.info({ provider: provider.name, error: request.query.error }, 'oauth declined');
    const cancelled = request.query.error === 'access_denied';
    return page(reply, 200, result({ error: cancelled ? 'cancelled' : 'failed' }));
  }
  try {
    const callback = new URL(`${deps.config.publicUrl}${BASE}/${provider.name}/callback`);
    callback.search = new URL(request.url, 'http://callback').search;
    const ticket = await finishAtProvider(db, provider, flow, callback, state);
    return page(reply, 200, result({ token: ticket }));
  } catch (error) {
    // The error names what failed (a status, a claim), never the code or a token.
    const reason = error instanceof Error ? error.message : String(error);
    request.log.warn({ provider: provider.name, reason }, 'oauth sign-in failed');
    return page(reply, 502, result({ error: 'failed' }));
  }
}

/** The shell app's exchange of a one-time code and its verifier for a sign-in ticket. */
async function exchangeAppTicket(
  { db, limiters }: OAuthKit,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header('cache-control', 'no-store');
  const refuse = () => reply.code(400).send({ error: 'invalid' });
  try {
    await limiters.consume([{ bucket: 'oauthStartPerIp', key: () => request.ip }], {}, request);
  } catch {
    return reply.code(429).send({ error: 'tooMany' });
  }
  const { code, verifier } = jsonFields(request.body, ['code', 'verifier'] as const);
  if (!APP_CODE.test(code) || !APP_VERIFIER.test(verifier)) return refuse();
  const ticket = newToken();
  const exchanged = await repo.exchangeAppTicket(
    db,
    hashToken(code),
    appChallengeOf(verifier),
    hashToken(ticket),
    clock.now(),
  );
  if (!exchanged) {
    request.log.warn('oauth app exchange refused');
    return refuse();
  }
  return { token: ticket };
}

type Outcome = { token: string } | { error: 'cancelled' | 'failed' };
type PageResult = ({ state: string; appChallenge: string } & Outcome) | { text: string };

/**
 * Where a shell's flow ends: the app's link with the state and the code (the ticket the app
 * exchanges) or the error. `app.planner://oauth?state=…&code=…`
 */
function appReturnUrl(state: string, outcome: Outcome): string {
  return appLink(
    'oauth',
    'token' in outcome ? { state, code: outcome.token } : { state, error: outcome.error },
  );
}

/**
 * A tiny page: its script (a file, as the content security policy wants) posts the result to
 * the opener, to this app's origin only, and closes the popup. A shell's flow instead goes to
 * the app's link (the system browser hands it to the app), with a button in case it does not.
 */
function resultPage(result: PageResult, targetOrigin: string): string {
  let message: OAuthResultMessage | undefined;
  let appUrl: string | undefined;
  if (!('text' in result)) {
    const { appChallenge, state, ...outcome } = result;
    if (appChallenge) appUrl = appReturnUrl(state, outcome);
    else message = { source: 'planner-oauth', state, ...outcome };
  }
  const text =
    'text' in result ? result.text : 'error' in result ? 'Sign-in did not finish.' : 'Signed in.';
  // JSON inside <script type="application/json">: '<' escaped so no tag can end it early.
  const data = JSON.stringify({ message, appUrl, targetOrigin }).replace(/</g, '\\u003c');
  const back = appUrl ? returnButton(appUrl) : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Planner</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#333">
<div><p>${escapeHtml(text)}</p>${back}</div>
<script id="oauth-result" type="application/json">${data}</script>
<script src="${BASE}/finish.js"></script>
</body></html>`;
}

const FINISH_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('oauth-result').textContent);
  if (data.appUrl) {
    window.location.replace(data.appUrl);
    return;
  }
  if (!data.message || !window.opener) return;
  window.opener.postMessage(data.message, data.targetOrigin);
  window.close();
})();
`;

function cookie(
  name: string,
  value: string,
  options: { path: string; maxAgeSec: number; isSecure: boolean },
): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, `Max-Age=${options.maxAgeSec}`];
  parts.push('HttpOnly', 'SameSite=Lax');
  if (options.isSecure) parts.push('Secure');
  return parts.join('; ');
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
