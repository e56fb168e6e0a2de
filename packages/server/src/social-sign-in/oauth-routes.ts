import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { ServiceDeps } from '../service-deps';

/** HTTP routes for the sign-in popup's redirects (being built). */
export function registerOAuthRoutes(
  _app: FastifyInstance,
  _deps: ServiceDeps & { database: Database },
): void {}
