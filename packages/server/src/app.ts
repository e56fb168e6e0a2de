import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { staticFileOptions } from './static-files';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import { localeFromOption } from '@planner/core';
import { API_PREFIX, ErrorCode, Header, wireFormatOf } from '@planner/protocol';
import { createAccountsMethods } from './accounts/accounts-methods';
import { authenticate, isSessionLive, type UserCreatedHook } from './accounts/accounts-service';
import { SignInThrottle } from './accounts/sign-in-throttle';
import { PhoneCodeGuesses } from './social-sign-in/code-guesses';
import { sharedSecretKey } from './calendar-sync/secret-box';
import { categoriesMethods } from './categories/categories-methods';
import { createDefaultCategories } from './categories/default-categories';
import { ManualClock, type Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { eventsMethods } from './events/events-methods';
import { createMailer, type Mailer } from './mail/mailer';
import { remindersMethods } from './reminders/reminders-methods';
import { LocalRealtimeHub, type RealtimeHub } from './realtime/realtime-hub';
import { registerRealtimeRoutes } from './realtime/realtime-routes';
import type { MethodDefinition } from './rpc/define-method';
import { AppError, invalid } from './rpc/errors';
import { faultAnswer, registerRpcRoutes, requestIdFor, sendError } from './rpc/http-routes';
import { metaMethod } from './rpc/meta-method';
import { limiterStoreFor, RateLimiters } from './rpc/rate-limit';
import { registerHealthRoutes } from './health/health-routes';
import { Readiness } from './health/readiness';
import { registerMetrics } from './metrics/metrics';
import { REDACTED_LOG_PATHS } from './rpc/redact';
import { RpcRuntime } from './rpc/rpc-runtime';
import { registerSecurityHeaders } from './security-headers';
import { statisticsMethods } from './statistics/statistics-methods';
import { guessCategoryMethods } from './statistics/guess-category-methods';
import { registerTestClockRoutes } from './rpc/test-clock-routes';
import { createTasksMethods } from './tasks/tasks-methods';
import { taskPlanning } from './timeline/task-planning';
import { timelineMethods } from './timeline/timeline-methods';
import { TimelineTimer } from './timeline/timeline-timer';
import { timelinePlanner } from './timeline/planner';
import { initTimelineState } from './plan-store/timeline-state';
import { tutorialsMethods } from './tutorials/tutorials-methods';
import { settingsMethods } from './settings/settings-methods';
import { createAccountDataMethods } from './account-data/account-data-methods';
import { createEmailPasswordMethods } from './accounts/email-password-methods';
import { createAppStatusMethods } from './app-status/app-status-methods';
import { createFeedbackMethods } from './feedback/feedback-methods';
import { createFilesMethods } from './files/files-methods';
import { registerFilesRoutes } from './files/files-routes';
import type { ServiceDeps } from './service-deps';
import { registerOAuthRoutes } from './social-sign-in/oauth-routes';
import { createSocialSignInMethods } from './social-sign-in/social-sign-in-methods';
import { createEstimatesMethods } from './estimates/estimates-methods';
import { createSharesMethods } from './shares/shares-methods';
import { registerSubscriptionRechecks } from './subscriptions/rechecks';
import { createSubscriptionsMethods } from './subscriptions/subscriptions-methods';
import { createTiersMethods } from './tiers/tiers-methods';
import { InProcessJobs, type Jobs } from './jobs/jobs';
import { createGoogleCalendarMethods } from './google-calendar/google-calendar-methods';
import { registerGoogleCalendarRoutes } from './google-calendar/google-calendar-routes';
import { createCalDavMethods } from './caldav/caldav-methods';
import { createIcsFeedMethods } from './ics-feed/ics-feed-methods';
import { redactFeedPath, registerIcsFeedRoutes } from './ics-feed/ics-feed-routes';
import { createAppleCalendarMethods } from './apple-calendar/apple-calendar-methods';
import { createDevicesMethods } from './notifications/devices-methods';
import { registerNotificationJobs } from './notifications/notification-jobs';

export interface AppOptions {
  config: Config;
  database: Database;
  clock: Clock;
  /** Defaults to the in-process hub. */
  realtime?: RealtimeHub;
  /** Defaults to SMTP or the outbox, per config. */
  mailer?: Mailer;
  /** Defaults to in-process timers (the embedded setup); PostgreSQL installs pass the shared queue. */
  jobs?: Jobs;
  /** Whether this node takes calls (/readyz); serve.ts starts draining it on SIGTERM. */
  readiness?: Readiness;
  /** Where log lines (JSON) go: stdout by default; tests collect them. */
  logStream?: { write(line: string): void };
}

/** What a new account gets from the other domains, inside the sign-up transaction. */
const userCreatedHooks: readonly UserCreatedHook[] = [
  (db, user) => initTimelineState(db, user.userId, user, user.now),
  (db, user) =>
    createDefaultCategories(db, user.userId, user.now, localeFromOption(user.locale, 'en')),
];

/** Every method the server answers. A new domain adds its definitions here, in one line. */
function methodDefinitions(options: AppOptions, deps: ServiceDeps): MethodDefinition[] {
  const { mailer, realtime } = deps;
  return [
    metaMethod,
    ...createAccountsMethods({
      mailer,
      publicUrl: options.config.publicUrl,
      dataDir: options.config.dataDir,
      onUserCreated: userCreatedHooks,
      signInThrottle: deps.signInThrottle,
      phoneCodeGuesses: new PhoneCodeGuesses(limiterStoreFor(options.database)),
      realtime,
    }),
    ...createTasksMethods(taskPlanning),
    ...timelineMethods,
    ...categoriesMethods,
    ...eventsMethods,
    ...remindersMethods,
    ...tutorialsMethods,
    ...settingsMethods,
    ...statisticsMethods,
    ...guessCategoryMethods,
    ...createAppStatusMethods(deps),
    ...createFeedbackMethods(deps),
    ...createEmailPasswordMethods(deps),
    ...createFilesMethods(deps),
    ...createSocialSignInMethods(deps),
    ...createAccountDataMethods(deps),
    ...createSharesMethods(deps),
    ...createEstimatesMethods(deps),
    ...createTiersMethods(deps),
    ...createSubscriptionsMethods(deps),
    ...createGoogleCalendarMethods(deps),
    ...createCalDavMethods({ ...deps, database: options.database }),
    ...createIcsFeedMethods(deps),
    ...createAppleCalendarMethods(deps),
    ...createDevicesMethods(deps),
  ];
}

/** How often Node looks for requests past their time: a tenth of it, from 50 ms to 1 s. */
function checkingIntervalFor(requestTimeoutMs: number): number {
  return Math.min(1000, Math.max(50, Math.round(requestTimeoutMs / 10)));
}

/** The HTTP server: the API under /api and, when built, the web app with an SPA fallback. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { clock } = options;
  // Every node seals with the same key: configured, or made once and kept in the database.
  const config: Config = {
    ...options.config,
    secretKey: await sharedSecretKey(options.database.db, options.config, clock.now()),
  };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: REDACTED_LOG_PATHS,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Node arms the request timeout only when given at creation (Fastify sets it later), and
    // checks it on an interval: a request is cut between the limit and the limit plus the
    // interval. Node's 30 s default let a 30 s limit cut at up to 60 s (42 s was measured).
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: checkingIntervalFor(config.requestTimeoutMs),
    },
    genReqId: (request) => requestIdFor(request.headers[Header.requestId]),
    // One line per request is written by the onResponse hook below, with the call's outcome.
    logController: new LogController({ disableRequestLogging: true }),
  });
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      clock,
      log: (m) => app.log.info(m),
    });
  const realtime = options.realtime ?? new LocalRealtimeHub();
  // Attempt counts in PostgreSQL when it is the database (shared by every node), else in memory.
  const limitStore = limiterStoreFor(options.database);
  const deps: ServiceDeps = {
    config,
    mailer,
    realtime,
    clock,
    signInThrottle: new SignInThrottle(config.signInDelay, limitStore),
    rateLimiters: new RateLimiters(config.rateLimits, limitStore),
    log: app.log,
    jobs: options.jobs ?? new InProcessJobs(app.log, () => clock.now()),
  };
  const runtime = new RpcRuntime({
    db: options.database.db,
    clock,
    authenticator: { authenticate },
    rateLimiters: deps.rateLimiters,
    realtime,
    definitions: methodDefinitions(options, deps),
    planner: timelinePlanner,
    onEffectError: (error) => app.log.error({ err: error }, 'after-commit effect failed'),
  });

  // Bodies stay raw: the RPC layer decodes them strictly (protobuf or JSON) itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  registerSecurityHeaders(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header(Header.requestId, request.id);
  });
  // On request, so a live stream's answer (written outside onSend) carries it too.
  const nodeName = config.nodeName;
  if (nodeName) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-served-by', nodeName);
    });
  }
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      // The path only: a query can carry a secret (the reset link's token); a feed's path is one.
      {
        url: redactFeedPath(request.url.split('?')[0] ?? ''),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const format = wireFormatOf(request.headers['content-type']) ?? 'json';
    return sendError(reply, format, transportError(error, request, config.bodyLimitBytes));
  });

  registerRpcRoutes(app, runtime, { regionHeader: config.regionHeader });
  const live = registerRealtimeRoutes(app, {
    db: options.database.db,
    dialect: options.database.dialect,
    heartbeatMs: config.streamHeartbeatMs,
    hub: realtime,
    clock,
    authenticator: { authenticate },
    isSessionLive: (userId, sessionId) => isSessionLive(options.database.db, userId, sessionId),
    maxStreamsPerUser: config.maxStreamsPerUser,
    watcher: new TimelineTimer(options.database.db, realtime, clock, (error) =>
      app.log.error({ err: error }, 'timeline timer failed'),
    ),
  });
  registerHealthRoutes(app, {
    db: options.database.db,
    pool: options.database.pgPool,
    readiness: options.readiness ?? new Readiness(),
  });
  registerMetrics(app, config.metricsToken, {
    pool: options.database.pgPool,
    queueDepth: () => deps.jobs.queueDepth(),
    liveStreams: () => live.streams.count(),
  });
  registerFilesRoutes(app, { ...deps, database: options.database });
  registerOAuthRoutes(app, { ...deps, database: options.database });
  registerSubscriptionRechecks(app, { ...deps, database: options.database });
  registerIcsFeedRoutes(app, { ...deps, database: options.database });
  registerGoogleCalendarRoutes(app, { ...deps, database: options.database });
  const delivery = registerNotificationJobs({ ...deps, database: options.database });
  app.addHook('onReady', () => deps.jobs.start());
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    delivery.close();
  });
  if (config.testClock && clock instanceof ManualClock) registerTestClockRoutes(app, clock);
  await registerWebApp(app, config.webDist);
  return app;
}

/** Trusts the nearest `hops` peers, as Fastify's numeric trustProxy does (its types lack it). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Errors Fastify raises before a handler runs (body too large, broken framing). */
function transportError(error: FastifyError, request: FastifyRequest, bodyLimit: number): AppError {
  if (error.statusCode === 413) {
    return new AppError(
      ErrorCode.PayloadTooLarge,
      `The request body is larger than ${bodyLimit} bytes`,
    );
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return invalid(error.message);
  }
  return faultAnswer(error, request);
}

/** Serves the built web app; any other GET outside /api answers its index.html. */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWebApp = existsSync(webDist);
  if (hasWebApp) await app.register(fastifyStatic, staticFileOptions(webDist));
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPage && !request.url.startsWith(`${API_PREFIX}/`)) {
      return reply.type('text/html').sendFile('index.html');
    }
    const format = wireFormatOf(request.headers['content-type']) ?? 'json';
    return sendError(
      reply,
      format,
      new AppError(ErrorCode.NotFound, `No route ${request.method} ${request.url}`),
    );
  });
}
