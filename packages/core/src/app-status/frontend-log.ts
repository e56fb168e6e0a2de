/**
 * Error reports from the apps (CreateFrontendLog): what is masked, what is not worth sending and
 * how long each field may be. The web app applies these before sending and the server applies
 * them again on arrival, so a client that forgets (or an old one) cannot store a secret.
 */

/** Fields whose values never reach a report (accounts spec, error reporting). */
export const MASKED_FIELDS = ['title', 'password', 'note', 'content', 'token', 'email'] as const;

/** What a masked value is replaced with. */
export const MASK = '***';

/** Errors that say nothing about a fault of the app (the network, a wrong password, ...). */
export const IGNORED_ERRORS = [
  'failed to fetch',
  'password not match',
  'invalid email address',
  'invalid session',
  'subsequent message number too small',
] as const;

export const FRONTEND_LOG_LEVELS = ['error', 'warn', 'info'] as const;
export type FrontendLogLevel = (typeof FRONTEND_LOG_LEVELS)[number];

/** The longest value of each field, in UTF-16 code units; the server answers 400 past them. */
export const FRONTEND_LOG_LIMITS = {
  level: 10,
  message: 2_000,
  stack: 8_000,
  deviceType: 100,
  appVersion: 40,
  nativeVersion: 40,
  view: 500,
} as const;

// A key that ends in one of the fields (`title`, `taskTitle`, `authToken`, `user_email`),
// quoted or not, then `:` or `=`, then its value: to the closing quote, or to a separator. A key
// only starts where no key character precedes it, so a long run of text is scanned once rather
// than once per character (masking stays linear in the text's length).
const KEY = `(?<![\\w.-])[\\w.-]*?(?:${MASKED_FIELDS.join('|')})["']?\\s*[:=]\\s*`;
const QUOTED_VALUE = `"(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'`;
const BARE_VALUE = `[^\\s,;&}\\]\\)]+`;
const FIELD_VALUE = new RegExp(`(${KEY})(${QUOTED_VALUE}|${BARE_VALUE})`, 'gi');
const EMAIL_ADDRESS = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const BEARER = /\b(Bearer\s+)[\w.~+/=-]+/gi;

function maskValue(value: string): string {
  const quote = value[0];
  return quote === '"' || quote === "'" ? `${quote}${MASK}${quote}` : MASK;
}

/**
 * The text with the values of masked fields replaced (`"title":"Dentist"` becomes
 * `"title":"***"`, `?email=a@b.c` becomes `?email=***`), and any e-mail address or bearer token
 * elsewhere too: an error message quotes what it could not handle, often a person's data.
 */
export function maskSecrets(text: string): string {
  return text
    .replace(FIELD_VALUE, (_match, key: string, value: string) => key + maskValue(value))
    .replace(BEARER, `$1${MASK}`)
    .replace(EMAIL_ADDRESS, MASK);
}

/** Whether an error with this message is left unreported (the spec's ignore list). */
export function isIgnoredError(message: string): boolean {
  const lower = message.toLowerCase();
  return IGNORED_ERRORS.some((ignored) => lower.includes(ignored));
}

export function isFrontendLogLevel(level: string): level is FrontendLogLevel {
  return (FRONTEND_LOG_LEVELS as readonly string[]).includes(level);
}
