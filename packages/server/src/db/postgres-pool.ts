import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * The pool Kysely talks to on PostgreSQL, saving round trips (on one machine a round trip costs
 * the server and the database more CPU than the simple reads it carries; across a network it
 * costs the call its latency):
 *
 * - Each distinct SQL text with parameters runs as a named statement, which PostgreSQL parses
 *   and plans once per connection (the client then sends only Bind and Execute). The first
 *   texts seen get names; the rest (beyond the cap: `in` lists of every length) run unnamed.
 * - Statements are pipelined (pg's `pipeline` option, each statement with its own Sync): a
 *   flight of several goes out back to back without waiting for answers, and their answers
 *   come back together: one round trip. Each goes in a write of its own: merging them would
 *   need pg's socket, which is not its API (docs/running-in-production.md, The PostgreSQL
 *   driver).
 * - BEGIN is sent with a transaction's first statement that writes or locks (anything but a
 *   plain SELECT); a transaction that only read sends neither BEGIN nor COMMIT. Under READ
 *   COMMITTED (the default, used everywhere here) every statement takes its own snapshot inside
 *   a transaction as outside one, and before the first write there is nothing of its own to
 *   see, so the reads before it see exactly what they would have seen after a BEGIN.
 * - `together` (db/together.ts) sends its statements as one flight.
 * - A deferred write (db/together.ts) is held and sent with the transaction's next statement or
 *   its COMMIT, in order; if it fails, that statement's call fails with its error, and the
 *   transaction rolls back as it would have at once.
 */

const NAMED_STATEMENTS_MAX = 500;
const PLAIN_SELECT = /^\s*select\b/i;
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

/** The SQL text of `together`'s query: its parameters are the statements, one flight. */
export const TOGETHER_SQL = '/* planner: together */';
/** The SQL text of a deferred write: its one parameter is the write. */
export const DEFERRED_SQL = '/* planner: deferred */';

/** One statement as the pool sends it. */
export interface PoolStatement {
  sql: string;
  parameters: readonly unknown[];
}

type Result<R> = PostgresQueryResult<R>;

function nothing<R>(): Result<R> {
  // What Kysely reads of a result: no rows, no affected count (the command is not a write).
  return { command: 'SELECT', rowCount: 0, rows: [] };
}

function changesData(sql: string): boolean {
  return !PLAIN_SELECT.test(sql) || LOCKING.test(sql);
}

const BEGIN: PoolStatement = { sql: 'begin', parameters: [] };

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
  const send = (client: pg.PoolClient, { sql, parameters }: PoolStatement) => {
    const result: Promise<unknown> =
      parameters.length > 0
        ? client.query({ name: nameOf(sql), text: sql, values: [...parameters] })
        : client.query(sql);
    // pg's result is what Kysely's own pg driver reads: its command is one of the SQL verbs.
    return result as Promise<Result<unknown>>;
  };

  /** Sends the statements without waiting in between; answers their results, or the first error. */
  async function flight(
    client: pg.PoolClient,
    statements: PoolStatement[],
  ): Promise<Result<unknown>[]> {
    const sent = statements.map((statement) => send(client, statement));
    const settled = await Promise.allSettled(sent);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<Result<unknown>>).value);
  }

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    /** Kysely opened a transaction on this connection and has not ended it. */
    let inTransaction = false;
    /** BEGIN went out, or waits in `ahead` to go with the next flight. */
    let begun = false;
    /** Statements to send before the next one: BEGIN and deferred writes. */
    let ahead: PoolStatement[] = [];

    /** Sends `ahead` then `statements` in one flight; answers the results of `statements`. */
    async function withAhead(statements: PoolStatement[]): Promise<Result<unknown>[]> {
      if (inTransaction && !begun && statements.some((s) => changesData(s.sql))) {
        ahead.push(BEGIN);
        begun = true;
      }
      const all = [...ahead, ...statements];
      const skip = ahead.length;
      ahead = [];
      return (await flight(client, all)).slice(skip);
    }

    async function end(sql: 'commit' | 'rollback'): Promise<Result<unknown>> {
      const pending = ahead;
      const wasBegun = begun;
      const beganOnServer = begun && !pending.includes(BEGIN);
      inTransaction = false;
      begun = false;
      ahead = [];
      if (sql === 'rollback') {
        // The held statements never ran: there is nothing of theirs to undo.
        return beganOnServer
          ? ((await flight(client, [{ sql, parameters: [] }]))[0] ?? nothing())
          : nothing();
      }
      if (!wasBegun) return nothing();
      const results = await flight(client, [...pending, { sql, parameters: [] }]);
      return results.at(-1) ?? nothing();
    }

    async function run(sql: string, parameters: readonly unknown[]): Promise<Result<unknown>> {
      // Kysely's own transaction statements, exactly as it sends them.
      if (sql === 'begin') {
        inTransaction = true;
        begun = false;
        ahead = [];
        return nothing();
      }
      if (sql === 'commit' || sql === 'rollback') return end(sql);
      if (sql === DEFERRED_SQL) {
        const write = parameters[0] as PoolStatement;
        if (!inTransaction) return (await withAhead([write]))[0] ?? nothing();
        if (!begun) {
          ahead.push(BEGIN);
          begun = true;
        }
        ahead.push(write);
        return nothing();
      }
      if (sql === TOGETHER_SQL) {
        const results = await withAhead(parameters as PoolStatement[]);
        return { command: 'SELECT', rowCount: results.length, rows: results };
      }
      return (await withAhead([{ sql, parameters }]))[0] ?? nothing();
    }

    function query<R>(sql: string, parameters: readonly unknown[]): Promise<Result<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sqlOrCursor: string | PostgresCursor<R>,
      parameters: readonly unknown[] = [],
    ): Promise<Result<R>> | PostgresCursor<R> {
      // Kysely passes a cursor only to stream, which needs a cursor class this dialect lacks.
      if (typeof sqlOrCursor !== 'string') throw new Error('streaming is not configured');
      return run(sqlOrCursor, parameters) as Promise<Result<R>>;
    }
    return {
      query,
      release: () => {
        inTransaction = false;
        begun = false;
        ahead = [];
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
        // While checked out the pool does not listen to the client: a connection lost between
        // two statements would raise an unheard 'error' and end the process. The loss also
        // fails the next statement, and the pool drops the dead client when it is released.
        client.on('error', () => undefined);
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
