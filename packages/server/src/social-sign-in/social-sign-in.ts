/**
 * What the accounts domain and the methods use of social and phone sign-in: tickets redeemed,
 * identities connected, phone codes sent and spent. (docs/social-and-phone-sign-in.md)
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashToken } from '../secrets';
import { systemClock } from '../clock';
import type { Schema } from '../db/schema';
import { conflict, invalid } from '../rpc/errors';
import { normalizePhone, PhoneMessage } from './phone-numbers';
import type { PhoneCodeGuesses } from './code-guesses';
import * as repo from './social-repository';
import type { PhoneNumber, SocialProfile, SocialProvider } from './social-repository';
import type { SmsSender } from './sms-sender';

type Db = Kysely<Schema>;
type Reader = Pick<Kysely<Schema>, 'selectFrom'>;

export type { PhoneNumber, SocialProfile, SocialProvider };
export { normalizePhone };

export const SocialMessage = {
  /** The popup's ticket is unknown, used, expired or another provider's. */
  ticketInvalid: 'invalid.signInTicket',
  /** The Google or Facebook account is already connected to another of our accounts. */
  identityTaken: 'invalid.socialAccountTaken',
  /**
   * A new social sign-in whose e-mail already has an account: it is not joined silently (the
   * provider's say-so must not open someone's account); the owner logs in and connects.
   */
  emailHasAccount: 'invalid.socialEmailHasAccount',
} as const;

/** A sign-in code lives this long; a new one replaces it. */
export const SMS_CODE_TTL_MS = 10 * 60_000;
const SMS_CODE_DIGITS = 6;
const SMS_PURPOSE_SIGN_IN = 'signIn';

/**
 * Tickets are timed by the real clock, like the provider's tokens they come from (ID tokens
 * are checked against it); the server's test clock moves the plan, not the outside world.
 */
const realClock = systemClock;

/** Spends a finished popup's ticket; answers what the provider said about the person. */
export async function redeemTicket(
  db: Db,
  provider: SocialProvider,
  ticket: string,
): Promise<SocialProfile> {
  const profile = ticket
    ? await repo.spendTicket(db, provider, hashToken(ticket), realClock.now())
    : undefined;
  if (!profile) throw invalid(SocialMessage.ticketInvalid);
  return profile;
}

/** The account a provider's person signs in to, if connected. */
export function identityOwner(db: Reader, profile: SocialProfile): Promise<string | undefined> {
  return repo.findIdentityOwner(db, profile.provider, profile.subject);
}

/**
 * Connects the person to the user (SetGoogleUser, SetFacebookUser, and a social sign-up);
 * refused when another account has them. Connecting another person replaces the earlier one.
 */
export async function connectIdentity(
  db: Db,
  userId: string,
  profile: SocialProfile,
  now: number,
): Promise<void> {
  const owner = await repo.findIdentityOwner(db, profile.provider, profile.subject);
  if (owner !== undefined && owner !== userId) throw conflict(SocialMessage.identityTaken);
  await repo.upsertIdentity(db, userId, profile, now);
}

export interface LinkedSignIns {
  googleUser: { name: string; avatarUrl: string; coverUrl: string } | undefined;
  facebookUser: { name: string; avatarUrl: string; coverUrl: string } | undefined;
  countryCallingCode: string;
  phoneNumber: string;
}

/** The user's connected identities and phone, as the profile shows them. */
export async function linkedSignIns(db: Reader, userId: string): Promise<LinkedSignIns> {
  const [identities, phone] = await Promise.all([
    repo.listIdentities(db, userId),
    repo.findPhone(db, userId),
  ]);
  const shown = (provider: SocialProvider) => {
    const identity = identities.find((i) => i.provider === provider);
    return (
      identity && {
        name: identity.name,
        avatarUrl: identity.avatarUrl,
        coverUrl: identity.coverUrl,
      }
    );
  };
  return {
    googleUser: shown('google'),
    facebookUser: shown('facebook'),
    countryCallingCode: phone?.countryCallingCode ?? '',
    phoneNumber: phone?.phoneNumber ?? '',
  };
}

// ---- Phone -------------------------------------------------------------------------------

function codeHash(phone: PhoneNumber, code: string): string {
  // Six digits are quickly guessed from a hash: the hash keeps codes out of sight in the table
  // and backups; what protects them is their short life, single use and the attempt limits.
  return hashToken(`${phone.e164}:${code}`);
}

/**
 * Makes a new sign-in code for the number, asked for from `requesterIp`: it replaces only that
 * address's earlier code, so a stranger asking for codes leaves the owner's code alive. The
 * caller sends it once the call commits.
 */
export async function createSignInCode(
  db: Db,
  phone: PhoneNumber,
  purpose: string,
  requesterIp: string,
  now: number,
): Promise<string> {
  if (purpose !== SMS_PURPOSE_SIGN_IN) throw invalid(PhoneMessage.unknownPurpose);
  const code = String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
  await repo.replaceSmsCode(db, phone.e164, hashToken(requesterIp), {
    hash: codeHash(phone, code),
    purpose,
    createdAt: now,
    expiresAt: now + SMS_CODE_TTL_MS,
  });
  return code;
}

export function sendSignInCode(sender: SmsSender, phone: PhoneNumber, code: string, now: number) {
  return sender.send(
    { to: phone.e164, text: `${code} is your Planner sign-in code. It expires in 10 minutes.` },
    now,
  );
}

/**
 * Spends one of the number's live codes if `code` is it; refuses a wrong, used, expired or worn
 * out code alike. A wrong code counts against every live code of the number (`guesses`).
 */
export async function spendSignInCode(
  db: Db,
  guesses: PhoneCodeGuesses,
  phone: PhoneNumber,
  code: string,
  now: number,
): Promise<void> {
  const isWellFormed = new RegExp(`^\\d{${SMS_CODE_DIGITS}}$`).test(code);
  const hash = codeHash(phone, code);
  if (
    isWellFormed &&
    !(await guesses.isWornOut(phone.e164, hash)) &&
    (await repo.spendSmsCode(db, phone.e164, hash, now))
  ) {
    return;
  }
  const live = await repo.liveSmsCodes(db, phone.e164, now);
  await guesses.recordWrong(phone.e164, live);
  throw invalid(PhoneMessage.invalidCode);
}

export function phoneOwner(db: Reader, phone: PhoneNumber): Promise<string | undefined> {
  return repo.findPhoneOwner(db, phone);
}

export function addPhone(db: Db, userId: string, phone: PhoneNumber, now: number): Promise<void> {
  return repo.insertPhone(db, userId, phone, now);
}
