import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { isPostgres } from './prepared';
import { DEFERRED_SQL, TOGETHER_SQL, type PoolStatement } from './postgres-pool';
import type { Schema } from './schema';

type Db = Kysely<Schema>;

/**
 * Statements that need not wait for each other's answers, sent together: on PostgreSQL in one
 * round trip (db/postgres-pool.ts), on SQLite one after the other as ever. A repository offers
 * a statement (its query and what its rows become) beside the function that runs it alone:
 *
 *   const [tasks, blocks] = await together(db, [
 *     planningTasksWithSpentRead(db, userId, baseTime),
 *     blocksEndingAfterRead(db, userId, baseTime),
 *   ]);
 *
 * They run in the order given, so a later one sees what an earlier one wrote.
 */
export interface Statement<T> {
  /** Undefined when the answer is known without asking (see `known`). */
  readonly query: CompiledQuery | undefined;
  readonly read: (result: QueryResult<unknown>) => T;
}

export function statement<R, T>(
  query: CompiledQuery<R>,
  read: (result: QueryResult<R>) => T,
): Statement<T> {
  return { query, read: read as (result: QueryResult<unknown>) => T };
}

/** An answer known without a statement (a cache hit, an empty list of ids): nothing is sent. */
export function known<T>(value: T): Statement<T> {
  return { query: undefined, read: () => value };
}

const NO_ROWS: QueryResult<unknown> = { rows: [] };

type Results<S extends readonly Statement<unknown>[]> = {
  -readonly [K in keyof S]: S[K] extends Statement<infer T> ? T : never;
};

function poolStatement(query: CompiledQuery): PoolStatement {
  return { sql: query.sql, parameters: query.parameters };
}

interface PgResult {
  command: string;
  rowCount: number | null;
  rows: unknown[];
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** pg's result as Kysely's PostgreSQL driver makes it. */
function asKyselyResult(result: PgResult): QueryResult<unknown> {
  return {
    rows: result.rows,
    ...(WRITES.has(result.command) ? { numAffectedRows: BigInt(result.rowCount ?? 0) } : {}),
  };
}

export async function together<const S extends readonly Statement<unknown>[]>(
  db: Db,
  statements: S,
): Promise<Results<S>> {
  const queries = statements.flatMap((s) => s.query ?? []);
  const results: QueryResult<unknown>[] = [];
  if (!isPostgres(db) || queries.length < 2) {
    for (const query of queries) results.push(await db.executeQuery(query));
  } else {
    const { rows } = await db.executeQuery(
      CompiledQuery.raw(TOGETHER_SQL, queries.map(poolStatement)),
    );
    for (const row of rows) results.push(asKyselyResult(row as PgResult));
  }
  let next = 0;
  return statements.map((s) =>
    s.read(s.query ? (results[next++] ?? NO_ROWS) : NO_ROWS),
  ) as Results<S>;
}

/** The statement with its answer made into another. */
export function mapped<T, U>(s: Statement<T>, map: (value: T) => U): Statement<U> {
  return { query: s.query, read: (result) => map(s.read(result)) };
}

/** One statement, alone. */
export async function runStatement<T>(db: Db, s: Statement<T>): Promise<T> {
  return s.read(s.query ? await db.executeQuery(s.query) : NO_ROWS);
}

/**
 * A write whose answer the caller does not need: in a PostgreSQL transaction it goes out with
 * the transaction's next statement or its COMMIT, saving a round trip; elsewhere it runs now.
 * A write that may fail in a way its caller must tell apart (a unique key) is not deferred: its
 * error would surface later, on another statement.
 */
export async function deferWrite(db: Db, query: CompiledQuery): Promise<void> {
  if (!isPostgres(db) || !db.isTransaction) {
    await db.executeQuery(query);
    return;
  }
  await db.executeQuery(CompiledQuery.raw(DEFERRED_SQL, [poolStatement(query)]));
}
