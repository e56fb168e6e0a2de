import { ErrorCode, ErrorMessage } from '@planner/protocol';

/**
 * An error the client is meant to see: answered as a non-2xx status with `error-code` and
 * `error-message`. Anything else thrown by a handler is a server fault (500, logged).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: number,
    message: string,
    /** Extra response headers, e.g. retry-after. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** Invalid input; `key` is the spec's message key (`invalid.chooseCategory`). */
export const invalid = (key: string): AppError => new AppError(ErrorCode.InvalidInput, key);
/** Missing, or another user's: the two must be indistinguishable. */
export const notFound = (message = 'notFound'): AppError =>
  new AppError(ErrorCode.NotFound, message);
export const conflict = (key: string): AppError => new AppError(ErrorCode.Conflict, key);
export const sessionInvalid = (): AppError =>
  new AppError(ErrorCode.SessionInvalid, ErrorMessage.sessionInvalid);
export const rateLimited = (retryAfterSec: number): AppError =>
  new AppError(ErrorCode.RateLimited, ErrorMessage.tooManyAttempts, {
    'retry-after': String(retryAfterSec),
  });
