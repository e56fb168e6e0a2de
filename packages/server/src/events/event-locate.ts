import { instanceAt, type RecurrenceInstance } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { AppError, notFound } from '../rpc/errors';
import type { StoredEvent } from './event';
import { EVENT_LIMITS, type EventValues } from './event-input';
import { isSeries, seriesOf } from './event-instances';
import { findEvent, listOverrides } from './events-repository';

type Db = Kysely<Schema>;

/** Synced events mirror an outside calendar: nobody edits or deletes them here. */
const SYNCED_READ_ONLY_CODE = 403;
const SYNCED_READ_ONLY_MESSAGE = 'invalid.syncedEventReadOnly';

/** A daily series reaches its last instant (EVENT_LIMITS.maxTime) before this many instances. */
const MAX_INSTANCE_NUMBER = 1_000_000;

/** How a client names an instance: the stored id and, for a series, the instance number. */
export interface InstanceRef {
  id: string;
  instanceNumber: number;
}

/** The instance a request is about, and what it is stored as. */
export type Located =
  | { kind: 'single'; row: StoredEvent }
  | { kind: 'series'; row: StoredEvent; instanceNumber: number; at: RecurrenceInstance }
  | {
      kind: 'override';
      row: StoredEvent;
      series: StoredEvent;
      instanceNumber: number;
      /** Where the series itself would put the instance. */
      at: RecurrenceInstance;
    };

async function overrideFor(db: Db, userId: string, series: StoredEvent, n: number) {
  return (await listOverrides(db, userId, series.id)).find((o) => o.originalInstance === n);
}

/**
 * Finds the instance `ref` names among the user's events, or answers 404 exactly as for a
 * missing id (another user's id included). A series instance that was changed on its own is
 * answered as its override, so an old link still opens it.
 */
export async function locateInstance(db: Db, userId: string, ref: InstanceRef): Promise<Located> {
  const row = ref.id ? await findEvent(db, userId, ref.id) : undefined;
  if (!row) throw notFound();
  if (row.originalInstance >= 0 && row.rootId) {
    const series = await findEvent(db, userId, row.rootId);
    const at = series ? instanceAt(seriesOf(series), row.originalInstance) : null;
    if (!series || !at) return { kind: 'single', row };
    return { kind: 'override', row, series, instanceNumber: row.originalInstance, at };
  }
  if (!isSeries(row)) return { kind: 'single', row };
  const n = ref.instanceNumber;
  const at = n <= MAX_INSTANCE_NUMBER ? instanceAt(seriesOf(row), n) : null;
  if (!at || at.start > EVENT_LIMITS.maxTime) throw notFound();
  if (row.exceptions.includes(n)) {
    const override = await overrideFor(db, userId, row, n);
    if (!override) throw notFound();
    return { kind: 'override', row: override, series: row, instanceNumber: n, at };
  }
  return { kind: 'series', row, instanceNumber: n, at };
}

/** Refuses changes to synced events (and to instances of synced series). */
export function assertEditable(located: Located): void {
  const synced =
    located.row.source !== '' || (located.kind === 'override' && located.series.source !== '');
  if (synced) throw new AppError(SYNCED_READ_ONLY_CODE, SYNCED_READ_ONLY_MESSAGE);
}

export function valuesOf(event: StoredEvent): EventValues {
  return {
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    categoryId: event.categoryId,
    travelTop: event.travelTop,
    travelBottom: event.travelBottom,
    notifications: event.notifications,
    recurrenceRule: event.recurrenceRule,
    timezone: event.timezone,
    note: event.note,
    checklist: event.checklist,
  };
}

/** The values the instance shows now (a series instance has its own times). */
export function currentValues(located: Located): EventValues {
  const values = valuesOf(located.row);
  if (located.kind === 'series') return { ...values, start: located.at.start, end: located.at.end };
  if (located.kind === 'override')
    return { ...values, recurrenceRule: located.series.recurrenceRule };
  return values;
}
