import type { Kysely } from 'kysely';

/** Devices that receive pushes and the notifications sent (issue 18). Same DDL on SQLite and PostgreSQL. */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // Filled in by the part that owns these tables.
}
