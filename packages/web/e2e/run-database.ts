import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runDataDir } from './run-data';

/**
 * Opens the browser run's own SQLite database (the server's DATA_DIR) for what no API may do:
 * an operator's flags (debug menu, a premium level) or a store purchase a browser cannot make.
 */
export function withRunDatabase<T>(use: (database: Database.Database) => T): T {
  const database = new Database(join(runDataDir(), 'planner.db'));
  try {
    return use(database);
  } finally {
    database.close();
  }
}

/** Sets one of an account's flags as an operator would; fails unless exactly one row changed. */
export function setUserFlag(
  email: string,
  column: 'debug_enabled' | 'premium_level',
  value: number,
): void {
  const changed = withRunDatabase(
    (database) =>
      database.prepare(`UPDATE users SET ${column} = ? WHERE email = ?`).run(value, email).changes,
  );
  if (changed !== 1) throw new Error(`no account ${email} to set ${column} on`);
}
