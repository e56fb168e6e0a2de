import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { SharesTables } from './tables';

type Db = Kysely<Schema>;

/** The most shares one list answers: the newest (a link older than these is still revocable). */
const SHARES_LISTED = 200;

/** One share as its owner sees it in the list. */
export interface ShareRecord {
  shareId: string;
  createdAt: number;
  /** The first period's start and the last period's end. */
  start: number;
  end: number;
  periodCount: number;
}

function shares(db: Db) {
  return db.withTables<SharesTables>();
}

/** The owner's shares, newest first. */
export async function findSharesOf(db: Db, userId: string): Promise<ShareRecord[]> {
  const rows = await shares(db)
    .selectFrom('statistics_shares')
    .select(['share_id', 'created_at', 'points'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('share_id')
    .limit(SHARES_LISTED)
    .execute();
  return rows.map((row) => {
    const points = JSON.parse(row.points) as { start: number; end: number }[];
    return {
      shareId: row.share_id,
      createdAt: Number(row.created_at),
      start: points.length === 0 ? 0 : Math.min(...points.map((p) => Number(p.start))),
      end: points.length === 0 ? 0 : Math.max(...points.map((p) => Number(p.end))),
      periodCount: points.length,
    };
  });
}

/** Deletes the owner's share; false when the account has no share of that id. */
export async function deleteShareOf(db: Db, userId: string, shareId: string): Promise<boolean> {
  const result = await shares(db)
    .deleteFrom('statistics_shares')
    .where('user_id', '=', userId)
    .where('share_id', '=', shareId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Title, colour and icon of the user's categories among `ids`. */
export async function categoryLabels(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<{ id: string; title: string; color: string; icon: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('categories')
    .select(['id', 'title', 'color', 'icon'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Titles of the user's events among `ids`. */
export async function eventTitles(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<{ id: string; title: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('events')
    .select(['id', 'title'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The sharer's name as the share shows it. */
export async function sharerName(db: Db, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('name')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.name;
}

/** How many shares the user made after `since`. */
export async function sharesMadeSince(db: Db, userId: string, since: number): Promise<number> {
  const recent = await db
    .withTables<SharesTables>()
    .selectFrom('statistics_shares')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(recent.count);
}

export async function insertShare(
  db: Db,
  share: {
    userId: string;
    shareId: string;
    name: string;
    points: string;
    labels: string;
    now: number;
  },
): Promise<void> {
  await db
    .withTables<SharesTables>()
    .insertInto('statistics_shares')
    .values({
      user_id: share.userId,
      share_id: share.shareId,
      name: share.name,
      points: share.points,
      labels: share.labels,
      created_at: share.now,
    })
    .execute();
}

/** A share by its id, for anyone who has the link. */
export async function findShare(
  db: Db,
  shareId: string,
): Promise<{ name: string; points: string; labels: string; createdAt: number } | undefined> {
  const row = await db
    .withTables<SharesTables>()
    .selectFrom('statistics_shares')
    .select(['name', 'points', 'labels', 'created_at'])
    .where('share_id', '=', shareId)
    .executeTakeFirst();
  return (
    row && {
      name: row.name,
      points: row.points,
      labels: row.labels,
      createdAt: Number(row.created_at),
    }
  );
}
