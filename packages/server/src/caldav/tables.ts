/** Rows of the CalDAV domain (docs/caldav.md). Booleans 0/1, instants int8 ms. */
// Type aliases, not interfaces: Kysely's withTables needs their implicit index signature.
export type CalDavAccountRow = {
  user_id: string;
  account_id: string;
  server_url: string;
  username: string;
  /** The app password sealed by SecretBox; never answered, never logged. */
  password_sealed: string;
  /** '' when the last sync worked; else a message key (calendar.wrongPassword, ...). */
  error: string;
  /** Failed syncs in a row, for the backoff. */
  failures: number;
  /** When the periodic pass syncs it next; far future while the password is wrong. */
  next_sync_at: number;
  last_synced_at: number;
  created_at: number;
  updated_at: number;
};

export type CalDavCalendarRow = {
  user_id: string;
  account_id: string;
  calendar_url: string;
  title: string;
  color: string;
  position: number;
  sync_enabled: number;
  category_id: string;
  publish: number;
  /** ctag and sync token when last read; '' when never (or the choices changed). */
  synced_version: string;
  synced_at: number;
};

export type CalDavPublishedRow = {
  user_id: string;
  account_id: string;
  uid: string;
  calendar_url: string;
  href: string;
  etag: string;
  title: string;
  start_ms: number;
  end_ms: number;
  updated_at: number;
};

export type CalDavTables = {
  caldav_accounts: CalDavAccountRow;
  caldav_calendars: CalDavCalendarRow;
  caldav_published: CalDavPublishedRow;
};
