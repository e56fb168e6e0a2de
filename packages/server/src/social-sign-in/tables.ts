/** Rows of social and phone sign-in. Instants int8 ms, booleans 0/1. */

/** A Google or Facebook account connected to one of ours. */
export interface SocialIdentityRow {
  user_id: string;
  /** 'google' or 'facebook'. */
  provider: string;
  /** The provider's stable id of the person (OpenID `sub`, Facebook's app-scoped id). */
  subject: string;
  name: string;
  avatar_url: string;
  cover_url: string;
  /** The address the provider gave (normalised); '' when it gave none. */
  email: string;
  created_at: number;
  updated_at: number;
}

/** The phone number an account signs in with (one per account). */
interface UserPhoneRow {
  user_id: string;
  /** Digits without '+', e.g. '49'. */
  country_calling_code: string;
  /** The national number, digits only. */
  phone_number: string;
  created_at: number;
}

/** A sign-in popup between its start and its callback: the checks the callback needs. */
interface OAuthFlowRow {
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  provider: string;
  /** The web app's own state, echoed in the message to the opener. */
  client_state: string;
  code_verifier: string;
  nonce: string;
  /** SHA-256 of the random value in the popup's cookie: the callback must come from that popup. */
  binding_hash: string;
  /** The shell app's PKCE challenge (base64url SHA-256 of its verifier); '' for the popup. */
  app_challenge: string;
  expires_at: number;
}

/** A finished popup's one-time ticket: what the provider said about the person. */
export interface SignInTicketRow {
  /** SHA-256 of the ticket handed to the web app. */
  ticket_hash: string;
  provider: string;
  subject: string;
  name: string;
  avatar_url: string;
  cover_url: string;
  email: string;
  /** Whether the provider vouches for the address (1) or not (0). */
  email_verified: number;
  /**
   * The shell app's challenge while the ticket waits for its exchange (exchangeAppTicket);
   * such a ticket opens no session. '' once exchanged, and for the popup's tickets.
   */
  app_challenge: string;
  expires_at: number;
  /** 0 while unused (single use). */
  used_at: number;
}

/** A live sign-in code of a phone number, one per requesting address (a new one replaces it). */
interface SmsCodeRow {
  /** E.164, e.g. '+4915123456789'. */
  phone: string;
  /** SHA-256 of the address that asked for it (addresses are not kept in the table). */
  requester: string;
  /** SHA-256 of the number and the code. */
  code_hash: string;
  purpose: string;
  created_at: number;
  expires_at: number;
  /** 0 while unused (single use). */
  used_at: number;
}

/**
 * A shell's flow in the system browser (Google Calendar's consent) between its start and the
 * app's exchange: keyed by the hash of the flow's state, then of the app link's one-time code.
 */
interface AppHandoffRow {
  key_hash: string;
  /** The app's PKCE challenge: only its verifier takes the payload. */
  app_challenge: string;
  /** '' until the callback; then what the app gets (JSON). */
  payload: string;
  expires_at: number;
}

export interface SocialSignInTables {
  app_handoffs: AppHandoffRow;
  social_identities: SocialIdentityRow;
  user_phones: UserPhoneRow;
  oauth_flows: OAuthFlowRow;
  sign_in_tickets: SignInTicketRow;
  sms_codes: SmsCodeRow;
}
