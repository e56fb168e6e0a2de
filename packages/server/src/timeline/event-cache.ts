import { DAY_MS } from '@planner/core';
import { listCategories } from '../categories/categories-repository';
import type { EventInstance } from '../events/event';
import { listEventInstances } from '../events/event-instances';
import { eventsVersion } from '../events/events-repository';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

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

/**
 * Event instances overlapping [start, end). Expanding a heavy user's recurring events is the
 * dearest part of a timeline read, so expansions are kept per user until an event or category
 * changes (a fingerprint of both is checked on every call) or the zone changes.
 */
export async function eventInstancesBetween(
  db: Kysely<Schema>,
  userId: string,
  start: number,
  end: number,
  timeZone: string,
): Promise<EventInstance[]> {
  const categories = await listCategories(db, userId);
  const categoryKey = categories.map((c) => `${c.id}@${c.updatedAt}`).join(',');
  const key = `${timeZone}|${await eventsVersion(db, userId)}|${categoryKey}`;
  const hit = cache.get(userId);
  if (hit && hit.key === key && hit.start <= start && hit.end >= end) {
    cache.delete(userId);
    cache.set(userId, hit);
    return hit.instances.filter(
      (e) => e.start - e.travelTop < end && e.end + e.travelBottom >= start,
    );
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
  return instances.filter((e) => e.start - e.travelTop < end && e.end + e.travelBottom >= start);
}
