import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema';
import type { SignInTicketRow, SocialIdentityRow } from './tables';

type Db = Kysely<Schema>;
type Reader = Pick<Kysely<Schema>, 'selectFrom'>;

export type SocialProvider = 'google' | 'facebook';

/** What a provider told us about a person at sign-in. */
export interface SocialProfile {
  provider: SocialProvider;
  subject: string;
  name: string;
  avatarUrl: string;
  coverUrl: string;
  /** Normalised; '' when the provider gave none. */
  email: string;
  /** The provider vouches that the person owns the address. */
  emailVerified: boolean;
}

export interface PhoneNumber {
  countryCallingCode: string;
  phoneNumber: string;
  /** '+' country code and national number. */
  e164: string;
}

export interface OAuthFlow {
  provider: SocialProvider;
  clientState: string;
  codeVerifier: string;
  nonce: string;
  bindingHash: string;
  /** Set when a shell app started the flow: its PKCE challenge; '' for the browser popup. */
  appChallenge: string;
  expiresAt: number;
}

function toProfile(
  row: Selectable<SignInTicketRow> | Selectable<SocialIdentityRow>,
): SocialProfile {
  return {
    provider: row.provider as SocialProvider,
    subject: row.subject,
    name: row.name,
    avatarUrl: row.avatar_url,
    coverUrl: row.cover_url,
    email: row.email,
    emailVerified: 'email_verified' in row ? row.email_verified === 1 : false,
  };
}

// ---- Popup flows -------------------------------------------------------------------------

export async function insertFlow(db: Db, stateHash: string, flow: OAuthFlow): Promise<void> {
  await db
    .insertInto('oauth_flows')
    .values({
      state_hash: stateHash,
      provider: flow.provider,
      client_state: flow.clientState,
      code_verifier: flow.codeVerifier,
      nonce: flow.nonce,
      binding_hash: flow.bindingHash,
      app_challenge: flow.appChallenge,
      expires_at: flow.expiresAt,
    })
    .execute();
}

/** Deletes the flow and answers it (single use, race-safe: only one caller gets the row). */
export async function takeFlow(
  db: Db,
  provider: SocialProvider,
  stateHash: string,
): Promise<OAuthFlow | undefined> {
  const row = await db
    .deleteFrom('oauth_flows')
    .where('state_hash', '=', stateHash)
    .where('provider', '=', provider)
    .returningAll()
    .executeTakeFirst();
  return row
    ? {
        provider,
        clientState: row.client_state,
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
        bindingHash: row.binding_hash,
        appChallenge: row.app_challenge,
        expiresAt: row.expires_at,
      }
    : undefined;
}

/** Flows and tickets nobody finished: removed when new ones are made. */
export async function deleteExpired(db: Db, now: number): Promise<void> {
  await db.deleteFrom('oauth_flows').where('expires_at', '<=', now).execute();
  await db.deleteFrom('sign_in_tickets').where('expires_at', '<=', now).execute();
}

// ---- Sign-in tickets ---------------------------------------------------------------------

/** `appChallenge`: the shell app's, when it started the flow (the ticket waits for the exchange). */
export async function insertTicket(
  db: Db,
  ticketHash: string,
  profile: SocialProfile,
  expiresAt: number,
  appChallenge = '',
): Promise<void> {
  await db
    .insertInto('sign_in_tickets')
    .values({
      ticket_hash: ticketHash,
      provider: profile.provider,
      subject: profile.subject,
      name: profile.name,
      avatar_url: profile.avatarUrl,
      cover_url: profile.coverUrl,
      email: profile.email,
      email_verified: profile.emailVerified ? 1 : 0,
      app_challenge: appChallenge,
      expires_at: expiresAt,
      used_at: 0,
    })
    .execute();
}

/** Marks the ticket used unless it was, has expired or is another provider's; answers it. */
export async function spendTicket(
  db: Db,
  provider: SocialProvider,
  ticketHash: string,
  now: number,
): Promise<SocialProfile | undefined> {
  const row = await db
    .updateTable('sign_in_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', ticketHash)
    .where('provider', '=', provider)
    .where('app_challenge', '=', '')
    .where('used_at', '=', 0)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row ? toProfile(row) : undefined;
}

/**
 * The shell app's exchange: the ticket its challenge holds is re-keyed to `newTicketHash` and
 * opens sessions from then on. One statement, so a code is exchanged at most once; false when
 * the code is unknown, spent, expired or the challenge is not this one.
 */
export async function exchangeAppTicket(
  db: Db,
  codeHash: string,
  appChallenge: string,
  newTicketHash: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .updateTable('sign_in_tickets')
    .set({ ticket_hash: newTicketHash, app_challenge: '' })
    .where('ticket_hash', '=', codeHash)
    .where('app_challenge', '=', appChallenge)
    .where('app_challenge', '<>', '')
    .where('used_at', '=', 0)
    .where('expires_at', '>', now)
    .returning('ticket_hash')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Identities --------------------------------------------------------------------------

export async function findIdentityOwner(
  db: Reader,
  provider: SocialProvider,
  subject: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('social_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Connects (or re-connects, with fresh name and pictures) the user's identity at a provider. */
export async function upsertIdentity(
  db: Db,
  userId: string,
  profile: SocialProfile,
  now: number,
): Promise<void> {
  const fields = {
    subject: profile.subject,
    name: profile.name,
    avatar_url: profile.avatarUrl,
    cover_url: profile.coverUrl,
    email: profile.email,
    updated_at: now,
  };
  await db
    .insertInto('social_identities')
    .values({ user_id: userId, provider: profile.provider, created_at: now, ...fields })
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doUpdateSet(fields))
    .execute();
}

export async function listIdentities(db: Reader, userId: string): Promise<SocialProfile[]> {
  const rows = await db
    .selectFrom('social_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  return rows.map(toProfile);
}

// ---- Phones and codes --------------------------------------------------------------------

export async function findPhoneOwner(db: Reader, phone: PhoneNumber): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_phones')
    .select('user_id')
    .where('country_calling_code', '=', phone.countryCallingCode)
    .where('phone_number', '=', phone.phoneNumber)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertPhone(
  db: Db,
  userId: string,
  phone: PhoneNumber,
  now: number,
): Promise<void> {
  await db
    .insertInto('user_phones')
    .values({
      user_id: userId,
      country_calling_code: phone.countryCallingCode,
      phone_number: phone.phoneNumber,
      created_at: now,
    })
    .execute();
}

export async function findPhone(db: Reader, userId: string): Promise<PhoneNumber | undefined> {
  const row = await db
    .selectFrom('user_phones')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        countryCallingCode: row.country_calling_code,
        phoneNumber: row.phone_number,
        e164: `+${row.country_calling_code}${row.phone_number}`,
      }
    : undefined;
}

/** Stores the number's new code for one requester; that requester's earlier code stops working. */
export async function replaceSmsCode(
  db: Db,
  phone: string,
  requester: string,
  code: { hash: string; purpose: string; createdAt: number; expiresAt: number },
): Promise<void> {
  const fields = {
    code_hash: code.hash,
    purpose: code.purpose,
    created_at: code.createdAt,
    expires_at: code.expiresAt,
    used_at: 0,
  };
  await db
    .insertInto('sms_codes')
    .values({ phone, requester, ...fields })
    .onConflict((oc) => oc.columns(['phone', 'requester']).doUpdateSet(fields))
    .execute();
}

/** The hashes of the number's live, unused codes (whoever asked for them). */
export async function liveSmsCodes(db: Reader, phone: string, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sms_codes')
    .select('code_hash')
    .where('phone', '=', phone)
    .where('used_at', '=', 0)
    .where('expires_at', '>', now)
    .execute();
  return rows.map((r) => r.code_hash);
}

/** Marks the number's code used if it is this one, unused and live; answers whether it was. */
export async function spendSmsCode(
  db: Db,
  phone: string,
  codeHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('phone', '=', phone)
    .where('code_hash', '=', codeHash)
    .where('used_at', '=', 0)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}
