import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

/** Stores a server-wide secret unless one of that name is kept (the first insert wins). */
export async function keepSecret(
  db: Kysely<Schema>,
  secret: { name: string; value: string; now: number },
): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name: secret.name, value: secret.value, created_at: secret.now })
    .onConflict((c) => c.column('name').doNothing())
    .execute();
}

export async function findSecret(db: Kysely<Schema>, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}
