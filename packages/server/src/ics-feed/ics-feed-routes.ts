import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { ServiceDeps } from '../service-deps';

/** GET /ics/{secret}.ics: the user's events and planned blocks as iCalendar (issue 17). */
export function registerIcsFeedRoutes(
  _app: FastifyInstance,
  _deps: ServiceDeps & { database: Database },
): void {}
