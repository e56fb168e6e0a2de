import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import type { Schema } from '../db/schema';

type Db = Kysely<Schema>;

export interface SlotClaim {
  userId: string;
  streamId: string;
  nodeId: string;
  now: number;
  expiresAt: number;
  maxPerUser: number;
}

/** Takes a slot unless the user holds `maxPerUser` live ones; false when at the cap. */
export async function claimSlot(db: Db, dialect: DialectName, claim: SlotClaim): Promise<boolean> {
  const { userId } = claim;
  return db.transaction().execute(async (trx) => {
    // Two nodes claiming for one user at once take turns on the user's row (SQLite runs
    // one writer at a time anyway).
    if (dialect === 'postgres') {
      await sql`select 1 from users where user_id = ${userId} for update`.execute(trx);
    }
    await trx
      .deleteFrom('stream_slots')
      .where('user_id', '=', userId)
      .where('expires_at', '<=', claim.now)
      .execute();
    const { count } = await trx
      .selectFrom('stream_slots')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= claim.maxPerUser) return false;
    await trx
      .insertInto('stream_slots')
      .values({
        user_id: userId,
        stream_id: claim.streamId,
        node_id: claim.nodeId,
        expires_at: claim.expiresAt,
      })
      .execute();
    return true;
  });
}

export async function deleteSlot(db: Db, userId: string, streamId: string): Promise<void> {
  await db
    .deleteFrom('stream_slots')
    .where('user_id', '=', userId)
    .where('stream_id', '=', streamId)
    .execute();
}

export async function renewNodeSlots(db: Db, nodeId: string, expiresAt: number): Promise<void> {
  await db
    .updateTable('stream_slots')
    .set({ expires_at: expiresAt })
    .where('node_id', '=', nodeId)
    .execute();
}

export async function deleteNodeSlots(db: Db, nodeId: string): Promise<void> {
  await db.deleteFrom('stream_slots').where('node_id', '=', nodeId).execute();
}
