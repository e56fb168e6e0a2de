import type { Kysely } from 'kysely';

/** The ICS feed's secret per user and the Apple calendar bind (issue 17, 19). Same DDL on SQLite and PostgreSQL. */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // Filled in by the part that owns these tables.
}
