import { randomBytes } from 'node:crypto';
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from './database';
import { migrateToLatest } from './migrate';

/**
 * A fresh, migrated database for one test file: a temp SQLite file by default, or a fresh
 * schema on the PostgreSQL server named by DATABASE_URL. Tests can run in parallel.
 */
export async function createTestDatabase(
  options: {
    maxConnections?: number;
    /** Another address of DATABASE_URL's server (a relay in front of it). */
    url?: string;
  } = {},
): Promise<Database> {
  const url = options.url ?? process.env.DATABASE_URL;
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const database = await openDatabase({
      dialect: 'postgres',
      url,
      schema,
      // Lets a test find this database's connections (to terminate them).
      connectionName: schema,
      maxConnections: options.maxConnections ?? 4,
    });
    await migrateToLatest(database);
    return {
      ...database,
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'planner-test-'));
  const database = await openDatabase({ dialect: 'sqlite', file: join(dir, 'planner.db') });
  await migrateToLatest(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
