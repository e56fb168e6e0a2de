const SECRET_KEY = /password|token|secret|authorization|verifycode|cookie|receipt/i;

/** A copy safe to log: values under secret-looking keys are replaced. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[deep]';
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value instanceof Uint8Array) return `[${value.length} bytes]`;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) ? '[redacted]' : redactSecrets(item, depth + 1),
    ]),
  );
}

/** pino paths that never reach the log. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.authToken',
  '*.token',
];
