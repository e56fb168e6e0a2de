import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';

/** One round trip that proves the database answers. */
export async function pingDatabase(db: Kysely<Schema>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** How many of `names` (this code's migrations) the database has run (one round trip). */
export async function countAppliedMigrations(
  db: Kysely<Schema>,
  names: readonly string[],
): Promise<number> {
  const { rows } = await sql<{ count: string | number }>`
    select count(*) as count from kysely_migration where name in (${sql.join([...names])})
  `.execute(db);
  return Number(rows[0]?.count ?? 0);
}
