import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import { roundTripSavingPool } from './postgres-pool';
import type { Schema } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  readonly db: Kysely<Schema>;
  readonly dialect: DialectName;
  /** PostgreSQL's application_name of the pool's connections (none on SQLite). */
  readonly connectionName?: string;
  /**
   * PostgreSQL's pool itself (none on SQLite), for libraries that take a `pg` pool (the shared
   * rate limits) and for the pool figures of /metrics. The app's own queries go through `db`.
   */
  readonly pgPool?: pg.Pool;
  close(): Promise<void>;
}

interface PostgresOptions {
  dialect: 'postgres';
  url: string;
  schema?: string;
  maxConnections?: number;
  /** Shown in pg_stat_activity; 'planner' unless given. */
  connectionName?: string;
  /** Told when a pooled connection breaks (the pool replaces it; calls using it answer 503). */
  onConnectionError?: (error: Error) => void;
}

export type DatabaseOptions = { dialect: 'sqlite'; file: string } | PostgresOptions;

/** Thrown when the database cannot be reached; the message is meant for the operator. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Opens the embedded SQLite file or a PostgreSQL pool, and checks that it answers. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.dialect === 'sqlite') {
    mkdirSync(dirname(options.file), { recursive: true });
    const sqlite = new BetterSqlite3(options.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Schema>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  return openPostgres(options);
}

async function openPostgres(options: PostgresOptions): Promise<Database> {
  const connectionName = options.connectionName ?? 'planner';
  const pool = new pg.Pool({
    connectionString: options.url,
    application_name: connectionName,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    // Statements sent together go out at once (db/postgres-pool.ts).
    pipeline: true,
    // Instants are int8 milliseconds; they fit a JS number exactly (below 2^53).
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format),
    },
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection the database closed (restart, pg_terminate_backend, a cut link) is
  // dropped by the pool, which connects anew on the next checkout; unheard, the error would
  // end the process.
  pool.on('error', (error) => options.onConnectionError?.(error));
  const db = new Kysely<Schema>({
    dialect: new PostgresDialect({ pool: roundTripSavingPool(pool) }),
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await db.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnreachableError(
      `Cannot reach PostgreSQL at ${redactUrl(options.url)}: ${reason}`,
    );
  }
  return { db, dialect: 'postgres', connectionName, pgPool: pool, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs; preparing costs more than running a primary-key read, so
 * statements are kept by their SQL text (Kysely runs one query at a time on this connection).
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const known = statements.get(sql);
      if (known) return known;
      const statement = withRowsBuiltInJs(sqlite.prepare(sql));
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

type Row = Record<string, unknown>;

/**
 * A reading statement answers arrays, made into objects here: better-sqlite3 builds each row
 * object in C++ property by property, which costs more than the read itself for a row of many
 * columns; V8 builds the same objects (same keys, same order, a later duplicate name wins) about
 * a third faster.
 */
function withRowsBuiltInJs(statement: BetterSqlite3.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  let names = statement.columns().map((c) => c.name);
  statement.raw(true);
  const toObject = (values: unknown[]): Row => {
    // SQLite prepares the statement again after a schema change (a migration adding a column
    // under `select *`): the names are read again when the row's width changed.
    if (values.length !== names.length) names = statement.columns().map((c) => c.name);
    const row: Row = {};
    for (let i = 0; i < names.length; i += 1) row[names[i] ?? ''] = values[i];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters as unknown[]) as unknown[][]).map(toObject),
    run: (parameters) => statement.run(parameters as unknown[]),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters as unknown[]) as Iterable<unknown[]>)
        yield toObject(values);
    },
  };
}

/** The URL without its password, safe to print. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
