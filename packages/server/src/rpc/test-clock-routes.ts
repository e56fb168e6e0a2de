import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@planner/protocol';
import type { ManualClock } from '../clock';

/**
 * Test-only: lets browser tests move the server's clock. Registered only when the server was
 * started with PLANNER_TEST_CLOCK=1. JSON in, `{ now }` out.
 */
export function registerTestClockRoutes(app: FastifyInstance, clock: ManualClock): void {
  const readMs = (body: unknown, key: string): number | undefined => {
    if (typeof body !== 'object' || body === null || !(key in body)) return undefined;
    const value: unknown = Reflect.get(body, key);
    return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
  };
  const parseJson = (raw: unknown): unknown => {
    try {
      return Buffer.isBuffer(raw) && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {};
    } catch {
      return undefined;
    }
  };
  app.post(`${API_PREFIX}/_test/SetClock`, async (request, reply) => {
    const now = readMs(parseJson(request.body), 'now');
    if (now === undefined) return reply.code(400).send({ message: 'expected {"now": <ms>}' });
    clock.set(now);
    return { now: clock.now() };
  });
  app.post(`${API_PREFIX}/_test/AdvanceClock`, async (request, reply) => {
    const ms = readMs(parseJson(request.body), 'ms');
    if (ms === undefined) return reply.code(400).send({ message: 'expected {"ms": <ms>}' });
    clock.advance(ms);
    return { now: clock.now() };
  });
  app.post(`${API_PREFIX}/_test/GetClock`, async () => ({ now: clock.now() }));
}
