import type { Kysely } from 'kysely';

/** CalDAV accounts (issue 17): server, user, encrypted app password, calendars and published blocks. Same DDL on SQLite and PostgreSQL. */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // Filled in by the part that owns these tables.
}
