import { randomUUID } from 'node:crypto';
import {
  deleteRecurringInstance,
  editRecurringInstance,
  instanceAt,
  isRecurring,
  type RecurrenceScope,
  type StoredSeries,
} from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { StoredEvent } from './event';
import type { EventField, EventValues } from './event-input';
import { mergeValues } from './event-input';
import { lastEndOf, seriesOf } from './event-instances';
import type { Located } from './event-locate';
import { valuesOf } from './event-locate';
import { deleteEventRows, insertEvent, listOverrides, saveEvent } from './events-repository';

type Db = Kysely<Schema>;
type RecurringLocated = Exclude<Located, { kind: 'single' }>;

/** Fields of a series that its changed instances follow when the series changes. */
const SHARED_FIELDS: readonly EventField[] = [
  'title',
  'category',
  'travelTop',
  'travelBottom',
  'notifications',
  'note',
  'checklist',
];

/** `event` with new values, its updatedAt and its lastEnd brought up to date. */
export function withValues(event: StoredEvent, values: EventValues, now: number): StoredEvent {
  const next: StoredEvent = { ...event, ...values, updatedAt: now };
  return { ...next, lastEnd: lastEndOf(next) };
}

/** `event` with the series' shape from the core (times, rule, exceptions). */
function withSeries(event: StoredEvent, series: StoredSeries, now: number): StoredEvent {
  const rule = isRecurring(series.rule) ? series.rule : null;
  const next: StoredEvent = {
    ...event,
    start: series.start,
    end: series.end,
    recurrenceRule: rule,
    exceptions: rule ? series.exceptions : [],
    updatedAt: now,
  };
  return { ...next, lastEnd: lastEndOf(next) };
}

function seriesRow(located: RecurringLocated): StoredEvent {
  return located.kind === 'series' ? located.row : located.series;
}

/**
 * Where the core should put the instance. "This and following" starts the new series where the
 * user put the instance; "all" moves the series by the user's change, measured from where the
 * instance was shown (an override may sit away from its series time).
 */
function changeFor(
  located: RecurringLocated,
  current: EventValues,
  next: EventValues,
  scope: RecurrenceScope,
) {
  const shift =
    scope === 1
      ? { start: 0, end: 0 }
      : { start: located.at.start - current.start, end: located.at.end - current.end };
  return {
    start: next.start + shift.start,
    end: next.end + shift.end,
    rule: next.recurrenceRule ?? {
      freq: 'none' as const,
      interval: 1,
      byDay: '',
      until: 0,
      count: 0,
    },
  };
}

function sharedMask(mask: ReadonlySet<EventField>): Set<EventField> {
  return new Set(SHARED_FIELDS.filter((f) => mask.has(f)));
}

/** Scope 0: the instance becomes (or stays) an override; the series skips it. */
async function editThisOne(
  db: Db,
  userId: string,
  located: RecurringLocated,
  next: EventValues,
  now: number,
): Promise<StoredEvent> {
  const values = { ...next, recurrenceRule: null };
  if (located.kind === 'override') {
    const saved = withValues(located.row, values, now);
    await saveEvent(db, userId, saved);
    return saved;
  }
  const edit = editRecurringInstance(seriesOf(located.row), located.instanceNumber, next, 0);
  if (edit.scope !== 0) throw new Error('unexpected edit scope');
  await saveEvent(db, userId, {
    ...located.row,
    exceptions: edit.series.exceptions,
    updatedAt: now,
  });
  const override = withValues(
    {
      ...located.row,
      id: randomUUID(),
      rootId: located.row.id,
      originalInstance: located.instanceNumber,
      exceptions: [],
      createdAt: now,
    },
    { ...values, start: edit.override.start, end: edit.override.end },
    now,
  );
  await insertEvent(db, userId, override);
  return override;
}

/**
 * Moves the overrides of `from` at or after instance `n` to `to` when their instances survive
 * (the core keeps their numbers as exceptions of `to`, shifted by n), deletes the others, and
 * gives the survivors the shared fields that changed.
 */
async function carryOverrides(
  db: Db,
  userId: string,
  from: StoredEvent,
  n: number,
  to: StoredEvent,
  shared: { values: EventValues; mask: ReadonlySet<EventField> },
  now: number,
): Promise<void> {
  const overrides = (await listOverrides(db, userId, from.id)).filter(
    (o) => o.originalInstance >= n,
  );
  const gone: string[] = [];
  for (const override of overrides) {
    const number = override.originalInstance - n;
    if (number === 0 || !to.exceptions.includes(number)) {
      gone.push(override.id);
      continue;
    }
    const moved = mergeValues(valuesOf(override), shared.values, shared.mask);
    await saveEvent(db, userId, {
      ...withValues(override, moved, shared.mask.size > 0 ? now : override.updatedAt),
      rootId: to.id,
      originalInstance: number,
    });
  }
  await deleteEventRows(db, userId, gone);
}

/** Scope 1: the series ends before the instance; a new series starts with the change. */
async function editThisAndFollowing(
  db: Db,
  userId: string,
  located: RecurringLocated,
  seriesValues: EventValues,
  change: ReturnType<typeof changeFor>,
  mask: ReadonlySet<EventField>,
  now: number,
): Promise<StoredEvent> {
  const series = seriesRow(located);
  const edit = editRecurringInstance(seriesOf(series), located.instanceNumber, change, 1);
  if (edit.scope !== 1) throw new Error('unexpected edit scope');
  const shared = { values: seriesValues, mask: sharedMask(mask) };
  if (!edit.series) {
    const whole = withSeries(withValues(series, seriesValues, now), edit.following, now);
    await saveEvent(db, userId, whole);
    await carryOverrides(db, userId, series, 0, whole, shared, now);
    return whole;
  }
  const following = withSeries(
    withValues(
      { ...series, id: randomUUID(), rootId: series.rootId || series.id, createdAt: now },
      seriesValues,
      now,
    ),
    edit.following,
    now,
  );
  await insertEvent(db, userId, following);
  await carryOverrides(db, userId, series, located.instanceNumber, following, shared, now);
  await saveEvent(db, userId, withSeries(series, edit.series, now));
  return following;
}

/** Scope 2: the whole series changes; its changed instances follow the shared fields. */
async function editAll(
  db: Db,
  userId: string,
  located: RecurringLocated,
  seriesValues: EventValues,
  change: ReturnType<typeof changeFor>,
  mask: ReadonlySet<EventField>,
  next: EventValues,
  now: number,
): Promise<StoredEvent> {
  const series = seriesRow(located);
  const edit = editRecurringInstance(seriesOf(series), located.instanceNumber, change, 2);
  if (edit.scope !== 2) throw new Error('unexpected edit scope');
  const saved = withSeries(withValues(series, seriesValues, now), edit.series, now);
  await saveEvent(db, userId, saved);
  const shared = sharedMask(mask);
  for (const override of await listOverrides(db, userId, series.id)) {
    if (!saved.recurrenceRule || edit.droppedExceptions.includes(override.originalInstance)) {
      await deleteEventRows(db, userId, [override.id]);
      continue;
    }
    let values = mergeValues(valuesOf(override), seriesValues, shared);
    // The instance the user edited keeps the times given to it.
    if (override.id === located.row.id) values = { ...values, start: next.start, end: next.end };
    await saveEvent(db, userId, withValues(override, { ...values, recurrenceRule: null }, now));
  }
  return saved;
}

/**
 * Stores a change of one instance of a recurring event with `scope` (0 this one, 1 this and
 * following, 2 all) through the core's pure operations. `next` holds the instance's new values,
 * `seriesValues` the series' values with the same masked fields changed. Answers the row that
 * now holds the instance.
 */
export async function editRecurringEvent(
  db: Db,
  userId: string,
  located: RecurringLocated,
  edit: {
    current: EventValues;
    next: EventValues;
    seriesValues: EventValues;
    mask: ReadonlySet<EventField>;
  },
  scope: RecurrenceScope,
  now: number,
): Promise<StoredEvent> {
  if (scope === 0) return editThisOne(db, userId, located, edit.next, now);
  const change = changeFor(located, edit.current, edit.next, scope);
  if (scope === 1) {
    return editThisAndFollowing(db, userId, located, edit.seriesValues, change, edit.mask, now);
  }
  return editAll(db, userId, located, edit.seriesValues, change, edit.mask, edit.next, now);
}

/** Deletes one instance (0), it and the following ones (1) or the whole series (2). */
export async function deleteRecurringEvent(
  db: Db,
  userId: string,
  located: RecurringLocated,
  scope: RecurrenceScope,
  now: number,
): Promise<void> {
  const series = seriesRow(located);
  const n = located.instanceNumber;
  const result = deleteRecurringInstance(seriesOf(series), n, scope);
  const overrides = await listOverrides(db, userId, series.id);
  if (!result.series) {
    await deleteEventRows(db, userId, [series.id, ...overrides.map((o) => o.id)]);
    return;
  }
  const from =
    result.scope === 0
      ? (o: StoredEvent) => o.originalInstance === n
      : (o: StoredEvent) => o.originalInstance >= n;
  await deleteEventRows(
    db,
    userId,
    overrides.filter(from).map((o) => o.id),
  );
  await saveEvent(db, userId, withSeries(series, result.series, now));
}

/** The series instance a saved series row shows for instance `n`, if it still has it. */
export function instanceOfSaved(series: StoredEvent, n: number) {
  if (series.exceptions.includes(n)) return null;
  return instanceAt(seriesOf(series), n);
}
