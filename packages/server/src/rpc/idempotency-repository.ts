import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

type Db = Kysely<Schema>;

/** Forgets the user's keys made before `before`. */
export async function forgetOldCalls(db: Db, userId: string, before: number): Promise<void> {
  await db
    .deleteFrom('idempotent_calls')
    .where('user_id', '=', userId)
    .where('created_at', '<', before)
    .execute();
}

/**
 * Claims a key for a method (a concurrent claim of the same key waits on this one's
 * transaction); false when it was claimed before.
 */
export async function claimCall(
  db: Db,
  call: { userId: string; key: string; method: string; now: number },
): Promise<boolean> {
  const claimed = await db
    .insertInto('idempotent_calls')
    .values({
      user_id: call.userId,
      call_key: call.key,
      method: call.method,
      answer: '',
      created_at: call.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'call_key']).doNothing())
    .returning('call_key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The method and stored answer (base64 of the binary message) of a claimed key. */
export async function claimedCall(
  db: Db,
  userId: string,
  key: string,
): Promise<{ method: string; answer: string }> {
  return db
    .selectFrom('idempotent_calls')
    .select(['method', 'answer'])
    .where('user_id', '=', userId)
    .where('call_key', '=', key)
    .executeTakeFirstOrThrow();
}

export async function storeAnswer(
  db: Db,
  userId: string,
  key: string,
  answer: string,
): Promise<void> {
  await db
    .updateTable('idempotent_calls')
    .set({ answer })
    .where('user_id', '=', userId)
    .where('call_key', '=', key)
    .execute();
}
