import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * The pool Kysely talks to on PostgreSQL, saving round trips (on one machine a round trip costs
 * the server more CPU than the simple reads it carries):
 *
 * - Each distinct SQL text with parameters runs as a named statement, which PostgreSQL parses
 *   and plans once per connection (the client then sends only Bind and Execute). The first
 *   texts seen get names; the rest (beyond the cap: `in` lists of every length) run unnamed.
 * - BEGIN is sent just before a transaction's first statement that writes or locks (anything
 *   but a plain SELECT); a transaction that only read sends neither BEGIN nor COMMIT. Under READ
 *   COMMITTED (the default, used everywhere here) every statement takes its own snapshot inside
 *   a transaction as outside one, and before the first write there is nothing of its own to
 *   see, so the reads before it see exactly what they would have seen after a BEGIN.
 */

const NAMED_STATEMENTS_MAX = 500;
const PLAIN_SELECT = /^\s*select\b/i;
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

type Result<R> = PostgresQueryResult<R>;

function nothing<R>(): Result<R> {
  // What Kysely reads of a result: no rows, no affected count (the command is not a write).
  return { command: 'SELECT', rowCount: 0, rows: [] };
}

export function roundTripSavingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.size < NAMED_STATEMENTS_MAX) {
      name = `planner_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
  const send = <R>(client: pg.PoolClient, sql: string, parameters: readonly unknown[]) => {
    const result: Promise<unknown> =
      parameters.length > 0
        ? client.query({ name: nameOf(sql), text: sql, values: [...parameters] })
        : client.query(sql);
    // pg's result is what Kysely's own pg driver reads: its command is one of the SQL verbs.
    return result as Promise<Result<R>>;
  };

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    /** Kysely asked for BEGIN and nothing has needed it yet. */
    let beginPending = false;
    async function run<R>(sql: string, parameters: readonly unknown[]): Promise<Result<R>> {
      // Kysely's own transaction statements, exactly as it sends them.
      if (sql === 'begin') {
        beginPending = true;
        return nothing();
      }
      if (sql === 'commit' || sql === 'rollback') {
        const began = !beginPending;
        beginPending = false;
        return began ? send(client, sql, parameters) : nothing();
      }
      if (beginPending && (!PLAIN_SELECT.test(sql) || LOCKING.test(sql))) {
        beginPending = false;
        await client.query('begin');
      }
      return send(client, sql, parameters);
    }
    function query<R>(sql: string, parameters: readonly unknown[]): Promise<Result<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sqlOrCursor: string | PostgresCursor<R>,
      parameters: readonly unknown[] = [],
    ): Promise<Result<R>> | PostgresCursor<R> {
      // Kysely passes a cursor only to stream, which needs a cursor class this dialect lacks.
      if (typeof sqlOrCursor !== 'string') throw new Error('streaming is not configured');
      return run(sqlOrCursor, parameters);
    }
    return {
      query,
      release: () => {
        beginPending = false;
        client.release();
      },
    };
  };

  // Kysely keys its connections by client object: one wrapper per pooled client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
