import type { Kysely } from 'kysely';

/** Google Calendar sync (issue 17): the grant and the chosen calendars per user. Same DDL on SQLite and PostgreSQL. */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // Filled in by the part that owns these tables.
}
