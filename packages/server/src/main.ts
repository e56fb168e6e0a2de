import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { buildApp } from './app';
import { systemClock, ManualClock, type Clock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseUnreachableError, openDatabase, redactUrl, type Database } from './db/database';
import { migrateToLatest, SchemaTooNewError } from './db/migrate';
import { createRealtimeHub } from './realtime/realtime-hub';

/** How long SIGTERM waits for calls in flight before the process ends anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Until the app's logger exists, a lost connection is told on stderr. */
let logConnectionError = (error: Error): void => {
  console.error(`Database connection lost: ${error.message}`);
};

function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({
        dialect: 'postgres',
        url: config.databaseUrl,
        onConnectionError: (error) => logConnectionError(error),
      })
    : openDatabase({ dialect: 'sqlite', file: join(config.dataDir, 'planner.db') });
}

/** Refusals an operator can act on: one line, no stack. */
function isOperatorError(error: unknown): error is Error {
  return (
    error instanceof ConfigError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof SchemaTooNewError
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await migrateToLatest(database);
  const clock: Clock = config.testClock ? new ManualClock(Date.now()) : systemClock;
  const realtime = await createRealtimeHub(config.databaseUrl);
  const app = await buildApp({ config, database, clock, realtime });
  logConnectionError = (error) =>
    app.log.warn({ err: error }, 'database connection lost; the pool connects anew');
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl
    ? redactUrl(config.databaseUrl)
    : join(config.dataDir, 'planner.db');
  const ms = Math.round(performance.now() - started);
  console.log(
    `Planner is serving http://${config.host}:${port} (data: ${where}; ready in ${ms} ms)`,
  );

  /**
   * Stops taking connections, ends the live streams, lets the calls in flight finish, then
   * closes the pool. The process then ends by itself: nothing is left open; if something still
   * is after the grace period, it is ended with code 1.
   */
  const shutdown = async (signal: string): Promise<void> => {
    app.log.info(`${signal}: finishing the calls in flight, then stopping`);
    setTimeout(() => {
      console.error(`Planner did not stop within ${SHUTDOWN_GRACE_MS} ms; ending it`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await realtime.close();
    await database.close();
    app.log.info('stopped');
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (isOperatorError(error)) {
    console.error(`Planner cannot start: ${error.message}`);
  } else {
    console.error('Planner cannot start:', error);
  }
  process.exit(1);
});
