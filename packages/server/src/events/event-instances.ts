import {
  DAY_MS,
  expandRecurrence,
  instanceAt,
  isRecurring,
  type RecurrenceInstance,
  type StoredSeries,
} from '@planner/core';
import type { Kysely } from 'kysely';
import { listCategories } from '../categories/categories-repository';
import type { Category } from '../categories/category';
import type { Schema } from '../db/schema';
import { NO_END, type EventInstance, type EventSummary, type StoredEvent } from './event';
import { listEventsOverlapping } from './events-repository';

type Db = Kysely<Schema>;
type EventLike = EventSummary | StoredEvent;

/** The recurrence series of a stored event (a one-off event is a series of one). */
export function seriesOf(event: Omit<StoredEvent, 'note'>, fallbackZone = 'UTC'): StoredSeries {
  return {
    start: event.start,
    end: event.end,
    rule: event.recurrenceRule ?? { freq: 'none', interval: 1, byDay: '', until: 0, count: 0 },
    timeZone: event.timezone || fallbackZone,
    allDay: event.allDay,
    exceptions: event.exceptions,
  };
}

/** True for the first instance of a recurring series (not an override, not a one-off). */
export function isSeries(event: Omit<StoredEvent, 'note'>): boolean {
  return isRecurring(event.recurrenceRule);
}

/**
 * The end of the series' last instance, stored so range queries can skip finished series.
 * A bound is enough: an `until` series ends at most a day (zone slack) after until + length.
 */
export function lastEndOf(event: Omit<StoredEvent, 'note' | 'lastEnd'>): number {
  const rule = event.recurrenceRule;
  if (!isRecurring(rule)) return event.end;
  if (rule.count > 0) {
    const last = instanceAt(seriesOf({ ...event, lastEnd: 0 }), rule.count - 1);
    return last ? last.end : NO_END;
  }
  if (rule.until > 0) return rule.until + (event.end - event.start) + DAY_MS;
  return NO_END;
}

function hasNoteOf(event: EventLike): boolean {
  return 'hasNote' in event ? event.hasNote : event.note !== '';
}

/** An instance of a stored event: `at` gives its times (series instances), else the row's. */
export function toInstance(
  event: EventLike,
  category: Category | null,
  at?: RecurrenceInstance,
): EventInstance {
  const isOverride = event.originalInstance >= 0;
  const instanceNumber = at?.instanceNumber ?? (isOverride ? event.originalInstance : 0);
  return {
    id: event.id,
    instanceNumber,
    // Computed unless it is the stored row itself (a start off the rule's pattern is no instance).
    isVirtual: isSeries(event) && (instanceNumber > 0 || (!!at && at.start !== event.start)),
    start: at?.start ?? event.start,
    end: at?.end ?? event.end,
    allDay: event.allDay,
    travelTop: event.travelTop,
    travelBottom: event.travelBottom,
    title: event.title,
    categoryId: event.categoryId,
    category,
    notifications: event.notifications,
    recurrenceRule: event.recurrenceRule,
    timezone: event.timezone,
    hasNote: hasNoteOf(event),
    checklist: event.checklist,
    source: event.source,
    rootId: event.rootId,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  };
}

/** Busy span of an instance: travel before and after included. */
function overlapsWithTravel(
  i: { start: number; end: number },
  e: EventLike,
  windowStart: number,
  windowEnd: number,
): boolean {
  const from = i.start - e.travelTop;
  const to = i.end + e.travelBottom;
  return from < windowEnd && (to > windowStart || (to === from && from >= windowStart));
}

/** The instances of one stored event whose span, travel included, overlaps the window. */
function instancesInWindow(
  event: EventLike,
  category: Category | null,
  windowStart: number,
  windowEnd: number,
  fallbackZone: string,
): EventInstance[] {
  if (!isSeries(event)) {
    return overlapsWithTravel(event, event, windowStart, windowEnd)
      ? [toInstance(event, category)]
      : [];
  }
  return expandRecurrence({
    ...seriesOf(event, fallbackZone),
    windowStart: windowStart - event.travelBottom,
    windowEnd: windowEnd + event.travelTop,
  })
    .filter((at) => overlapsWithTravel(at, event, windowStart, windowEnd))
    .map((at) => toInstance(event, category, at));
}

/**
 * Every concrete event instance of the user whose span, travel time included, overlaps
 * [windowStart, windowEnd), sorted by start: one-off events, series instances (virtual but for
 * the first) and changed instances. For busy time and the timeline's block containers.
 * `timeZone` (the user's) is used only for events stored without a zone.
 */
export async function listEventInstances(
  db: Db,
  userId: string,
  windowStart: number,
  windowEnd: number,
  timeZone: string,
): Promise<EventInstance[]> {
  const events = await listEventsOverlapping(db, userId, windowStart, windowEnd);
  if (events.length === 0) return [];
  const categories = new Map((await listCategories(db, userId)).map((c) => [c.id, c]));
  return events
    .flatMap((e) =>
      instancesInWindow(e, categories.get(e.categoryId) ?? null, windowStart, windowEnd, timeZone),
    )
    .sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
