import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

/**
 * Stores the VAPID key pair unless one is kept already (two processes starting together: the
 * first insert wins), then answers the kept pair.
 */
export async function keepPushKeys(
  db: Kysely<Schema>,
  made: { publicKey: string; privateKey: string },
  now: number,
): Promise<{ publicKey: string; privateKey: string }> {
  await db
    .insertInto('push_keys')
    .values({
      name: 'vapid',
      public_key: made.publicKey,
      private_key: made.privateKey,
      created_at: now,
    })
    .onConflict((c) => c.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('push_keys')
    .select(['public_key', 'private_key'])
    .where('name', '=', 'vapid')
    .executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}
