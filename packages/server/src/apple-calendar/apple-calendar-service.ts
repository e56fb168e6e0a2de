import { isValidTimeZone } from '@planner/core';
import type { Kysely } from 'kysely';
import { listCategories } from '../categories/categories-repository';
import {
  replaceSyncedEvents,
  type SyncCounts,
  type SyncedEventInput,
} from '../calendar-sync/synced-events';
import { listSyncedOrigins } from '../calendar-sync/synced-events-repository';
import type { Schema } from '../db/schema';
import { invalid } from '../rpc/errors';
import {
  listRelations,
  storedInputs,
  writeHash,
  writeRelations,
} from './apple-calendar-repository';

type Db = Kysely<Schema>;

/** A device calendar's title and the category its events get. */
export interface AppleRelation {
  calendarTitle: string;
  categoryId: string;
}

/** One occurrence the shell read from the device's calendar store. */
export interface AppleEvent {
  id: string;
  calendarTitle: string;
  title: string;
  start: number;
  end: number;
  allDay: boolean;
  timezone: string;
}

const ORIGIN_PREFIX = 'apple:';
const originOf = (calendarTitle: string) => `${ORIGIN_PREFIX}${calendarTitle}`;

/**
 * Replaces the user's relations. Each category must be one of the user's, each title appear
 * once. Events of a calendar no longer related are removed at once, those whose calendar got
 * another category take it, and the stored hash is cleared so the shell uploads again (a newly
 * related calendar's events arrive with that upload). Answers whether synced events changed.
 * `cause` is the request id of the person's call, named by the re-plan the change leads to.
 */
export async function replaceRelations(
  db: Db,
  userId: string,
  relations: readonly AppleRelation[],
  now: number,
  cause: string,
): Promise<boolean> {
  const titles = new Set(relations.map((r) => r.calendarTitle));
  if (titles.size !== relations.length) {
    throw invalid('field "relations": each calendar title at most once');
  }
  const mine = new Set((await listCategories(db, userId)).map((c) => c.id));
  if (relations.some((r) => !mine.has(r.categoryId))) throw invalid('invalid.chooseCategory');

  const before = new Map((await listRelations(db, userId)).map((r) => [r.calendarTitle, r]));
  await writeRelations(db, userId, relations);
  const after = new Map(relations.map((r) => [r.calendarTitle, r.categoryId]));
  let changed = false;
  for (const origin of await listSyncedOrigins(db, userId, ORIGIN_PREFIX)) {
    const title = origin.slice(ORIGIN_PREFIX.length);
    const categoryId = after.get(title);
    if (categoryId !== undefined && before.get(title)?.categoryId === categoryId) continue;
    const events =
      categoryId === undefined
        ? []
        : (await storedInputs(db, userId, origin)).map((e) => ({ ...e, categoryId }));
    const change = { source: 'apple' as const, origin, events, now, cause };
    const counts = await replaceSyncedEvents(db, userId, change);
    changed ||= counts.added + counts.updated + counts.removed > 0;
  }
  const sameTitles =
    before.size === after.size && [...after.keys()].every((title) => before.has(title));
  if (!sameTitles) await writeHash(db, userId, '', now);
  return changed;
}

/**
 * Makes the user's Apple synced events exactly the uploaded ones of related calendars: one
 * origin per calendar title, the relation's category, events of unrelated calendars dropped
 * (and origins no longer related emptied). Stores the shell's hash. Run in a transaction.
 * `cause` as in replaceRelations: the shell's upload is the person's app at work.
 */
export async function uploadEvents(
  db: Db,
  userId: string,
  upload: { events: readonly AppleEvent[]; hash: string },
  now: number,
  cause: string,
): Promise<SyncCounts> {
  const relations = new Map(
    (await listRelations(db, userId)).map((r) => [r.calendarTitle, r.categoryId]),
  );
  const byTitle = new Map<string, SyncedEventInput[]>();
  for (const e of upload.events) {
    if (e.id === '') throw invalid('field "events.id": required');
    if (e.end < e.start) throw invalid('invalid.eventEndBeforeStart');
    if (e.timezone !== '' && !isValidTimeZone(e.timezone)) {
      throw invalid('field "events.timezone": not a time zone');
    }
    const categoryId = relations.get(e.calendarTitle);
    if (categoryId === undefined) continue;
    const list = byTitle.get(e.calendarTitle) ?? [];
    list.push({
      syncKey: e.id,
      title: e.title,
      start: e.start,
      end: e.end,
      allDay: e.allDay,
      categoryId,
      timezone: e.timezone,
    });
    byTitle.set(e.calendarTitle, list);
  }
  const origins = new Set([
    ...(await listSyncedOrigins(db, userId, ORIGIN_PREFIX)),
    ...[...relations.keys()].map(originOf),
  ]);
  const total: SyncCounts = { added: 0, updated: 0, removed: 0 };
  for (const origin of origins) {
    const events = byTitle.get(origin.slice(ORIGIN_PREFIX.length)) ?? [];
    const change = { source: 'apple' as const, origin, events, now, cause };
    const counts = await replaceSyncedEvents(db, userId, change);
    total.added += counts.added;
    total.updated += counts.updated;
    total.removed += counts.removed;
  }
  await writeHash(db, userId, upload.hash, now);
  return total;
}
