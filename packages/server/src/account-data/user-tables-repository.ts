import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';

/** A table that holds rows of users: it has a `user_id` column. */
export interface UserTable {
  name: string;
  /** Every column, in the table's order. */
  columns: readonly string[];
}

/**
 * Columns that hold secrets (hashes of passwords, session, reset, verification and ticket
 * tokens, SMS codes): never exported, whatever table they are in. A new secret column either
 * takes one of these names or is added here; `SECRET_LIKE` makes a test fail until it is.
 */
export const SECRET_COLUMNS: ReadonlySet<string> = new Set([
  'password_hash',
  'token_hash',
  'code_hash',
  'secret_hash',
  // The ICS feed's URL secret, sealed: whoever holds the URL reads the user's calendar.
  'secret_sealed',
  // A store purchase is proven by these: whoever holds one can bind the purchase to an account.
  'google_play_purchase_token',
  'app_store_receipt',
  'purchase_key',
  // A Google refresh token, sealed: it reads the user's Google calendars.
  'refresh_token_sealed',
  // A push subscription or FCM token lets whoever holds it push to the device.
  'push_token',
  'token_digest',
  'private_key',
  // A CalDAV app password, sealed: it opens the user's calendars at their server.
  'password_sealed',
]);

/** Column names that look like a secret (`SECRET_LIKE`) but are the user's own plain data. */
export const NOT_SECRET_COLUMNS: ReadonlySet<string> = new Set([
  'referral_code',
  'country_calling_code',
  // Google's incremental listing position: useless without the user's access token.
  'sync_token',
  // Whether Google refused the user's calendar grant: a flag, no token.
  'token_expired',
  // The Apple calendar upload's content hash, as the shell computed it: no credential.
  'version_hash',
]);

/** What a secret's column name tends to contain: checked by a test over the live schema. */
export const SECRET_LIKE = /hash|token|secret|password|salt|verifier|code|cipher|private/i;

/**
 * Tables that hold no user's rows, with why. Every other table must have a `user_id` column,
 * so the export and the deletion reach it (a test lists the schema and checks this).
 */
export const GLOBAL_TABLES: Readonly<Record<string, string>> = {
  oauth_flows: 'a social sign-in under way, before there is a user; expires within minutes',
  sign_in_tickets: 'a finished social sign-in waiting to open a session; expires within minutes',
  app_handoffs:
    "a shell's Google Calendar consent waiting for the app's exchange; expires within minutes",
  sms_codes: 'a code texted to a phone number, before there is a session; expires within minutes',
  vouchers: "the operator's redeem codes; what an account redeemed is in voucher_grants",
  push_keys: "the server's Web Push (VAPID) key pair, made once",
  server_secrets: "the server's own keys (the key sealing stored credentials), made once",
  rate_limits: 'attempt counts by bucket and address or e-mail, shared by the server nodes',
};

/**
 * Tables keyed by user that hold the server's own bookkeeping about the account, not the
 * account's data: left out of the export (they mean nothing to the person, and some replay or
 * trace the server's work), still deleted with the account. A new user table is exported
 * unless it is listed here.
 */
export const INTERNAL_TABLES: Readonly<Record<string, string>> = {
  idempotent_calls: 'answers kept for 24 hours so a retried change is not applied twice',
  frontend_logs: "the app's error reports, for the operators",
  notifications_sent: 'which notifications went out, so none goes out twice',
  notification_actions: "a notification's single-use button tokens",
  stream_slots: "the live streams open now, each node's lease",
  app_presence: 'whether an app of the account is in the foreground now',
  email_verifications: 'pending e-mail confirmation links',
  password_resets: 'pending password reset links',
};

/** The user tables that go into the export: every one but INTERNAL_TABLES. */
export function exportedTables(tables: readonly UserTable[]): UserTable[] {
  return tables.filter((table) => !(table.name in INTERNAL_TABLES));
}

/**
 * Every base table of the database the connection works in (on PostgreSQL, the schema of the
 * search path), without Kysely's migration bookkeeping. Read from the database itself, so a table
 * added by a migration is never forgotten.
 */
export async function listTables<DB>(
  db: Kysely<DB>,
): Promise<{ name: string; columns: string[] }[]> {
  const kysely = db as unknown as Kysely<unknown>;
  const tables = await kysely.introspection.getTables({ withInternalKyselyTables: false });
  const schema = tables.some((table) => table.schema !== undefined)
    ? await currentSchema(kysely)
    : undefined;
  return tables
    .filter((table) => !table.isView && (schema === undefined || table.schema === schema))
    .map((table) => ({ name: table.name, columns: table.columns.map((c) => c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every table with a `user_id` column. */
export async function listUserTables<DB>(db: Kysely<DB>): Promise<UserTable[]> {
  return (await listTables(db)).filter((table) => table.columns.includes('user_id'));
}

/** PostgreSQL's current schema (SQLite has none: one database per file). */
async function currentSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** The columns of a table that may leave the server (secrets left out). */
export function exportedColumns(table: UserTable): string[] {
  return table.columns.filter((column) => !SECRET_COLUMNS.has(column));
}

/** The account's password hash and e-mail, which confirm its deletion; undefined once gone. */
export async function findAccountSecrets(
  db: Pick<Kysely<Schema>, 'selectFrom'>,
  userId: string,
): Promise<{ password_hash: string; email: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['password_hash', 'email'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** When the session signed in; undefined when it is gone. */
export async function findSessionCreatedAt(
  db: Pick<Kysely<Schema>, 'selectFrom'>,
  userId: string,
  sessionId: string,
): Promise<number | undefined> {
  const session = await db
    .selectFrom('sessions')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return session?.created_at;
}

/** Deletes every row of the user from one table with a `user_id` column. */
export async function deleteUserRowsOf(
  db: Kysely<Schema>,
  table: string,
  userId: string,
): Promise<void> {
  await sql`delete from ${sql.table(table)} where ${sql.ref('user_id')} = ${userId}`.execute(db);
}
