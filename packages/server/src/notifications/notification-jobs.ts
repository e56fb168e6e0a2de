import type { Database } from '../db/database';
import type { ServiceDeps } from '../service-deps';
import { PASS_INTERVAL_MS, runNotificationPass } from './notification-pass';
import { PushDelivery, setAppDelivery } from './push-delivery';

const NOTIFICATION_PASS_JOB = 'notifications-due';

/**
 * Registers the notification pass on the job queue (docs/notifications.md). Answers the app's
 * delivery, for the app to close at shutdown.
 */
export function registerNotificationJobs(deps: ServiceDeps & { database: Database }): PushDelivery {
  const delivery = new PushDelivery(deps.database.db, deps.config, deps.log);
  setAppDelivery(deps.jobs, delivery);
  deps.jobs.every(NOTIFICATION_PASS_JOB, PASS_INTERVAL_MS, async () => {
    await runNotificationPass(deps.database.db, delivery, deps.realtime, deps.clock.now());
  });
  return delivery;
}
