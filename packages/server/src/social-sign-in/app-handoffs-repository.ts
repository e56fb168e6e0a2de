import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

// Hand-offs: what a shell's flow's callback leaves for the app, until the app's exchange
// (app-return.ts).

type Db = Kysely<Schema>;

/** A shell's flow under way: remembered by the hash of its state until its callback. */
export async function beginHandoff(
  db: Db,
  stateHash: string,
  appChallenge: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  await db.deleteFrom('app_handoffs').where('expires_at', '<=', now).execute();
  await db
    .insertInto('app_handoffs')
    .values({
      key_hash: stateHash,
      app_challenge: appChallenge,
      payload: '',
      expires_at: expiresAt,
    })
    .onConflict((oc) => oc.column('key_hash').doNothing())
    .execute();
}

/**
 * The callback of a shell's flow: keeps `payload` under the hash of a new one-time code (the
 * app link's), answering whether the state was a shell's flow still under way.
 */
export async function completeHandoff(
  db: Db,
  stateHash: string,
  codeHash: string,
  payload: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .updateTable('app_handoffs')
    .set({ key_hash: codeHash, payload })
    .where('key_hash', '=', stateHash)
    .where('payload', '=', '')
    .where('expires_at', '>', now)
    .returning('key_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a state is a shell's flow under way (its callback ends at the app link). */
export async function isHandoffState(db: Db, stateHash: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('app_handoffs')
    .select('key_hash')
    .where('key_hash', '=', stateHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets a shell's flow that ended without a result (declined, failed). */
export async function dropHandoff(db: Db, stateHash: string): Promise<void> {
  await db.deleteFrom('app_handoffs').where('key_hash', '=', stateHash).execute();
}

/** The app's exchange: the payload, once, for the code and the verifier of the flow's challenge. */
export async function takeHandoff(
  db: Db,
  codeHash: string,
  appChallenge: string,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('app_handoffs')
    .where('key_hash', '=', codeHash)
    .where('app_challenge', '=', appChallenge)
    .where('payload', '<>', '')
    .where('expires_at', '>', now)
    .returning('payload')
    .executeTakeFirst();
  return row?.payload;
}
