import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { CalDavAccountRow, CalDavCalendarRow, CalDavPublishedRow } from './tables';

/** Reads take any handle (the call's transaction, a prepare step's read-only view, the pool). */
type Reader = Pick<Kysely<Schema>, 'selectFrom'>;
type Db = Kysely<Schema>;

export async function findAccount(
  db: Reader,
  userId: string,
  accountId: string,
): Promise<CalDavAccountRow | undefined> {
  return db
    .selectFrom('caldav_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export async function userAccounts(db: Reader, userId: string): Promise<CalDavAccountRow[]> {
  return db
    .selectFrom('caldav_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('account_id')
    .execute();
}

export async function countAccounts(db: Reader, userId: string): Promise<number> {
  const row = await db
    .selectFrom('caldav_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function accountCalendars(
  db: Reader,
  userId: string,
  accountId: string,
): Promise<CalDavCalendarRow[]> {
  return db
    .selectFrom('caldav_calendars')
    .selectAll()
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .orderBy('position')
    .orderBy('calendar_url')
    .execute();
}

export async function userCalendars(db: Reader, userId: string): Promise<CalDavCalendarRow[]> {
  return db
    .selectFrom('caldav_calendars')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('calendar_url')
    .execute();
}

export async function insertAccount(db: Db, row: CalDavAccountRow): Promise<void> {
  await db.insertInto('caldav_accounts').values(row).execute();
}

export async function updateAccount(
  db: Db,
  userId: string,
  accountId: string,
  set: Partial<Omit<CalDavAccountRow, 'user_id' | 'account_id'>>,
): Promise<void> {
  await db
    .updateTable('caldav_accounts')
    .set(set)
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .execute();
}

export async function insertCalendars(db: Db, rows: readonly CalDavCalendarRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('caldav_calendars')
      .values([...rows])
      .execute();
}

export async function updateCalendar(
  db: Db,
  userId: string,
  accountId: string,
  calendarUrl: string,
  set: Partial<Omit<CalDavCalendarRow, 'user_id' | 'account_id' | 'calendar_url'>>,
): Promise<void> {
  await db
    .updateTable('caldav_calendars')
    .set(set)
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .where('calendar_url', '=', calendarUrl)
    .execute();
}

export async function deleteCalendar(
  db: Db,
  userId: string,
  accountId: string,
  calendarUrl: string,
): Promise<void> {
  await db
    .deleteFrom('caldav_calendars')
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .where('calendar_url', '=', calendarUrl)
    .execute();
}

export async function deleteAccount(db: Db, userId: string, accountId: string): Promise<void> {
  for (const table of ['caldav_published', 'caldav_calendars', 'caldav_accounts'] as const) {
    await db
      .deleteFrom(table)
      .where('user_id', '=', userId)
      .where('account_id', '=', accountId)
      .execute();
  }
}

/** Accounts the periodic pass should sync now, the longest waiting first. */
export async function accountsDue(
  db: Reader,
  now: number,
  limit: number,
): Promise<{ user_id: string; account_id: string }[]> {
  return db
    .selectFrom('caldav_accounts')
    .select(['user_id', 'account_id'])
    .where('next_sync_at', '<=', now)
    .orderBy('next_sync_at')
    .limit(limit)
    .execute();
}

export async function publishedRows(
  db: Reader,
  userId: string,
  accountId: string,
): Promise<CalDavPublishedRow[]> {
  return db
    .selectFrom('caldav_published')
    .selectAll()
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .execute();
}

export async function savePublished(db: Db, row: CalDavPublishedRow): Promise<void> {
  await db
    .deleteFrom('caldav_published')
    .where('user_id', '=', row.user_id)
    .where('account_id', '=', row.account_id)
    .where('uid', '=', row.uid)
    .execute();
  await db.insertInto('caldav_published').values(row).execute();
}

export async function deletePublished(
  db: Db,
  userId: string,
  accountId: string,
  uid: string,
): Promise<void> {
  await db
    .deleteFrom('caldav_published')
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .where('uid', '=', uid)
    .execute();
}
