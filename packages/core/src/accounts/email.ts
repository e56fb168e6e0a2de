/**
 * E-mail rules shared by the sign-in screen and the server (accounts spec, section 5).
 * Addresses are compared and stored in their normalized form.
 */

/** RFC 5321 caps a forward path at 254 characters; longer input is never a real address. */
export const EMAIL_MAX_LENGTH = 254;

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
const ANYTHING_AT_ANYTHING = /^.+@.+$/su;

/** Trimmed and lowercased: the form the server stores and the reset request sends. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * The spec's simple x@y.z pattern: no spaces, one @, a dot after it. Surrounding spaces are
 * ignored (they are trimmed by `normalizeEmail` before storing).
 */
export function isValidEmail(raw: string): boolean {
  const email = raw.trim();
  return email.length <= EMAIL_MAX_LENGTH && SIMPLE_EMAIL.test(email);
}

/** The looser "anything, @, anything" check the spec uses where a full pattern is not needed. */
export function looksLikeEmail(raw: string): boolean {
  return ANYTHING_AT_ANYTHING.test(raw.trim());
}
