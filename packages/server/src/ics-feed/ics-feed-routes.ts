import type { FastifyInstance, FastifyReply } from 'fastify';
import { publishSyncChange } from '../calendar-sync/synced-events';
import type { Database } from '../db/database';
import { AppError } from '../rpc/errors';
import type { RateLimitSpec } from '../rpc/rate-limit';
import type { ServiceDeps } from '../service-deps';
import { buildFeed, feedOwner, isSecretForm } from './ics-feed-service';

/** Calendar apps poll the feed; a short private cache spares repeated builds in one session. */
const FEED_CACHE_CONTROL = 'private, max-age=300';
const FEED_LIMIT: RateLimitSpec<undefined> = [{ bucket: 'icsFeedPerIp', key: (_i, r) => r.ip }];

/** A feed's path is its secret: the request log writes this instead. */
export function redactFeedPath(path: string): string {
  return path.startsWith('/ics/') ? '/ics/[secret].ics' : path;
}

/** The same answer for a malformed, unknown or revoked secret: nothing to tell them apart. */
function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

/**
 * GET /ics/{secret}.ics: the user's events and planned blocks as iCalendar (issue 17). Public
 * (the secret is the credential), limited per address (bucket icsFeedPerIp), and the secret's
 * form is checked before any query.
 */
export function registerIcsFeedRoutes(
  app: FastifyInstance,
  deps: ServiceDeps & { database: Database },
): void {
  const limiters = deps.rateLimiters;
  app.get<{ Params: { file: string } }>('/ics/:file', async (request, reply) => {
    try {
      await limiters.consume(FEED_LIMIT, undefined, { ip: request.ip });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return reply
        .code(error.code)
        .headers(error.headers)
        .type('text/plain; charset=utf-8')
        .send('Too many requests');
    }
    const file = request.params.file;
    const secret = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    if (!isSecretForm(secret)) return notFound(reply);
    const now = deps.clock.now();
    const found = await deps.database.db.transaction().execute(async (trx) => {
      const userId = await feedOwner(trx, secret);
      if (!userId) return undefined;
      return { userId, ...(await buildFeed(trx, userId, now)) };
    });
    if (!found) return notFound(reply);
    // The replay moved the timeline (a session ended meanwhile): the user's devices refetch.
    if (found.changed) await publishSyncChange(deps.realtime, found.userId);
    return reply
      .code(200)
      .type('text/calendar; charset=utf-8')
      .header('cache-control', FEED_CACHE_CONTROL)
      .header('content-disposition', 'inline; filename="planner.ics"')
      .send(found.body);
  });
}
