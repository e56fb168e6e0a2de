import { readItem, removeItem, writeItem } from '../storage/local-storage';

// The address a reset link was last asked for on this device. The link opens in a new tab (or
// the mail app's browser) and carries only its token, so this is how the log-in form after the
// reset, and a new request from a dead link, can start with the address. Signing out clears it
// with the person's other keys.
const RESET_EMAIL_KEY = 'login.resetEmail';

export function rememberResetEmail(email: string): void {
  writeItem(RESET_EMAIL_KEY, email);
}

/** The remembered address, or '' when this device asked for no link. */
export function readResetEmail(): string {
  return readItem(RESET_EMAIL_KEY) ?? '';
}

/** The remembered address, forgotten once read (the reset it was for is done). */
export function takeResetEmail(): string {
  const email = readResetEmail();
  removeItem(RESET_EMAIL_KEY);
  return email;
}
