/** Rows of the accounts domain. Booleans 0/1, instants int8 ms, JSON as text. */
export interface UserRow {
  user_id: string;
  /** Normalised (trimmed, lower case); unique. */
  email: string;
  name: string;
  /** argon2id PHC string; '' when the account has no password (social sign-in). */
  password_hash: string;
  created_at: number;
  premium_level: number;
  email_verified: number;
  debug_enabled: number;
  referral_code: string;
  /** UserOptions as JSON (the spec's field names). */
  options: string;
}

export interface SessionRow {
  user_id: string;
  session_id: string;
  /** SHA-256 of the auth token (hex); the token itself is never stored. */
  token_hash: string;
  created_at: number;
  ip: string;
  region: string;
  device: string;
  last_active_time: number;
}

interface PasswordResetRow {
  user_id: string;
  /** SHA-256 of the reset token (hex). */
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** When it was used; 0 while unused (single use). */
  used_at: number;
}

/**
 * A mailed e-mail verification link (email-verification.ts), or the undo link of a change of
 * address, mailed to the address left (email-change-undo.ts).
 */
interface EmailVerificationRow {
  user_id: string;
  /** SHA-256 of the link's token (hex); an undo link's prefixed `undo:`. */
  token_hash: string;
  /** The (normalised) address the link was sent to (for an undo link, the one to put back). */
  email: string;
  created_at: number;
  expires_at: number;
  /** When it was used; 0 while unused (single use). */
  used_at: number;
}

export interface AccountsTables {
  users: UserRow;
  sessions: SessionRow;
  password_resets: PasswordResetRow;
  email_verifications: EmailVerificationRow;
}
