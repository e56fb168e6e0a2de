/**
 * Password rules shared by the sign-up screen (the strength meter) and the server (the check).
 *
 * The score estimates how many bits of guessing the password costs an attacker who tries common
 * words, repeats and sequences before random strings, then maps 0..128 bits onto 1..100:
 * - every character costs log2(pool) bits, where the pool adds up the classes present
 *   (26 lowercase, 26 uppercase, 10 digits, 33 ASCII symbols and space, 100 for anything else);
 * - a character that repeats the previous one ("aaa"), continues a run of consecutive code points
 *   ("abc", "321") or repeats a short unit ("abab", "xyzxyz") is predictable: a run of k such
 *   characters costs log2(k + 1) bits in all (the attacker only guesses how long it goes on);
 * - a common password word (COMMON_PASSWORD_WORDS, also written with look-alike digits such as
 *   "p4ssw0rd") costs 10 bits in all, however long it is.
 * Only the first 256 characters are scored. Under PASSWORD_MIN_LENGTH characters the score is 0. Roughly: 8 random lowercase letters score
 * 29 (weak), 10 lowercase letters or 8 mixed-case letters and digits pass the sign-up bar of 36,
 * and 10 characters from all four classes or 16 lowercase letters are strong (above 50).
 */
import { COMMON_PASSWORD_WORDS } from './common-passwords';
import { isValidEmail } from './email';

export const PASSWORD_MIN_LENGTH = 8;
/** Sign-up needs at least this score. */
export const PASSWORD_MIN_SCORE = 36;
/** Labels: strong above this, good above PASSWORD_MIN_SCORE, otherwise weak. */
export const PASSWORD_STRONG_SCORE = 50;

export type PasswordStrengthLabel = 'weak' | 'good' | 'strong';

/** The spec's message keys for the sign-in forms. */
export type SignInMessageKey =
  | 'invalid.enterEmail'
  | 'invalid.enterPassword'
  | 'invalid.passwordMismatch'
  | 'invalid.passwordTooWeak';

const BITS_FOR_FULL_SCORE = 128;
/** Only this many characters are scored: enough to reach 100, and long input stays cheap. */
const SCORED_LENGTH = 256;
const COMMON_WORD_BITS = 10;
const LONGEST_REPEATED_UNIT = 4;

const WORDS_LONGEST_FIRST = [...COMMON_PASSWORD_WORDS].sort((a, b) => b.length - a.length);

const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** The first `limit` code points, without splitting the whole (possibly huge) input. */
function firstCharacters(text: string, limit: number): string[] {
  const chars: string[] = [];
  for (const c of text) {
    if (chars.length === limit) break;
    chars.push(c);
  }
  return chars;
}

function characterPool(chars: readonly string[]): number {
  const has = (re: RegExp) => chars.some((c) => re.test(c));
  let pool = 0;
  if (has(/^\p{Ll}$/u)) pool += 26;
  if (has(/^\p{Lu}$/u)) pool += 26;
  if (has(/^\p{Nd}$/u)) pool += 10;
  if (has(/^[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]$/u)) pool += 33;
  if (has(/^[^\p{Ll}\p{Lu}\p{Nd}\x20-\x7e]$/u)) pool += 100;
  return pool;
}

/** Marks the characters covered by common words; returns how many words were found. */
function markCommonWords(chars: readonly string[], covered: boolean[]): number {
  const plain = chars.map((c) => c.toLowerCase());
  const undone = plain.map((c) => LOOK_ALIKES[c] ?? c);
  // '1' reads as both 'i' and 'l' ("passwordl" is not the point, "trustno1" is).
  const spellings = [plain, undone, plain.map((c) => (c === '1' ? 'l' : (LOOK_ALIKES[c] ?? c)))];
  let found = 0;
  for (const word of WORDS_LONGEST_FIRST) {
    const w = Array.from(word);
    for (let i = 0; i + w.length <= chars.length; i++) {
      if (covered.slice(i, i + w.length).some(Boolean)) continue;
      const matches = spellings.some((s) => w.every((c, k) => s[i + k] === c));
      if (!matches) continue;
      for (let k = 0; k < w.length; k++) covered[i + k] = true;
      found++;
    }
  }
  return found;
}

function isPredictable(chars: readonly string[], i: number): boolean {
  const c = chars[i];
  const prev = chars[i - 1];
  if (c === undefined || prev === undefined) return false;
  if (c === prev) return true;
  const before = chars[i - 2];
  if (before !== undefined) {
    const step = (c.codePointAt(0) ?? 0) - (prev.codePointAt(0) ?? 0);
    const prevStep = (prev.codePointAt(0) ?? 0) - (before.codePointAt(0) ?? 0);
    if (Math.abs(step) === 1 && step === prevStep) return true;
  }
  for (let unit = 2; unit <= LONGEST_REPEATED_UNIT; unit++) {
    if (i < unit + 1) break;
    if (c === chars[i - unit] && prev === chars[i - 1 - unit]) return true;
  }
  return false;
}

/** 0 under PASSWORD_MIN_LENGTH characters, else an integer 1..100 (see the module comment). */
export function passwordStrength(password: string): number {
  const chars = firstCharacters(password, SCORED_LENGTH);
  if (chars.length < PASSWORD_MIN_LENGTH) return 0;
  const bitsPerChar = Math.log2(characterPool(chars));
  const covered = chars.map(() => false);
  let bits = markCommonWords(chars, covered) * COMMON_WORD_BITS;
  let run = 0;
  chars.forEach((_, i) => {
    if (covered[i] || !isPredictable(chars, i)) {
      run = 0;
      if (!covered[i]) bits += bitsPerChar;
      return;
    }
    // A run of k predictable characters costs log2(k + 1) bits: guessing its length.
    run++;
    bits += Math.log2(run + 1) - Math.log2(run);
  });
  const score = Math.round((bits * 100) / BITS_FOR_FULL_SCORE);
  return Math.min(100, Math.max(1, score));
}

export function passwordStrengthLabel(score: number): PasswordStrengthLabel {
  if (score > PASSWORD_STRONG_SCORE) return 'strong';
  if (score > PASSWORD_MIN_SCORE) return 'good';
  return 'weak';
}

/** True when the password may be used for a new account or a password change. */
export function isPasswordStrongEnough(password: string): boolean {
  return passwordStrength(password) >= PASSWORD_MIN_SCORE;
}

/**
 * The first problem with a sign-up form, or null. The server has no confirmation field:
 * leave `confirmPassword` out there and the mismatch check is skipped.
 */
export function validateSignUp(form: {
  email: string;
  password: string;
  confirmPassword?: string;
}): SignInMessageKey | null {
  if (!isValidEmail(form.email)) return 'invalid.enterEmail';
  if (form.password.length === 0) return 'invalid.enterPassword';
  if (form.confirmPassword !== undefined && form.confirmPassword !== form.password) {
    return 'invalid.passwordMismatch';
  }
  if (!isPasswordStrongEnough(form.password)) return 'invalid.passwordTooWeak';
  return null;
}

/** The first problem with a log-in form, or null: both fields are required. */
export function validateLogIn(form: { email: string; password: string }): SignInMessageKey | null {
  if (form.email.trim().length === 0) return 'invalid.enterEmail';
  if (form.password.length === 0) return 'invalid.enterPassword';
  return null;
}
