import cluster from 'node:cluster';
import { buildApp } from './app';
import { SHUTDOWN_GRACE_MS } from './cluster';
import { systemClock, ManualClock, type Clock } from './clock';
import type { Config } from './config';
import { dataLocation, openConfiguredDatabase } from './configured-database';
import { migrateToLatest } from './db/migrate';
import { HttpListener } from './http-listener';
import { Readiness } from './health/readiness';
import { PgBossJobs } from './jobs/pg-boss-jobs';
import { createRealtimeHub } from './realtime/realtime-hub';

/** One server process: the only one, or a worker of the cluster (the primary migrated). */
export async function serve(config: Config, started: number): Promise<void> {
  /** Until the app's logger exists, a lost connection is told on stderr. */
  let logConnectionError = (error: Error): void => {
    console.error(`Database connection lost: ${error.message}`);
  };
  const database = await openConfiguredDatabase(config, (error) => logConnectionError(error));
  if (cluster.isPrimary) await migrateToLatest(database);
  const clock: Clock = config.testClock ? new ManualClock(Date.now()) : systemClock;
  const realtime = await createRealtimeHub(config.databaseUrl);
  // PostgreSQL: the shared queue, so with several processes each pass runs once; SQLite: timers.
  // It is stopped by app.close() (the app's onClose hook).
  let logJobError = (obj: unknown, msg: string): void => console.error(msg, obj);
  const jobs = config.databaseUrl
    ? new PgBossJobs(config.databaseUrl, { error: (obj, msg) => logJobError(obj, msg) }, () =>
        clock.now(),
      )
    : undefined;
  const readiness = new Readiness();
  const app = await buildApp({
    config,
    database,
    clock,
    realtime,
    readiness,
    ...(jobs ? { jobs } : {}),
  });
  logJobError = (obj, msg) => app.log.error(obj, msg);
  logConnectionError = (error) =>
    app.log.warn({ err: error }, 'database connection lost; the pool connects anew');
  // Accepting stops before the connections close, and what was accepted is answered.
  const listener = new HttpListener(app, SHUTDOWN_GRACE_MS / 2);
  const { port } = await listener.listen(config.port, config.host);
  // The line Fastify's own listen writes: each process says it serves (operators and tests read it).
  app.log.info(`Server listening at http://${config.host}:${port}`);
  if (cluster.isPrimary) {
    const ms = Math.round(performance.now() - started);
    console.log(
      `Planner is serving http://${config.host}:${port} (data: ${dataLocation(config)}; ` +
        `ready in ${ms} ms)`,
    );
  }

  stopOnSignals({ app, config, readiness, listener, realtime, database });
}

/**
 * Stops taking connections, ends the live streams, lets the calls in flight finish, then
 * closes the pool. The process then ends by itself: nothing is left open; if something still
 * is after the grace period, it is ended with code 1. A worker gets a signal twice (Ctrl-C
 * reaches the whole process group, and the primary passes it on): the second is ignored.
 */
function stopOnSignals(parts: {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  readiness: Readiness;
  listener: HttpListener;
  realtime: Awaited<ReturnType<typeof createRealtimeHub>>;
  database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
}): void {
  const { app, config, readiness, listener, realtime, database } = parts;
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing the calls in flight, then stopping`);
    // Behind a load balancer: /readyz says not ready while calls are still answered, until the
    // balancer has moved new calls elsewhere (DRAIN_SECONDS; health/readiness.ts).
    readiness.startDraining();
    if (config.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainMs));
    setTimeout(() => {
      console.error(`Planner did not stop within ${SHUTDOWN_GRACE_MS} ms; ending it`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await listener.close();
    await realtime.close();
    await database.close();
    app.log.info('stopped');
    // A worker's channel to the primary would keep it alive.
    cluster.worker?.disconnect();
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
