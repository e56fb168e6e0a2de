/** The app version every client sends and Meta answers (spec, section 9). */
export const APP_VERSION = '1.3.143';

export const API_PREFIX = '/api';

/**
 * The URL scheme the iOS and Android shells register: `app.planner://agenda/day/{ms}` opens a
 * day, and `app.planner://oauth?state=…` brings a sign-in started in the system browser back.
 */
export const APP_URL_SCHEME = 'app.planner';

export const ContentType = {
  binary: 'application/x-protobuf',
  json: 'application/json',
} as const;

/** Header names of the transport (lower case, as HTTP/2 and Node give them). */
export const Header = {
  authorization: 'authorization',
  requestId: 'request-id',
  timezone: 'timezone',
  appVersion: 'app-version',
  errorCode: 'error-code',
  errorMessage: 'error-message',
  /** Optional on signed-in calls: the same key again answers the first call's answer. */
  idempotencyKey: 'idempotency-key',
} as const;

/** The token from an `authorization` header value, with or without the Bearer scheme. */
export function tokenFromAuthorization(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const token = value.startsWith('Bearer ') ? value.slice('Bearer '.length) : value;
  return token.trim() || undefined;
}
