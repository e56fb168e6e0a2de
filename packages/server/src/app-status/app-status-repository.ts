import type { Db } from '../rpc/context';
import type { AppStatusTables, FrontendLogRow } from './tables';

/** The call's transaction typed with this domain's tables (types only; queries unchanged). */
const withAppStatus = (db: Db) => db.withTables<AppStatusTables>();

export interface Presence {
  sessionId: string;
  isShown: boolean;
  changedAt: number;
}

/** Records what a session's app said about itself (shown or hidden) and when. */
export async function savePresence(
  db: Db,
  userId: string,
  sessionId: string,
  isShown: boolean,
  now: number,
): Promise<void> {
  const values = { is_shown: isShown ? 1 : 0, changed_at: now };
  await withAppStatus(db)
    .insertInto('app_presence')
    .values({ user_id: userId, session_id: sessionId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'session_id']).doUpdateSet(values))
    .execute();
}

/** What the user's live sessions last said; a signed-out or revoked session's row is dropped. */
export async function listPresence(db: Db, userId: string): Promise<Presence[]> {
  const typed = withAppStatus(db);
  await typed
    .deleteFrom('app_presence')
    .where('user_id', '=', userId)
    .where('session_id', 'not in', (qb) =>
      qb.selectFrom('sessions').select('session_id').where('user_id', '=', userId),
    )
    .execute();
  const rows = await typed
    .selectFrom('app_presence')
    .select(['session_id', 'is_shown', 'changed_at'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({
    sessionId: row.session_id,
    isShown: Number(row.is_shown) === 1,
    changedAt: Number(row.changed_at),
  }));
}

export async function insertFrontendLog(db: Db, row: FrontendLogRow): Promise<void> {
  await withAppStatus(db).insertInto('frontend_logs').values(row).execute();
}

/** When the user's reports made at or after `since` arrived, oldest first. */
export async function frontendLogTimesSince(
  db: Db,
  userId: string,
  since: number,
): Promise<number[]> {
  const rows = await withAppStatus(db)
    .selectFrom('frontend_logs')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => Number(row.created_at));
}

/** Deletes all but the user's `keep` newest reports. */
export async function trimFrontendLogs(db: Db, userId: string, keep: number): Promise<void> {
  const typed = withAppStatus(db);
  await typed
    .deleteFrom('frontend_logs')
    .where('user_id', '=', userId)
    .where('log_id', 'not in', (qb) =>
      qb
        .selectFrom('frontend_logs')
        .select('log_id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('log_id', 'desc')
        .limit(keep),
    )
    .execute();
}
