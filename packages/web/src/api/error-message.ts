import { ErrorCode, NetworkError, RpcError } from '@planner/protocol/client';

/** A translation key and its values, ready for `t(key, values)` or a toast. */
export interface ErrorText {
  key: string;
  values: Record<string, string | number>;
}

/** Codes the spec keeps silent (section 8). */
const SILENT_CODES: ReadonlySet<number> = new Set([2002, 1700]);

/**
 * How an error reads to a person, as a translation key with values. The server answers message
 * keys (`invalid.enterEmail`); anything else it says is shown as it is.
 * `hasKey` tells whether the translations know a key. Returns null for silent errors.
 */
export function describeError(error: unknown, hasKey: (key: string) => boolean): ErrorText | null {
  if (error instanceof NetworkError) return { key: 'messages.serviceUnavailable', values: {} };
  if (!(error instanceof RpcError)) return { key: 'errors.unexpected', values: {} };
  if (SILENT_CODES.has(error.code) || error.code === ErrorCode.SessionInvalid) return null;
  if (error.code === ErrorCode.RateLimited && !hasKey(error.message)) {
    return { key: 'messages.tooManyAttempts', values: {} };
  }
  if (error.message && hasKey(error.message)) return { key: error.message, values: {} };
  if (error.message) return { key: 'errors.withMessage', values: { message: error.message } };
  return { key: 'errors.unexpected', values: {} };
}
