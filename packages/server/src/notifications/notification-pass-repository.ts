import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

type Db = Kysely<Schema>;

/** Puts the key in the user's sent-log; false when it was there (claimed before). */
export async function insertSent(
  db: Db,
  userId: string,
  sent: { key: string; fireAt: number; sentAt: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('notifications_sent')
    .values({ user_id: userId, key: sent.key, fire_at: sent.fireAt, sent_at: sent.sentAt })
    .onConflict((c) => c.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Stores a single-use action token (hashed) for a block, good until the block ends. */
export async function insertActionToken(
  db: Db,
  userId: string,
  action: { tokenHash: string; blockId: string; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('notification_actions')
    .values({
      user_id: userId,
      token_hash: action.tokenHash,
      block_id: action.blockId,
      expires_at: action.expiresAt,
      used_at: 0,
    })
    .execute();
}

/** Forgets sent-log entries and action tokens older than `before`. */
export async function deleteOldNotifications(db: Db, before: number): Promise<void> {
  await db.deleteFrom('notifications_sent').where('sent_at', '<', before).execute();
  await db.deleteFrom('notification_actions').where('expires_at', '<', before).execute();
}

/** Every user with a registered device. */
export async function usersWithDevices(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('devices').select('user_id').distinct().execute();
  return rows.map((row) => row.user_id);
}

/**
 * Spends an unused, unexpired action token in one statement (of two clicks racing, one takes
 * it): answers whose it was, or undefined.
 */
export async function spendActionToken(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<{ userId: string } | undefined> {
  const used = await db
    .updateTable('notification_actions')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', '=', 0)
    .where('expires_at', '>', now)
    .returning(['user_id'])
    .executeTakeFirst();
  return used && { userId: used.user_id };
}
