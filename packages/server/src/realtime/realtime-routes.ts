import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  API_PREFIX,
  ErrorCode,
  ErrorMessage,
  Header,
  tokenFromAuthorization,
} from '@planner/protocol';
import type { Clock } from '../clock';
import type { Schema } from '../db/schema';
import type { Authenticator } from '../rpc/context';
import { TimelineTimer } from '../timeline/timeline-timer';
import { OpenStreams, type OpenStream } from './open-streams';
import { SESSIONS_ENDED, type RealtimeHub, type RealtimeMessage } from './realtime-hub';

/** The server-sent events stream of a signed-in user's changes. */
export const EVENTS_PATH = `${API_PREFIX}/events`;
const HEARTBEAT_MS = 25_000;
/** Enough for every tab and device a person uses at once; more streams poll instead. */
export const DEFAULT_MAX_STREAMS_PER_USER = 20;

export interface RealtimeRouteDeps {
  db: Kysely<Schema>;
  hub: RealtimeHub;
  clock: Clock;
  authenticator: Authenticator;
  /** Whether the session still exists (checked when the user's sessions changed). */
  isSessionLive(userId: string, sessionId: string): Promise<boolean>;
  maxStreamsPerUser?: number;
}

function refuse(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .code(status)
    .header(Header.errorCode, String(code))
    .header(Header.errorMessage, message)
    .send({ code, message });
}

/** One SSE frame: the event name is the spec's push message type. */
export function formatMessage(message: RealtimeMessage, sessionId: string): string {
  const data = JSON.stringify({ type: message.type, self: message.originSessionId === sessionId });
  return `event: ${message.type}\ndata: ${data}\n\n`;
}

/**
 * `GET /api/events` (token in the authorization header only: a token in the URL would end up
 * in proxy logs and browser history): a text/event-stream of `timelineStateUpdated`,
 * `reminderStateUpdated` and `categoryUpdated` events for the signed-in user, each with data
 * `{"type", "self"}` (self: the change came from this session). A comment line every 25 s keeps
 * proxies from closing it. While it is open the server also advances the user's timeline on
 * time and pushes what changed. The stream ends when its session is revoked or the server stops.
 */
export function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: RealtimeRouteDeps,
): TimelineTimer {
  const timer = new TimelineTimer(deps.db, deps.hub, deps.clock, (error) =>
    app.log.error({ err: error }, 'timeline timer failed'),
  );
  const streams = new OpenStreams(deps.maxStreamsPerUser ?? DEFAULT_MAX_STREAMS_PER_USER);
  // Before the server waits for open requests: a stream would otherwise hold it forever.
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', async () => timer.close());
  app.get(EVENTS_PATH, async (request, reply) => {
    const token = tokenFromAuthorization(request.headers[Header.authorization]);
    const session = token
      ? await deps.db
          .transaction()
          .execute((trx) => deps.authenticator.authenticate(trx, token, deps.clock.now()))
      : undefined;
    if (!session) {
      return refuse(reply, 401, ErrorCode.SessionInvalid, ErrorMessage.sessionInvalid);
    }
    const stream: OpenStream = { ...session, end: () => reply.raw.end() };
    if (!streams.add(stream)) {
      return refuse(reply, 429, ErrorCode.RateLimited, ErrorMessage.tooManyAttempts);
    }
    reply.hijack();
    serve(reply, stream, { ...deps, timer, log: request.log }, () => streams.remove(stream));
    return reply;
  });
  return timer;
}

type ServeDeps = Pick<RealtimeRouteDeps, 'hub' | 'isSessionLive'> & {
  timer: TimelineTimer;
  log: FastifyBaseLogger;
};

/** Writes the stream until the client goes, its session ends or the server stops. */
function serve(reply: FastifyReply, stream: OpenStream, deps: ServeDeps, onEnd: () => void): void {
  const raw = reply.raw;
  // The hooks' headers (security headers, request id) apply to this answer too.
  const hooked = Object.entries(reply.getHeaders()).filter(
    (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
  );
  raw.writeHead(200, {
    ...Object.fromEntries(hooked),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 5000\n\nevent: ready\ndata: {}\n\n');
  const checkSession = () =>
    deps.isSessionLive(stream.userId, stream.sessionId).then(
      (live) => live || stream.end(),
      (error: unknown) => deps.log.warn({ err: error }, 'session check failed'),
    );
  const unsubscribe = deps.hub.subscribe(stream.userId, (message) => {
    if (message.type === SESSIONS_ENDED) void checkSession();
    else raw.write(formatMessage(message, stream.sessionId));
  });
  const unwatch = deps.timer.watch(stream.userId);
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let ended = false;
  const close = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    unwatch();
    onEnd();
  };
  raw.on('close', close);
  raw.on('error', close);
}
