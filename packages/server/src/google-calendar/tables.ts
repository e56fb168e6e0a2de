/** Rows of Google Calendar sync. Instants int8 ms, booleans 0/1. */

/** A user's Google grant and the sync's state (one per user). */
export interface GoogleCalendarGrantRow {
  user_id: string;
  /** The refresh token, sealed with the server's SecretBox: never answered, never logged. */
  refresh_token_sealed: string;
  /** Sync on (the master switch of the options). */
  sync_enabled: number;
  /** Google refused the grant (invalid_grant, or 401 after a refresh): nothing runs until a new Prepare. */
  token_expired: number;
  /** The last sync that finished (0: never). */
  synced_at: number;
  /** Failed syncs in a row, and when the job may try again (backed off). */
  failures: number;
  retry_at: number;
  created_at: number;
  updated_at: number;
}

/** One calendar of the account as the options list it, with its incremental sync state. */
export interface GoogleCalendarEntryRow {
  user_id: string;
  calendar_id: string;
  title: string;
  color: string;
  is_primary: number;
  /** The calendarList's order. */
  position: number;
  sync_enabled: number;
  /** '' means the user's first category. */
  category_id: string;
  /** Google's nextSyncToken of the last listing ('' before the first full sync). */
  sync_token: string;
  /** When the last full listing ran: the horizon slides with a daily full listing. */
  full_synced_at: number;
}

export interface GoogleCalendarTables {
  google_calendar_grants: GoogleCalendarGrantRow;
  google_calendar_entries: GoogleCalendarEntryRow;
}
