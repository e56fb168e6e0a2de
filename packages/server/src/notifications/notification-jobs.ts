import type { Database } from '../db/database';
import type { ServiceDeps } from '../service-deps';

/** Registers the notification passes on the job queue (issue 18). */
export function registerNotificationJobs(_deps: ServiceDeps & { database: Database }): void {}
