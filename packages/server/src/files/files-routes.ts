import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { ServiceDeps } from '../service-deps';

/** HTTP routes for the upload and download of files (being built). */
export function registerFilesRoutes(
  _app: FastifyInstance,
  _deps: ServiceDeps & { database: Database },
): void {}
