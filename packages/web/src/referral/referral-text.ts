import type { i18n as I18n, TFunction } from 'i18next';
import { describeError } from '../api/error-message';

/** The namespace of the referral page, its dialogs and the sign-up code field (src/i18n/referral). */
export const REFERRAL_NS = 'referral';

/** The server's refusal in the reader's language: this namespace's `errors.*`, else the app's. */
export function referralErrorText(error: unknown, t: TFunction, i18n: I18n): string | null {
  const own = (key: string) => `errors.${key}`;
  const text = describeError(
    error,
    (key) => i18n.exists(own(key), { ns: REFERRAL_NS }) || i18n.exists(key, { ns: 'translation' }),
  );
  if (!text) return null;
  if (i18n.exists(own(text.key), { ns: REFERRAL_NS })) return t(own(text.key), { ns: REFERRAL_NS });
  return t(text.key, { ...text.values, ns: 'translation' });
}

/** The link a friend opens to sign up with the code filled in. */
export function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}/login?referral=${encodeURIComponent(code)}`;
}
