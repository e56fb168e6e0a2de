import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { API_PREFIX, findMethod } from '@planner/protocol';

const METRICS_PATH = '/metrics';

export interface MetricsSources {
  /** PostgreSQL's pool (none on SQLite). */
  pool: pg.Pool | undefined;
  /** Jobs waiting to run. */
  queueDepth(): Promise<number>;
  /** Live streams open in this process. */
  liveStreams(): number;
}

/** Latency buckets (seconds): the budget's 50 ms p99 falls between two of them. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What a call is counted under: the API method's name when it is one of ours, else the route's
 * pattern (`/files/:id`), else `unmatched`. Never client text, so the label set stays bounded.
 */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === `${API_PREFIX}/:method`) {
    const name = (request.params as { method?: string }).method ?? '';
    return findMethod(name) ? name : 'unknown method';
  }
  return pattern ?? 'unmatched';
}

/**
 * GET /metrics in Prometheus' text format, with prom-client: calls and their latency per API
 * method (and per route outside the API), the database pool's connections, jobs waiting, open
 * live streams, and the process's own figures (CPU, memory, event-loop delay). Off unless
 * METRICS_TOKEN is set; a scrape must send `authorization: Bearer <token>` (the figures tell
 * about traffic, so they are not public). Each process counts its own: scrape every node.
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  sources: MetricsSources,
): void {
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'planner_' });
  const calls = new Counter({
    name: 'planner_http_requests_total',
    help: 'Requests answered, by API method or route and status code',
    labelNames: ['method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'planner_http_request_duration_seconds',
    help: 'Time to answer, by API method or route',
    labelNames: ['method'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  registerGauges(registry, sources);
  app.addHook('onResponse', async (request, reply) => {
    const method = routeLabel(request);
    calls.inc({ method, status: String(reply.statusCode) });
    latency.observe({ method }, reply.elapsedTime / 1000);
  });
  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
    }
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

function registerGauges(registry: Registry, sources: MetricsSources): void {
  const pool = sources.pool;
  new Gauge({
    name: 'planner_db_pool_connections',
    help: 'PostgreSQL pool connections: open (total), idle, and calls waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'planner_job_queue_depth',
    help: 'Background jobs waiting to run',
    registers: [registry],
    async collect() {
      this.set(await sources.queueDepth().catch(() => Number.NaN));
    },
  });
  new Gauge({
    name: 'planner_live_streams',
    help: 'Live update streams open in this process',
    registers: [registry],
    collect() {
      this.set(sources.liveStreams());
    },
  });
}

/** Equal-length digests, so the token comparison takes the same time whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
