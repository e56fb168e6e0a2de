import type { Plain, UserOptions } from '@planner/protocol';

/** The user's settings, with the spec's field names (stored as JSON). */
export type StoredUserOptions = Plain<UserOptions>;

export interface Account {
  id: string;
  email: string;
  name: string;
  hasPassword: boolean;
  createdAt: number;
  premiumLevel: number;
  emailVerified: boolean;
  debugEnabled: boolean;
  referralCode: string;
  options: StoredUserOptions;
}

/** What sign-in needs to know about an e-mail address. */
export interface Credentials {
  userId: string;
  passwordHash: string;
}

export interface SessionRecord {
  id: string;
  createdAt: number;
  ip: string;
  region: string;
  device: string;
  lastActiveTime: number;
}

export interface PasswordReset {
  userId: string;
  expiresAt: number;
  usedAt: number;
}
