import { randomUUID } from 'node:crypto';
import type { RecurrenceScope } from '@planner/core';
import type { Kysely } from 'kysely';
import { getCategory, listCategories } from '../categories/categories-repository';
import type { Category } from '../categories/category';
import type { Schema } from '../db/schema';
import { invalid } from '../rpc/errors';
import { loadTimelineState } from '../plan-store/timeline-state';
import type { EventInstance, StoredEvent } from './event';
import {
  checkEventValues,
  mergeValues,
  parseFieldMask,
  type EventField,
  type EventValues,
} from './event-input';
import { toInstance } from './event-instances';
import {
  assertEditable,
  currentValues,
  locateInstance,
  valuesOf,
  type InstanceRef,
  type Located,
} from './event-locate';
import {
  deleteRecurringEvent,
  editRecurringEvent,
  instanceOfSaved,
  withValues,
} from './event-scopes';
import { deleteEventRows, insertEvent, saveEvent, searchEvents } from './events-repository';

type Db = Kysely<Schema>;

/** Who is asking, and when: every service call is scoped to one user. */
export interface EventCaller {
  db: Db;
  userId: string;
  now: number;
  /** The user's zone: events saved without one keep this one's wall clock. */
  timeZone: string;
}

const SEARCH_LIMIT = 50;

/**
 * Series edits read, then rewrite a row (exceptions, overrides): on PostgreSQL two concurrent
 * edits of one user would lose one. The user's timeline row lock puts them one after the other.
 */
export async function lockUserWrites(caller: { db: Db; userId: string; now: number }) {
  await loadTimelineState(caller.db, caller.userId, caller.now, true);
}

export function checkScope(value: number): RecurrenceScope {
  if (value === 0 || value === 1 || value === 2) return value;
  throw invalid('field "updateType": must be 0, 1 or 2');
}

export function checkApiVersion(value: number): void {
  if (value !== 0 && value !== 1) throw invalid('field "apiVersion": must be 1');
}

/** Categories a call has checked, by id: presenting the saved event reads none again. */
type CheckedCategories = Map<string, Category>;

async function checked(
  caller: EventCaller,
  values: EventValues,
  seen: CheckedCategories,
): Promise<EventValues> {
  const result = checkEventValues(values, caller.timeZone);
  const category = await getCategory(caller.db, caller.userId, result.categoryId);
  if (!category) throw invalid('invalid.chooseCategory');
  seen.set(category.id, category);
  return result;
}

async function present(
  caller: EventCaller,
  event: StoredEvent,
  seen: CheckedCategories,
  instanceNumber?: number,
): Promise<EventInstance> {
  const category =
    seen.get(event.categoryId) ?? (await getCategory(caller.db, caller.userId, event.categoryId));
  const at = instanceNumber === undefined ? null : instanceOfSaved(event, instanceNumber);
  return toInstance(event, category ?? null, at ?? undefined);
}

/** A new event (one-off or the first instance of a series) from the user. */
export async function createEvent(caller: EventCaller, input: EventValues): Promise<EventInstance> {
  const seen: CheckedCategories = new Map();
  const values = await checked(caller, input, seen);
  const { now } = caller;
  const event = withValues(
    {
      ...values,
      id: randomUUID(),
      source: '',
      rootId: '',
      originalInstance: -1,
      exceptions: [],
      lastEnd: 0,
      createdAt: now,
      updatedAt: now,
    },
    values,
    now,
  );
  await insertEvent(caller.db, caller.userId, event);
  return present(caller, event, seen);
}

export interface UpdateEventInput {
  ref: InstanceRef;
  incoming: EventValues;
  fields: readonly string[];
  updateType: number;
}

async function updateLocated(
  caller: EventCaller,
  located: Located,
  incoming: EventValues,
  mask: ReadonlySet<EventField>,
  scope: RecurrenceScope,
): Promise<EventInstance> {
  const current = currentValues(located);
  const seen: CheckedCategories = new Map();
  const next = await checked(caller, mergeValues(current, incoming, mask), seen);
  if (located.kind === 'single') {
    const saved = withValues(located.row, next, caller.now);
    await saveEvent(caller.db, caller.userId, saved);
    return present(caller, saved, seen);
  }
  const series = located.kind === 'series' ? located.row : located.series;
  const seriesMask = new Set([...mask].filter((f) => f !== 'start' && f !== 'end'));
  const seriesValues =
    scope === 0
      ? next
      : await checked(caller, mergeValues(valuesOf(series), incoming, seriesMask), seen);
  const saved = await editRecurringEvent(
    caller.db,
    caller.userId,
    located,
    { current, next, seriesValues, mask },
    scope,
    caller.now,
  );
  return present(caller, saved, seen, scope === 2 ? located.instanceNumber : undefined);
}

/**
 * Changes an event, or one instance of a recurring event with the scope the user chose.
 * Synced events are read-only.
 */
export async function updateEvent(
  caller: EventCaller,
  input: UpdateEventInput,
): Promise<EventInstance> {
  const mask = parseFieldMask(input.fields);
  const scope = checkScope(input.updateType);
  await lockUserWrites(caller);
  const located = await locateInstance(caller.db, caller.userId, input.ref);
  assertEditable(located);
  return updateLocated(caller, located, input.incoming, mask, scope);
}

/** Deletes an event, or instances of a recurring one by scope. Synced events are read-only. */
export async function deleteEvent(
  caller: EventCaller,
  ref: InstanceRef,
  updateType: number,
): Promise<void> {
  const scope = checkScope(updateType);
  await lockUserWrites(caller);
  const located = await locateInstance(caller.db, caller.userId, ref);
  assertEditable(located);
  if (located.kind === 'single') {
    await deleteEventRows(caller.db, caller.userId, [located.row.id]);
  } else if (located.kind === 'override' && scope === 0) {
    // The series already skips this instance; removing the override removes the instance.
    await deleteEventRows(caller.db, caller.userId, [located.row.id]);
  } else {
    await deleteRecurringEvent(caller.db, caller.userId, located, scope, caller.now);
  }
}

/** One instance with its note, for the event screen (virtual instances included). */
export async function getEvent(
  caller: EventCaller,
  ref: InstanceRef,
): Promise<{ instance: EventInstance; note: string }> {
  const located = await locateInstance(caller.db, caller.userId, ref);
  const category = (await getCategory(caller.db, caller.userId, located.row.categoryId)) ?? null;
  const at = located.kind === 'series' ? located.at : undefined;
  return { instance: toInstance(located.row, category, at), note: located.row.note };
}

/** Stored events whose title or note holds the keyword; an empty keyword finds nothing. */
export async function searchEvent(caller: EventCaller, keyword: string): Promise<EventInstance[]> {
  const term = keyword.trim();
  if (term === '') return [];
  const found = await searchEvents(caller.db, caller.userId, term, SEARCH_LIMIT);
  const categories = new Map(
    (await listCategories(caller.db, caller.userId)).map((c) => [c.id, c]),
  );
  return found.map((e) => toInstance(e, categories.get(e.categoryId) ?? null));
}
