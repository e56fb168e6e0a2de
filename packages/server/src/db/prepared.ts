import {
  PostgresAdapter,
  sql,
  type Compilable,
  type CompiledQuery,
  type DialectAdapter,
  type Expression,
  type Kysely,
  type QueryResult,
  type SqlBool,
} from 'kysely';
import type { Schema } from './schema';

/**
 * A query of a fixed shape, built and compiled once per dialect and then run with new values.
 * Kysely builds an operation tree and compiles it to SQL on every call, which costs more than
 * SQLite takes to answer a primary-key read; the hot reads and writes of every call (session,
 * timeline state, open tasks) are written with this instead:
 *
 *   const byId = preparedQuery((db, $) =>
 *     db.selectFrom('tasks').selectAll().where('user_id', '=', $<string>(0)));
 *   const rows = await byId(db, [userId]);
 *
 * `$<T>(i)` stands for the i-th value. Lists (`in`) change the SQL with their length, so a query
 * with one stays a plain Kysely query.
 */

const SLOT = '\u0000planner-slot:';

/** Stand-in for the i-th value: the compiled query's parameter holding it is swapped per run. */
export type Slot = <T>(index: number) => T;

// The stand-in is a marked string that only `run` ever sees; typed as the column's type so the
// builder checks the query exactly as it checks a plain one.
const slot: Slot = <T>(index: number) => `${SLOT}${index}` as unknown as T;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the compiled SQL, the index of its value, or -1 for a constant. */
  sources: number[];
}

function slotIndex(parameter: unknown): number {
  return typeof parameter === 'string' && parameter.startsWith(SLOT)
    ? Number(parameter.slice(SLOT.length))
    : -1;
}

export interface PreparedQuery<R> {
  /** Runs the query with `values` (value i takes the place of `$(i)`). */
  (db: Kysely<Schema>, values: readonly unknown[]): Promise<QueryResult<R>>;
  /** The query with `values`, to run with others (db/together.ts). */
  with(db: Kysely<Schema>, values: readonly unknown[]): CompiledQuery<R>;
}

export function preparedQuery<R>(
  build: (db: Kysely<Schema>, $: Slot) => Compilable<R>,
): PreparedQuery<R> {
  // Keyed by the dialect's adapter: SQLite and PostgreSQL compile to different SQL, and a
  // transaction shares its database's adapter.
  const byDialect = new Map<DialectAdapter, Compiled<R>>();
  const withValues = (db: Kysely<Schema>, values: readonly unknown[]): CompiledQuery<R> => {
    const adapter = db.getExecutor().adapter;
    let compiled = byDialect.get(adapter);
    if (!compiled) {
      const query = build(db, slot).compile();
      compiled = { query, sources: query.parameters.map(slotIndex) };
      byDialect.set(adapter, compiled);
    }
    const { query, sources } = compiled;
    const parameters = sources.map((source, i) =>
      source < 0 ? query.parameters[i] : values[source],
    );
    return { ...query, parameters };
  };
  const run = (db: Kysely<Schema>, values: readonly unknown[]) =>
    db.executeQuery(withValues(db, values));
  return Object.assign(run, { with: withValues });
}

export function isPostgres(db: Kysely<Schema>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `column` is one of a list given as ONE value, so that the SQL does not change with the list's
 * length and the query can be prepared: `where(oneOf(db, 'id', $(1)))`, run with
 * `listValue(db, ids)` in that place.
 */
export function oneOf(db: Kysely<Schema>, column: string, list: unknown): Expression<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(${list})`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${list}))`;
}

/** The value that stands for `values` in `oneOf`'s place. */
export function listValue(db: Kysely<Schema>, values: readonly string[]): unknown {
  return isPostgres(db) ? [...values] : JSON.stringify(values);
}
