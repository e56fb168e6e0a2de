import { DAY_MS } from '@planner/core';
import type { EventInstance } from '../events/event';
import { listEventInstances } from '../events/event-instances';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { findCalendarRevision } from './timeline-repository';

/** Users whose expanded instances are kept (least recently used dropped first). */
const MAX_USERS = 2_000;
/** Expansions are made this much wider than asked, so a sliding window keeps hitting. */
const SLACK_MS = 2 * DAY_MS;

interface Entry {
  key: string;
  start: number;
  end: number;
  instances: EventInstance[];
}

const cache = new Map<string, Entry>();

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
  const key = `${timeZone}|${revision}`;
  const hit = cache.get(userId);
  if (hit && hit.key === key && hit.start <= start && hit.end >= end) {
    cache.delete(userId);
    cache.set(userId, hit);
    return overlapping(hit.instances, start, end);
  }
  const from = start - SLACK_MS;
  const to = end + SLACK_MS;
  const instances = await listEventInstances(db, userId, from, to, timeZone);
  cache.delete(userId);
  cache.set(userId, { key, start: from, end: to, instances });
  if (cache.size > MAX_USERS) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return overlapping(instances, start, end);
}
