import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import type { RealtimeHub, RealtimeMessage } from './realtime-hub';

/** The server-sent events stream of a signed-in user's changes. */
export const EVENTS_PATH = `${API_PREFIX}/events`;
const HEARTBEAT_MS = 25_000;

export interface RealtimeRouteDeps {
  db: Kysely<Schema>;
  hub: RealtimeHub;
  clock: Clock;
  authenticator: Authenticator;
}

function tokenOf(request: FastifyRequest<{ Querystring: { token?: string } }>): string | undefined {
  const header = request.headers[Header.authorization];
  return (
    tokenFromAuthorization(Array.isArray(header) ? header[0] : header) ??
    (request.query.token?.trim() || undefined)
  );
}

function refuse(reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .header(Header.errorCode, String(ErrorCode.SessionInvalid))
    .header(Header.errorMessage, ErrorMessage.sessionInvalid)
    .send({ code: ErrorCode.SessionInvalid, message: ErrorMessage.sessionInvalid });
}

/** One SSE frame: the event name is the spec's push message type. */
export function formatMessage(message: RealtimeMessage, sessionId: string): string {
  const data = JSON.stringify({ type: message.type, self: message.originSessionId === sessionId });
  return `event: ${message.type}\ndata: ${data}\n\n`;
}

/**
 * `GET /api/events` (token in the authorization header, or `?token=` for EventSource, which
 * cannot set headers): a text/event-stream of `timelineStateUpdated`, `reminderStateUpdated` and
 * `categoryUpdated` events for the signed-in user, each with data `{"type", "self"}` (self: the
 * change came from this session). A comment line every 25 s keeps proxies from closing it. While
 * it is open the server also advances the user's timeline on time and pushes what changed.
 */
export function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: RealtimeRouteDeps,
): TimelineTimer {
  const timer = new TimelineTimer(deps.db, deps.hub, deps.clock, (error) =>
    app.log.error({ err: error }, 'timeline timer failed'),
  );
  app.addHook('onClose', async () => timer.close());
  app.get<{ Querystring: { token?: string } }>(EVENTS_PATH, async (request, reply) => {
    const token = tokenOf(request);
    const session = token
      ? await deps.db
          .transaction()
          .execute((trx) => deps.authenticator.authenticate(trx, token, deps.clock.now()))
      : undefined;
    if (!session) return refuse(reply);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    stream.write('retry: 5000\n\nevent: ready\ndata: {}\n\n');
    const unsubscribe = deps.hub.subscribe(session.userId, (message) => {
      stream.write(formatMessage(message, session.sessionId));
    });
    const unwatch = timer.watch(session.userId);
    const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      unwatch();
    };
    request.raw.on('close', close);
    stream.on('error', close);
  });
  return timer;
}
