import { randomUUID } from 'node:crypto';
import {
  deleteRecurringInstance,
  editRecurringInstance,
  instanceAt,
  isRecurring,
  type RecurrenceScope,
} from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { OccurrenceState, ReminderInstance, StoredReminder } from './reminder';
import type { ReminderValues } from './reminder-input';
import { seriesOfReminder, toReminderInstance } from './reminder-instances';
import { settled, type LocatedReminder } from './reminder-locate';
import {
  deleteOccurrences,
  deleteReminderRows,
  insertReminder,
  saveOccurrence,
  saveReminder,
} from './reminders-repository';

type Db = Kysely<Schema>;
type Occurrence = Extract<LocatedReminder, { kind: 'occurrence' }>;

const NONE = { freq: 'none' as const, interval: 1, byDay: '', until: 0, count: 0 };

function blankState(reminderId: string, instanceNumber: number, now: number): OccurrenceState {
  return {
    reminderId,
    instanceNumber,
    status: 0,
    isDeleted: false,
    start: null,
    title: null,
    star: null,
    allDay: null,
    updatedAt: now,
  };
}

/** Scope 0: what differs from the series is kept for this occurrence alone. */
async function editOccurrence(
  db: Db,
  userId: string,
  o: Occurrence,
  next: ReminderValues,
  now: number,
) {
  const { row } = o;
  const state: OccurrenceState = {
    ...blankState(row.id, o.instanceNumber, now),
    status: next.status,
    start: next.start !== o.at.start ? next.start : null,
    title: next.title !== row.title ? next.title : null,
    star: next.star !== row.star ? next.star : null,
    allDay: next.allDay !== row.allDay ? next.allDay : null,
  };
  await saveOccurrence(db, userId, state);
  const states = [...o.states.filter((s) => s.instanceNumber !== o.instanceNumber), state];
  const saved = settled(row, states, now);
  await saveReminder(db, userId, saved);
  return toReminderInstance(saved, o.at, state);
}

/** Moves the states past the cut to `to` (renumbered) when the core kept their numbers. */
async function carryStates(
  db: Db,
  userId: string,
  o: Occurrence,
  to: StoredReminder,
  keptNumbers: readonly number[],
): Promise<OccurrenceState[]> {
  const n = o.instanceNumber;
  const after = o.states.filter((s) => s.instanceNumber >= n);
  await deleteOccurrences(
    db,
    userId,
    o.row.id,
    after.map((s) => s.instanceNumber),
  );
  const carried = after
    .filter((s) => s.instanceNumber > n && keptNumbers.includes(s.instanceNumber - n))
    .map((s) => ({ ...s, reminderId: to.id, instanceNumber: s.instanceNumber - n }));
  for (const s of carried) await saveOccurrence(db, userId, s);
  return carried;
}

function applySeries(
  row: StoredReminder,
  values: ReminderValues,
  start: number,
  rule: ReminderValues['recurrenceRule'],
) {
  return { ...row, ...values, start, recurrenceRule: rule && isRecurring(rule) ? rule : null };
}

export interface ReminderEdit {
  current: ReminderValues;
  next: ReminderValues;
  seriesValues: ReminderValues;
  statusChanged: boolean;
}

/**
 * Stores a change of one occurrence of a recurring reminder with `scope` (0 this one, 1 this
 * and following, 2 all) through the core's pure operations; answers the changed occurrence.
 * The core is given every stored state's number as an exception, so its answer says which
 * states still name the same occurrences.
 */
export async function editRecurringReminder(
  db: Db,
  userId: string,
  o: Occurrence,
  edit: ReminderEdit,
  scope: RecurrenceScope,
  now: number,
): Promise<ReminderInstance> {
  if (scope === 0) return editOccurrence(db, userId, o, edit.next, now);
  const series = seriesOfReminder(
    o.row,
    o.states.map((s) => s.instanceNumber),
  );
  // "This and following" starts where the user put the occurrence; "all" moves by the change.
  const start = scope === 1 ? edit.next.start : o.at.start + (edit.next.start - edit.current.start);
  const change = {
    start,
    end: start,
    rule: edit.next.recurrenceRule ?? NONE,
  };
  const result = editRecurringInstance(series, o.instanceNumber, change, scope);
  let target: StoredReminder;
  let states: OccurrenceState[];
  let number: number;
  if (result.scope === 1) {
    const cut = result.series;
    const id = cut ? randomUUID() : o.row.id;
    const base = cut ? { ...o.row, id, rootId: o.row.rootId || o.row.id, createdAt: now } : o.row;
    target = applySeries(base, edit.seriesValues, result.following.start, result.following.rule);
    states = await carryStates(db, userId, o, target, result.following.exceptions);
    number = 0;
    if (cut) {
      const kept = o.states.filter((s) => s.instanceNumber < o.instanceNumber);
      const truncated = { ...o.row, recurrenceRule: isRecurring(cut.rule) ? cut.rule : null };
      await saveReminder(db, userId, settled(truncated, kept, now));
      await insertReminder(db, userId, settled({ ...target, status: 0 }, states, now));
    }
  } else if (result.scope === 2) {
    target = applySeries(o.row, edit.seriesValues, result.series.start, result.series.rule);
    const keep = result.droppedExceptions.length === 0 && target.recurrenceRule !== null;
    if (!keep)
      await deleteOccurrences(
        db,
        userId,
        o.row.id,
        o.states.map((s) => s.instanceNumber),
      );
    states = keep ? o.states : [];
    number = o.instanceNumber;
  } else {
    throw new Error('unexpected edit scope');
  }
  return finishSeriesEdit(db, userId, target, states, number, edit, now);
}

async function finishSeriesEdit(
  db: Db,
  userId: string,
  target: StoredReminder,
  states: OccurrenceState[],
  number: number,
  edit: ReminderEdit,
  now: number,
): Promise<ReminderInstance> {
  if (!target.recurrenceRule) target = { ...target, status: edit.next.status };
  let state = states.find((s) => s.instanceNumber === number);
  if (target.recurrenceRule && edit.statusChanged) {
    state = {
      ...(state ?? blankState(target.id, number, now)),
      status: edit.next.status,
      updatedAt: now,
    };
    await saveOccurrence(db, userId, state);
    states = [...states.filter((s) => s.instanceNumber !== number), state];
  }
  const saved = settled(target, states, now);
  await saveReminder(db, userId, saved);
  const at = instanceAt(seriesOfReminder(saved, []), number) ?? {
    start: saved.start,
    end: saved.start,
    instanceNumber: 0,
  };
  return toReminderInstance(saved, at, state);
}

/** Deletes one occurrence (0), it and the following ones (1) or the whole series (2). */
export async function deleteRecurringReminder(
  db: Db,
  userId: string,
  o: Occurrence,
  scope: RecurrenceScope,
  now: number,
): Promise<void> {
  const n = o.instanceNumber;
  const result = deleteRecurringInstance(seriesOfReminder(o.row), n, scope);
  if (!result.series) {
    await deleteReminderRows(db, userId, [o.row.id]);
    return;
  }
  if (result.scope === 0) {
    const state = { ...(o.state ?? blankState(o.row.id, n, now)), isDeleted: true, updatedAt: now };
    await saveOccurrence(db, userId, state);
    const states = [...o.states.filter((s) => s.instanceNumber !== n), state];
    await saveReminder(db, userId, settled(o.row, states, now));
    return;
  }
  const gone = o.states.filter((s) => s.instanceNumber >= n);
  await deleteOccurrences(
    db,
    userId,
    o.row.id,
    gone.map((s) => s.instanceNumber),
  );
  const kept = o.states.filter((s) => s.instanceNumber < n);
  const rule = isRecurring(result.series.rule) ? result.series.rule : null;
  await saveReminder(db, userId, settled({ ...o.row, recurrenceRule: rule }, kept, now));
}
