import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import {
  existingRows,
  writeSyncedRows,
  type ExistingRow,
  type SyncedRowsWrite,
} from './synced-events-repository';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { recordChange } from '../plan-store/timeline-state';
import { bumpCalendarRevision } from '../plan-store/timeline-repository';
import { publishChange } from '../realtime/publish-change';

type Db = Kysely<Schema>;

/** Where synced events come from; the event's `source`, which clients show and never edit. */
export type SyncSource = 'google' | 'caldav' | 'apple';

/**
 * One occurrence of an outside calendar's event, as a source hands it over. Recurring events are
 * expanded by the source (one occurrence, one row), so a changed rule or a moved occurrence only
 * ever changes rows under their own keys and a sync can never leave a copy behind.
 */
export interface SyncedEventInput {
  /** Stable across syncs within its origin (the remote event id plus the occurrence start). */
  syncKey: string;
  title: string;
  start: number;
  end: number;
  allDay: boolean;
  /** '' when the user chose none: the event still counts as busy time. */
  categoryId: string;
  /** IANA zone; '' means UTC. */
  timezone: string;
}

export interface SyncCounts {
  added: number;
  updated: number;
  removed: number;
}

function differs(row: ExistingRow, event: SyncedEventInput): boolean {
  return (
    row.title !== event.title ||
    Number(row.start_ms) !== event.start ||
    Number(row.end_ms) !== event.end ||
    row.all_day !== (event.allDay ? 1 : 0) ||
    row.category_id !== event.categoryId ||
    row.timezone !== event.timezone
  );
}

/**
 * Who started a sync: the request id of the person's call (a sync they asked for, a calendar
 * they unchose), '' for the periodic pass and other background work. The re-plan the change
 * leads to names it as its cause, so the device that asked shows no note
 * (docs/plan-stability.md); a background sync clears an older cause.
 */
export interface SyncCause {
  cause?: string;
}

/**
 * Adds or changes `upserts` and removes the occurrences named by `removals`, all under one
 * origin. Unchanged occurrences are not written. When anything changed, the user's calendar
 * revision and timeline change mark are bumped (the planner then treats the new busy time like
 * any event edit); the caller publishes the realtime message after commit (`publishSyncChange`).
 * Run it inside a transaction.
 */
export async function applySyncedChanges(
  db: Db,
  userId: string,
  change: {
    source: SyncSource;
    origin: string;
    upserts: readonly SyncedEventInput[];
    removals: readonly string[];
    now: number;
  } & SyncCause,
): Promise<SyncCounts> {
  const { source, origin, now, cause = '' } = change;
  const byKey = new Map(change.upserts.map((e) => [e.syncKey, e]));
  const existing = await existingRows(db, userId, origin, [...byKey.keys(), ...change.removals]);
  const inserts = [...byKey.values()].filter((e) => !existing.has(e.syncKey));
  const updates = [...byKey.values()].filter((e) => {
    const row = existing.get(e.syncKey);
    return row !== undefined && differs(row, e);
  });
  const removedIds = change.removals
    .filter((key) => !byKey.has(key))
    .map((key) => existing.get(key)?.id)
    .filter((id): id is string => id !== undefined);
  const w = { source, origin, inserts, updates, removedIds, existing, now };
  await write(db, userId, w, cause);
  return { added: inserts.length, updated: updates.length, removed: removedIds.length };
}

/**
 * Makes the origin's synced events exactly `events` (a full sync): new ones are added, changed
 * ones updated, and every other occurrence under the origin removed. Run it in a transaction.
 */
export async function replaceSyncedEvents(
  db: Db,
  userId: string,
  change: {
    source: SyncSource;
    origin: string;
    events: readonly SyncedEventInput[];
    now: number;
  } & SyncCause,
): Promise<SyncCounts> {
  const { source, origin, now, cause = '' } = change;
  const existing = await existingRows(db, userId, origin);
  const byKey = new Map(change.events.map((e) => [e.syncKey, e]));
  const inserts = [...byKey.values()].filter((e) => !existing.has(e.syncKey));
  const updates = [...byKey.values()].filter((e) => {
    const row = existing.get(e.syncKey);
    return row !== undefined && differs(row, e);
  });
  const removedIds = [...existing.values()]
    .filter((row) => !byKey.has(row.sync_key))
    .map((r) => r.id);
  const w = { source, origin, inserts, updates, removedIds, existing, now };
  await write(db, userId, w, cause);
  return { added: inserts.length, updated: updates.length, removed: removedIds.length };
}

/**
 * Removes every synced event of an origin (a calendar unchosen, an account removed); `cause` as
 * in SyncCause.
 */
export async function removeSyncedOrigin(
  db: Db,
  userId: string,
  origin: string,
  now: number,
  cause = '',
): Promise<number> {
  const change = { source: 'google' as const, origin, events: [], now, cause };
  return (await replaceSyncedEvents(db, userId, change)).removed;
}

async function write(db: Db, userId: string, w: SyncedRowsWrite, cause: string): Promise<void> {
  if (w.inserts.length + w.updates.length + w.removedIds.length === 0) return;
  await bumpCalendarRevision(db, userId);
  await writeSyncedRows(db, userId, w);
  await recordChange(db, userId, 'timelineStateUpdated', w.now, cause);
}

/**
 * After the sync's transaction committed: every open tab and device of the user refetches
 * (but the session that made the change, when a method call did: `originSessionId`).
 */
export async function publishSyncChange(
  realtime: Pick<RealtimeHub, 'publish'>,
  userId: string,
  originSessionId = '',
): Promise<void> {
  await publishChange(realtime, userId, 'timelineStateUpdated', originSessionId);
}
