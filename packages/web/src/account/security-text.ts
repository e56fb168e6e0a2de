import type { i18n as I18n, TFunction } from 'i18next';
import { describeError } from '../api/error-message';

/** The namespace of the e-mail, password and verification screens (src/i18n/account-security). */
export const SECURITY_NS = 'account-security';

/** A message key in the reader's language: this namespace's own, else the app's (`invalid.*`). */
export function keyText(
  t: TFunction,
  i18n: I18n,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const ns = i18n.exists(key, { ns: SECURITY_NS }) ? SECURITY_NS : 'translation';
  return t(key, { ...values, ns });
}

/** The server's answer as a sentence in the reader's language, or null for a silent one. */
export function securityErrorText(error: unknown, t: TFunction, i18n: I18n): string | null {
  const text = describeError(
    error,
    (key) => i18n.exists(key, { ns: SECURITY_NS }) || i18n.exists(key, { ns: 'translation' }),
  );
  return text ? keyText(t, i18n, text.key, text.values) : null;
}

/** The message key of a server error, to put it next to the field it is about. */
export function errorKey(error: unknown): string {
  return error instanceof Error ? error.message : '';
}
