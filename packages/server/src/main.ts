import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { buildApp } from './app';
import { systemClock, ManualClock, type Clock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseUnreachableError, openDatabase, redactUrl, type Database } from './db/database';
import { migrateToLatest, SchemaTooNewError } from './db/migrate';
import { createRealtimeHub } from './realtime/realtime-hub';

function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ dialect: 'postgres', url: config.databaseUrl })
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

  const shutdown = async (): Promise<void> => {
    await app.close();
    await realtime.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  if (isOperatorError(error)) {
    console.error(`Planner cannot start: ${error.message}`);
  } else {
    console.error('Planner cannot start:', error);
  }
  process.exit(1);
});
