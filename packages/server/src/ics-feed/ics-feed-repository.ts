import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { IcsFeedTables } from './tables';

type Db = Kysely<Schema>;

function feeds(db: Db) {
  return db.withTables<IcsFeedTables>();
}

/** The user's sealed feed secret; undefined when there is none. */
export async function findSealedSecret(db: Db, userId: string): Promise<string | undefined> {
  const row = await feeds(db)
    .selectFrom('ics_feeds')
    .select('secret_sealed')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.secret_sealed;
}

/** Stores the user's feed secret (its hash and sealed copy), replacing any earlier one. */
export async function saveFeedSecret(
  db: Db,
  row: { user_id: string; secret_hash: string; secret_sealed: string; created_at: number },
): Promise<void> {
  await feeds(db)
    .insertInto('ics_feeds')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        secret_hash: row.secret_hash,
        secret_sealed: row.secret_sealed,
        created_at: row.created_at,
      }),
    )
    .execute();
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await feeds(db).deleteFrom('ics_feeds').where('user_id', '=', userId).execute();
}

/** The user whose secret has this hash, or undefined. */
export async function findFeedOwner(db: Db, secretHash: string): Promise<string | undefined> {
  const row = await feeds(db)
    .selectFrom('ics_feeds')
    .select('user_id')
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row?.user_id;
}
