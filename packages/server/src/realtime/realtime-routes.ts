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
import type { DialectName } from '../db/database';
import type { Schema } from '../db/schema';
import type { Authenticator } from '../rpc/context';
import { OpenStreams, type OpenStream } from './open-streams';
import { SESSIONS_ENDED, type RealtimeHub, type RealtimeMessage } from './realtime-hub';
import { StreamSlots } from './stream-slots';

/** The server-sent events stream of a signed-in user's changes. */
const EVENTS_PATH = `${API_PREFIX}/events`;
/** A comment line this often keeps proxies' idle timeouts (often 60 s) from cutting a stream. */
const DEFAULT_HEARTBEAT_MS = 25_000;
/** Enough for every tab and device a person uses at once; more streams poll instead. */
const DEFAULT_MAX_STREAMS_PER_USER = 20;

export interface RealtimeRouteDeps {
  db: Kysely<Schema>;
  dialect: DialectName;
  hub: RealtimeHub;
  clock: Clock;
  authenticator: Authenticator;
  /** Whether the session still exists (checked when the user's sessions changed). */
  isSessionLive(userId: string, sessionId: string): Promise<boolean>;
  maxStreamsPerUser?: number;
  heartbeatMs?: number;
  /**
   * Keeps watching a user while a stream of theirs is open (the planner's timer, handed in by
   * app.ts: it advances their timeline when a transition is due); closed with the server.
   */
  watcher: StreamWatcher;
}

/** What a stream needs from whoever moves a user's data on time: watch while open. */
interface StreamWatcher {
  /** Starts watching `userId`; the answer stops this one watch. */
  watch(userId: string): () => void;
  close(): void;
}

/** What the routes give the app: the streams open in this process (for /metrics). */
export interface RealtimeRoutes {
  streams: OpenStreams;
}

function refuse(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .code(status)
    .header(Header.errorCode, String(code))
    .header(Header.errorMessage, message)
    .send({ code, message });
}

/** One SSE frame: the event name is the spec's push message type. */
function formatMessage(message: RealtimeMessage, sessionId: string): string {
  const data = JSON.stringify({ type: message.type, self: message.originSessionId === sessionId });
  return `event: ${message.type}\ndata: ${data}\n\n`;
}

/**
 * `GET /api/events` (token in the authorization header only: a token in the URL would end up
 * in proxy logs and browser history): a text/event-stream of `timelineStateUpdated`,
 * `reminderStateUpdated` and `categoryUpdated` events for the signed-in user, each with data
 * `{"type", "self"}` (self: the change came from this session). A comment line every 25 s keeps
 * proxies from closing it. One user holds at most maxStreamsPerUser streams over every server
 * node (stream-slots.ts); more answer 429 and those tabs poll. While it is open the server also advances the user's timeline on
 * time and pushes what changed. The stream ends when its session is revoked or the server stops.
 */
export function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: RealtimeRouteDeps,
): RealtimeRoutes {
  const timer = deps.watcher;
  const maxPerUser = deps.maxStreamsPerUser ?? DEFAULT_MAX_STREAMS_PER_USER;
  const streams = new OpenStreams(maxPerUser);
  const slots = new StreamSlots(deps.db, deps.dialect, maxPerUser);
  app.addHook('onReady', async () =>
    slots.startRenewing((error) => app.log.warn({ err: error }, 'stream slots not renewed')),
  );
  // Before the server waits for open requests: a stream would otherwise hold it forever.
  app.addHook('preClose', async () => {
    streams.endAll();
    await slots.releaseAll().catch((error: unknown) => {
      app.log.warn({ err: error }, 'stream slots not given back; their lease runs out');
    });
  });
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
    const slot = await slots.claim(session.userId);
    const stream: OpenStream = { ...session, end: () => reply.raw.end() };
    if (!slot || !streams.add(stream)) {
      if (slot) await slots.release(session.userId, slot);
      return refuse(reply, 429, ErrorCode.RateLimited, ErrorMessage.tooManyAttempts);
    }
    reply.hijack();
    const heartbeatMs = deps.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    serve(reply, stream, { ...deps, timer, heartbeatMs, log: request.log }, () => {
      streams.remove(stream);
      slots.release(session.userId, slot).catch((error: unknown) => {
        request.log.warn({ err: error }, 'stream slot not given back; its lease runs out');
      });
    });
    return reply;
  });
  return { streams };
}

type ServeDeps = Pick<RealtimeRouteDeps, 'hub' | 'isSessionLive'> & {
  timer: StreamWatcher;
  heartbeatMs: number;
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
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), deps.heartbeatMs);
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
