import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Schema } from '../db/schema';
import type { Readiness } from './readiness';

const HEALTH_PATH = '/healthz';
const READY_PATH = '/readyz';

/**
 * GET /healthz: the process is alive and its event loop answers (nothing else is asked: a
 * database outage must not make an orchestrator restart every node). GET /readyz: this node
 * should get requests: the database answers, this code's migrations have run, and the node is
 * not draining. Both answer JSON with no session and nothing secret; 503 when not ready.
 * While draining every answer also says `connection: close`, so keep-alive connections (a
 * load balancer's included) end after their current call instead of being cut at close.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Schema>; pool: pg.Pool | undefined; readiness: Readiness },
): void {
  const noStore = 'no-store';
  app.get(HEALTH_PATH, async (_request, reply) =>
    reply.header('cache-control', noStore).send({ status: 'alive' }),
  );
  app.get(READY_PATH, async (_request, reply) => {
    const reason = await deps.readiness.check(deps.db, deps.pool);
    return reply
      .code(reason ? 503 : 200)
      .header('cache-control', noStore)
      .send(reason ? { status: 'not ready', reason } : { status: 'ready' });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (deps.readiness.draining) reply.header('connection', 'close');
  });
}
