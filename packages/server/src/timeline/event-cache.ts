import { DAY_MS } from '@planner/core';
import { UserLru } from '../db/user-lru';
import type { EventInstance } from '../events/event';
import { listEventInstances } from '../events/event-instances';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { findCalendarRevision } from '../plan-store/timeline-repository';

/** Users whose expanded instances are kept (least recently used dropped first). */
const MAX_USERS = 2_000;
/** Expansions are made this much wider than asked, so a sliding window keeps hitting. */
const SLACK_MS = 2 * DAY_MS;

interface Entry {
  timeZone: string;
  revision: number;
  start: number;
  end: number;
  instances: EventInstance[];
}

const cache = new UserLru<Entry>(MAX_USERS);

function overlapping(instances: EventInstance[], start: number, end: number): EventInstance[] {
  return instances.filter((e) => e.start - e.travelTop < end && e.end + e.travelBottom >= start);
}

/**
 * Event instances overlapping [start, end). Expanding a heavy user's recurring events is the
 * dearest part of a timeline read, so expansions are kept per user until an event or category
 * changes (the user's calendar revision, bumped by every such write, is checked on every call) or
 * the zone changes.
 */
export async function eventInstancesBetween(
  db: Kysely<Schema>,
  userId: string,
  start: number,
  end: number,
  timeZone: string,
  /** The revision the caller read with the locked state row, saving a read. */
  knownRevision?: number,
): Promise<EventInstance[]> {
  const revision = await findCalendarRevision(db, userId, knownRevision);
  if (revision === undefined) {
    return overlapping(await listEventInstances(db, userId, start, end, timeZone), start, end);
  }
  const hit = cache.get(userId);
  const fits = hit && hit.timeZone === timeZone && hit.revision === revision;
  if (hit && fits && hit.start <= start && hit.end >= end) {
    return overlapping(hit.instances, start, end);
  }
  const from = start - SLACK_MS;
  const to = end + SLACK_MS;
  const instances = await listEventInstances(db, userId, from, to, timeZone);
  cache.set(userId, { timeZone, revision, start: from, end: to, instances });
  return overlapping(instances, start, end);
}

/**
 * Without a read: the timed event in progress at `t` as cached for the user's current calendar
 * revision ('unknown' when the cache cannot tell: nothing cached for that revision and time).
 * The zone is not checked: a zone change re-plans (and re-caches) on the next timeline read.
 */
export function cachedEventAt(
  userId: string,
  revision: number | undefined,
  t: number,
): EventInstance | undefined | 'unknown' {
  const hit = revision === undefined ? undefined : cache.get(userId);
  if (!hit || hit.revision !== revision || hit.start > t || hit.end <= t) return 'unknown';
  return eventInProgress(hit.instances, t);
}

/**
 * The timed event going on at `t`, its travel time included (the travel before and after an
 * event is its busy time, so the event is the current block then), if any. All-day events are
 * not a current block.
 */
export function eventInProgress(
  instances: readonly EventInstance[],
  t: number,
): EventInstance | undefined {
  return instances.find(
    (e) => !e.allDay && e.start - e.travelTop <= t && e.end + e.travelBottom > t,
  );
}
