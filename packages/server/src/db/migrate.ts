import { Migrator, sql, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations/index';

/** Thrown when the database was migrated by a newer version of the code. */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; refuses a schema that knows migrations this code does not. */
export async function migrateToLatest(database: Database): Promise<void> {
  // On PostgreSQL the migration tables live in the connection's own schema: Kysely would
  // otherwise take another schema's table (a parallel test's) for ours.
  const schema = await currentSchema(database);
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const known = new Set(Object.keys(migrations));
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  const hasTable = tables.some(
    (t) => t.name === 'kysely_migration' && (!schema || t.schema === schema),
  );
  if (hasTable) {
    const rows = await database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const unknown = (rows as { name: string }[]).map((r) => r.name).filter((n) => !known.has(n));
    if (unknown.length > 0) {
      throw new SchemaTooNewError(
        `The database schema is newer than this code (unknown migrations: ${unknown.join(', ')}). ` +
          'Run a newer version of Planner or point it at another database.',
      );
    }
  }
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`);
  }
}

async function currentSchema(database: Database): Promise<string | undefined> {
  if (database.dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    database.db,
  );
  return rows[0]?.schema;
}
