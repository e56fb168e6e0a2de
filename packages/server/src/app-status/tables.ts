/** Rows of the app-status domain. Booleans 0/1, instants int8 ms. */
// Type aliases, not interfaces: Kysely's withTables needs their implicit index signature.
type AppPresenceRow = {
  user_id: string;
  session_id: string;
  /** 1 while the session's app says it is shown; 0 once it said it is hidden. */
  is_shown: number;
  /** When it last said so (shown: its last sign of life). */
  changed_at: number;
};

export type FrontendLogRow = {
  user_id: string;
  log_id: string;
  created_at: number;
  level: string;
  message: string;
  stack: string;
  device_type: string;
  app_version: string;
  native_version: string;
  view: string;
};

export type AppStatusTables = {
  app_presence: AppPresenceRow;
  frontend_logs: FrontendLogRow;
};
