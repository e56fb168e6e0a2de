/**
 * Errors that mean the database could not be talked to (it restarted, terminated the
 * connection, or the link broke), as opposed to a statement it refused. A call that meets one
 * answers 503 and can simply be tried again: the pool connects anew.
 */

/** SQLSTATE classes 08 (connection exception) and 57 (operator intervention: shutdown). */
const LOST_SQLSTATE = /^(08|57P0[1-3])/;
const LOST_SYSCALL = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** What pg and pg-pool throw without a code when the socket goes or never comes. */
const LOST_MESSAGE =
  /^(Connection terminated|Client was closed and is not queryable|Client has encountered a connection error|timeout exceeded when trying to connect)/;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (LOST_SQLSTATE.test(code) || LOST_SYSCALL.has(code)) return true;
  if (LOST_MESSAGE.test(error.message)) return true;
  // Kysely and pg sometimes wrap the cause (an AggregateError of failed connect attempts).
  if (error instanceof AggregateError) {
    return error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** The HTTP status and error code of a call the database could not serve. */
export const DATABASE_UNAVAILABLE_CODE = 503;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable for a moment; try again shortly';
