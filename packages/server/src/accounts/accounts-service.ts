import {
  HOUR_MS,
  isPasswordStrongEnough,
  isValidEmail,
  isValidTimeZone,
  localeFromOption,
  type Locale,
  normalizeEmail,
  validateLogIn,
  validateSignUp,
} from '@planner/core';
import { ErrorMessage } from '@planner/protocol';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { conflict, invalid, sessionInvalid } from '../rpc/errors';
import type { Account, Credentials, SessionRecord } from './account';
import type { PhoneCodeGuesses } from '../social-sign-in/code-guesses';
import * as social from '../social-sign-in/social-sign-in';
import * as repo from './accounts-repository';
import { defaultUserOptions, localeOptionFor } from './accounts-presenter';
import { describeDevice } from './device';
import { hashPassword, hashToken, newId, newToken, verifyPassword } from '../secrets';
import { newReferralCode } from '../tiers/referrals';

type Db = Kysely<Schema>;
/** What a method's pre-transaction step may use: lookups only. */
type Reader = Pick<Kysely<Schema>, 'selectFrom'>;

/** Where a call comes from: recorded on the session it opens. */
export interface ClientInfo {
  ip: string;
  region: string;
  userAgent: string;
  timezone: string;
}

/** Told to every domain that seeds data for a new account (timeline state, categories). */
interface UserCreated {
  userId: string;
  now: number;
  /**
   * The language the account starts in: the locale chosen at sign-up, or for an automatic one
   * ('local') the device's (default category names are written in it).
   */
  locale: Locale;
  autoExtend: boolean;
  isPaused: boolean;
}

export type UserCreatedHook = (db: Db, event: UserCreated) => Promise<void>;

/** The sign-up choices beyond e-mail and password. */
export interface SignUpOptions {
  autoExtend?: boolean | undefined;
  isPaused?: boolean | undefined;
  locale: string;
  /** The device's language, which an automatic locale follows ('' when unknown: English). */
  deviceLocale?: string | undefined;
}

/** The last-active time is written at most this often, so reads stay reads. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;
const PASSWORD_RESET_TTL_MS = HOUR_MS;
/** A session not used for this long is over: a lost or forgotten device stops being a way in. */
export const SESSION_IDLE_LIMIT_MS = 90 * 24 * HOUR_MS;
/** Longer passwords are refused before hashing (argon2 of megabytes is a cheap DoS). */
const PASSWORD_MAX_LENGTH = 1024;

async function openSession(
  db: Db,
  userId: string,
  client: ClientInfo,
  now: number,
): Promise<string> {
  const token = newToken();
  const session: SessionRecord = {
    id: newId(),
    createdAt: now,
    ip: client.ip,
    region: client.region,
    device: describeDevice(client.userAgent),
    lastActiveTime: now,
  };
  await repo.insertSession(db, userId, session, hashToken(token));
  return token;
}

/** A sign-up's slow part, done before its transaction: checked input and the password's hash. */
export interface PreparedSignUp {
  email: string;
  passwordHash: string;
}

/**
 * Validates a sign-up and hashes its password, outside the transaction. A taken e-mail is
 * refused before hashing; signUp checks again (the unique index is the final guard).
 */
export async function prepareSignUp(
  db: Reader,
  request: { email: string; password: string },
): Promise<PreparedSignUp> {
  const problem = validateSignUp({ email: request.email, password: request.password });
  if (problem) throw invalid(problem);
  if (request.password.length > PASSWORD_MAX_LENGTH) throw invalid('invalid.enterPassword');
  const email = normalizeEmail(request.email);
  if (await repo.findCredentials(db, email)) throw conflict(ErrorMessage.emailTaken);
  return { email, passwordHash: await hashPassword(request.password) };
}

/** Creates the account and its first session; answers the auth token. */
export async function signUp(
  db: Db,
  hooks: readonly UserCreatedHook[],
  prepared: PreparedSignUp,
  request: SignUpOptions,
  client: ClientInfo,
  now: number,
): Promise<string> {
  const fields = { ...prepared, name: '', emailVerified: false };
  return (await createAccount(db, hooks, fields, request, client, now)).token;
}

/** A new account's own fields; an e-mail of '' is an account without one (phone, social). */
interface NewAccount extends PreparedSignUp {
  name: string;
  emailVerified: boolean;
}

async function createAccount(
  db: Db,
  hooks: readonly UserCreatedHook[],
  fields: NewAccount,
  request: SignUpOptions,
  client: ClientInfo,
  now: number,
): Promise<{ userId: string; token: string }> {
  const locale = localeOptionFor(request.locale);
  const language = localeFromOption(locale, request.deviceLocale ?? '');
  const account: Account = {
    id: newId(),
    email: fields.email,
    name: fields.name,
    hasPassword: fields.passwordHash !== '',
    createdAt: now,
    premiumLevel: 0,
    emailVerified: fields.emailVerified,
    debugEnabled: false,
    referralCode: await newReferralCode(db),
    options: defaultUserOptions(locale, client.timezone, language),
  };
  const inserted = await repo.insertUser(db, account, fields.passwordHash);
  if (!inserted) throw conflict(ErrorMessage.emailTaken);
  const event: UserCreated = {
    userId: account.id,
    now,
    locale: language,
    autoExtend: request.autoExtend ?? true,
    isPaused: request.isPaused ?? false,
  };
  for (const hook of hooks) await hook(db, event);
  return { userId: account.id, token: await openSession(db, account.id, client, now) };
}

/** The credentials besides e-mail and password: a sign-in popup's ticket, or phone and code. */
export interface OtherCredential {
  googleToken: string;
  facebookToken: string;
  countryCallingCode: string;
  phoneNumber: string;
  verifyCode: string;
}

export function hasOtherCredential(input: OtherCredential): boolean {
  return Boolean(input.googleToken || input.facebookToken || input.phoneNumber);
}

/**
 * Signs in with a Google or Facebook ticket or a phone code (CreateUser and CreateSession
 * alike): a known person gets a session, a new one a new account. A new social sign-in whose
 * e-mail already has an account is refused, never joined to it: its owner logs in and
 * connects the provider (docs/social-and-phone-sign-in.md).
 */
export async function signInWithOtherCredential(
  db: Db,
  hooks: readonly UserCreatedHook[],
  phoneCodeGuesses: PhoneCodeGuesses,
  input: OtherCredential,
  request: SignUpOptions,
  client: ClientInfo,
  now: number,
): Promise<string> {
  const provider = input.googleToken ? 'google' : input.facebookToken ? 'facebook' : undefined;
  if (provider) {
    const ticket = provider === 'google' ? input.googleToken : input.facebookToken;
    const profile = await social.redeemTicket(db, provider, ticket);
    const owner = await social.identityOwner(db, profile);
    if (owner) {
      await social.connectIdentity(db, owner, profile, now);
      return signInKnown(db, owner, client, now);
    }
    if (profile.email && (await repo.findCredentials(db, profile.email))) {
      throw conflict(social.SocialMessage.emailHasAccount);
    }
    const email = profile.emailVerified ? profile.email : '';
    const fields = { email, passwordHash: '', name: profile.name, emailVerified: email !== '' };
    const created = await createAccount(db, hooks, fields, request, client, now);
    await social.connectIdentity(db, created.userId, profile, now);
    return created.token;
  }
  const phone = social.normalizePhone(input.countryCallingCode, input.phoneNumber);
  await social.spendSignInCode(db, phoneCodeGuesses, phone, input.verifyCode, now);
  const owner = await social.phoneOwner(db, phone);
  if (owner) return signInKnown(db, owner, client, now);
  const fields = { email: '', passwordHash: '', name: '', emailVerified: false };
  const created = await createAccount(db, hooks, fields, request, client, now);
  await social.addPhone(db, created.userId, phone, now);
  return created.token;
}

async function signInKnown(db: Db, userId: string, client: ClientInfo, now: number) {
  const token = await openSession(db, userId, client, now);
  await adoptDeviceTimeZone(db, userId, client.timezone);
  return token;
}

/**
 * Checks e-mail and password, outside the transaction. Unknown e-mail and wrong password fail
 * identically (same error, same work: an unknown e-mail is verified against a decoy hash).
 */
export async function checkCredentials(
  db: Reader,
  request: { email: string; password: string },
): Promise<Credentials> {
  const problem = validateLogIn(request);
  if (problem) throw invalid(problem);
  const credentials =
    request.password.length > PASSWORD_MAX_LENGTH
      ? undefined
      : await repo.findCredentials(db, normalizeEmail(request.email));
  const matches = await verifyPassword(
    credentials?.passwordHash,
    request.password.slice(0, PASSWORD_MAX_LENGTH),
  );
  if (!credentials || !matches) throw invalid(ErrorMessage.wrongCredentials);
  return credentials;
}

/**
 * Opens a session for credentials checkCredentials accepted, unless the password changed (or
 * the account went) since; then adopts the device's zone if the stored one is unusable.
 */
export async function signIn(
  db: Db,
  email: string,
  checked: Credentials,
  client: ClientInfo,
  now: number,
): Promise<string> {
  const current = await repo.findCredentials(db, normalizeEmail(email));
  if (current?.userId !== checked.userId || current.passwordHash !== checked.passwordHash) {
    throw invalid(ErrorMessage.wrongCredentials);
  }
  const token = await openSession(db, checked.userId, client, now);
  await adoptDeviceTimeZone(db, checked.userId, client.timezone);
  return token;
}

/** Spec (accounts, 4): on login the zone is set to the device's if missing, invalid or 'undefined'. */
async function adoptDeviceTimeZone(db: Db, userId: string, deviceZone: string): Promise<void> {
  if (!isValidTimeZone(deviceZone)) return;
  const stored = (await repo.findAccount(db, userId, defaultUserOptions()))?.options.timezone;
  // isValidTimeZone refuses '' and 'undefined'; the type check covers a hand-edited JSON.
  if (typeof stored === 'string' && isValidTimeZone(stored)) return;
  await repo.patchOptions(db, userId, { timezone: deviceZone });
}

/** The live session of a token, refreshing its last-active time at most once a minute. */
export async function authenticate(
  db: Db,
  token: string,
  now: number,
): Promise<{ userId: string; sessionId: string } | undefined> {
  const session = await repo.findSessionByTokenHash(db, hashToken(token));
  if (!session) return undefined;
  if (now - session.lastActiveTime > SESSION_IDLE_LIMIT_MS) {
    await repo.deleteSession(db, session.userId, session.id);
    return undefined;
  }
  if (now - session.lastActiveTime >= SESSION_TOUCH_INTERVAL_MS) {
    await repo.touchSession(db, session.userId, session.id, now);
  }
  return { userId: session.userId, sessionId: session.id };
}

export async function getAccount(db: Db, userId: string): Promise<Account> {
  const account = await repo.findAccount(db, userId, defaultUserOptions());
  // A session whose account is gone is no session.
  if (!account) throw sessionInvalid();
  return account;
}

/** The longest name, in UTF-16 code units, after trimming (the account screen says so too). */
const NAME_MAX_LENGTH = 100;

/** A longer name is refused, never cut: a cut name is one the person did not write. */
export async function rename(db: Db, userId: string, name: string): Promise<void> {
  const trimmed = name.trim();
  if (trimmed.length > NAME_MAX_LENGTH) throw invalid('invalid.nameTooLong');
  await repo.updateName(db, userId, trimmed);
}

/** The sessions that still sign in (an expired one is deleted when next presented). */
export async function listSessions(db: Db, userId: string, now: number): Promise<SessionRecord[]> {
  const sessions = await repo.listSessions(db, userId);
  return sessions.filter((s) => now - s.lastActiveTime <= SESSION_IDLE_LIMIT_MS);
}

/**
 * Revokes one of the user's sessions; another user's id is silently nothing. Answers whether a
 * session ended (its open streams are then closed).
 */
export function revokeSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  return repo.deleteSession(db, userId, sessionId);
}

/** Whether the session exists (an open stream checks this when the user's sessions change). */
export function isSessionLive(db: Reader, userId: string, sessionId: string): Promise<boolean> {
  return repo.sessionExists(db, userId, sessionId);
}

/** A reset link to mail, and the account's locale option (the mail's language). */
interface ResetToSend {
  to: string;
  token: string;
  localeOption: string;
}

/**
 * Sends a single-use reset link when the address has an account. The answer is the same
 * either way; the mail goes out only after the transaction commits.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  now: number,
  send: (mail: ResetToSend) => void,
): Promise<void> {
  if (!isValidEmail(email)) throw invalid('invalid.enterEmail');
  const normalized = normalizeEmail(email);
  const credentials = await repo.findCredentials(db, normalized);
  if (!credentials) return;
  const account = await repo.findAccount(db, credentials.userId, defaultUserOptions());
  const token = newToken();
  await repo.insertPasswordReset(
    db,
    credentials.userId,
    hashToken(token),
    now,
    now + PASSWORD_RESET_TTL_MS,
  );
  send({ to: normalized, token, localeOption: account?.options.locale ?? '' });
}

/** A password reset's slow part, done before its transaction. */
export interface PreparedPasswordReset {
  userId: string;
  tokenHash: string;
  passwordHash: string;
}

/**
 * Checks the reset token, then the new password's strength, then hashes it. An empty password
 * is how the reset page checks its link as it opens: a live link answers invalid.enterPassword,
 * a dead one invalid.resetLinkInvalid, and neither spends anything (the token is 256 random bits,
 * so this tells a guesser nothing, and the method's per-IP limit counts it like a reset).
 */
export async function preparePasswordReset(
  db: Reader,
  request: { token: string; password: string },
  now: number,
): Promise<PreparedPasswordReset> {
  const tokenHash = hashToken(request.token);
  const reset = request.token ? await repo.findPasswordReset(db, tokenHash) : undefined;
  if (!reset || reset.usedAt !== 0 || reset.expiresAt <= now) {
    throw invalid(ErrorMessage.resetLinkInvalid);
  }
  if (request.password === '') throw invalid('invalid.enterPassword');
  // Checked before the token is spent, so a weak attempt does not burn the link.
  if (!isPasswordStrongEnough(request.password) || request.password.length > PASSWORD_MAX_LENGTH) {
    throw invalid('invalid.passwordTooWeak');
  }
  return { userId: reset.userId, tokenHash, passwordHash: await hashPassword(request.password) };
}

/**
 * Spends the reset token and every other unused link of the account (an older link must not
 * undo the new password), sets the new password and ends every session of the account.
 */
export async function resetPassword(
  db: Db,
  prepared: PreparedPasswordReset,
  now: number,
): Promise<void> {
  // Single use and expiry are checked again here: the token may have been spent meanwhile.
  if (!(await repo.consumePasswordReset(db, prepared.userId, prepared.tokenHash, now))) {
    throw invalid(ErrorMessage.resetLinkInvalid);
  }
  await repo.spendPasswordResets(db, prepared.userId, now);
  await repo.updatePasswordHash(db, prepared.userId, prepared.passwordHash);
  await repo.deleteSessionsExcept(db, prepared.userId, '');
}
