import { join } from 'node:path';
import type { Config } from './config';
import { openDatabase, redactUrl, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';

/** PostgreSQL when DATABASE_URL is set, otherwise the SQLite file in DATA_DIR. */
export function openConfiguredDatabase(
  config: Config,
  onConnectionError: (error: Error) => void,
): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ dialect: 'postgres', url: config.databaseUrl, onConnectionError })
    : openDatabase({ dialect: 'sqlite', file: join(config.dataDir, 'planner.db') });
}

/** Where the data is, for the start-up line (no password). */
export function dataLocation(config: Config): string {
  return config.databaseUrl ? redactUrl(config.databaseUrl) : join(config.dataDir, 'planner.db');
}

/** Brings the schema up to date on a connection of its own. */
export async function migrateConfiguredDatabase(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config, (error) =>
    console.error(`Database connection lost: ${error.message}`),
  );
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
}
