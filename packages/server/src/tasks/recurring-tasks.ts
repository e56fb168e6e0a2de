import { randomUUID } from 'node:crypto';
import {
  expandRecurrence,
  instanceAt,
  startsOnPattern,
  type RecurrenceRule,
  type RecurrenceSeries,
} from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { TimelineState } from '../plan-store/timeblock';
import { bumpedTime, saveRecurringTaskProgress } from '../plan-store/timeline-state';
import { NEVER } from '../plan-store/timeblock';
import type { TaskField } from './task-input';
import type { Task, TaskRecurrenceRule, TaskSeries } from './task';
import {
  deleteSeries,
  earliestSeriesNextAt,
  findSeries,
  insertSeries,
  insertTaskInstance,
  listDueSeries,
  saveSeries,
} from './tasks-repository';

type Db = Kysely<Schema>;

/*
 * Recurring tasks (docs/timeline-server.md, "Recurring tasks"). A task saved with a rule starts a
 * series; when an occurrence's start has arrived, the next timeline call of the user makes that
 * occurrence's task (only the latest one arrived, never twice). The user's earliest next
 * occurrence rides on the timeline state row, so calls before it do nothing here.
 */

function recurrenceOf(series: TaskSeries, timeZone: string): RecurrenceSeries {
  return {
    start: series.anchorStart,
    end: series.anchorStart,
    rule: series.rule as RecurrenceRule,
    timeZone,
  };
}

/**
 * The task number of the rule's occurrence 0 minus anchorNumber: the anchor task holds
 * anchorNumber, and is the rule's occurrence 0 unless its start is off the rule's pattern (a
 * weekday its WEEKLY byDay leaves out), when the rule's occurrences all come after it.
 */
function leadOf(series: TaskSeries, timeZone: string): number {
  return startsOnPattern(recurrenceOf(series, timeZone)) ? 0 : 1;
}

/** The start of the occurrence after the newest made one; NEVER when the rule has no more. */
function nextOccurrenceAt(series: TaskSeries, timeZone: string): number {
  const k = series.lastInstance - series.anchorNumber - leadOf(series, timeZone) + 1;
  return instanceAt(recurrenceOf(series, timeZone), k)?.start ?? NEVER;
}

/** The latest occurrence started by `now` after the newest made one, or null. */
function latestArrived(
  series: TaskSeries,
  timeZone: string,
  now: number,
): { instanceNumber: number; start: number } | null {
  const from = nextOccurrenceAt(series, timeZone);
  if (from > now) return null;
  const arrived = expandRecurrence({
    ...recurrenceOf(series, timeZone),
    windowStart: from,
    windowEnd: now + 1,
  });
  const last = arrived[arrived.length - 1];
  if (!last) return null;
  const instanceNumber = series.anchorNumber + leadOf(series, timeZone) + last.instanceNumber;
  return instanceNumber > series.lastInstance ? { instanceNumber, start: last.start } : null;
}

/** The task of one occurrence: the series' template, checklist unchecked. */
function instanceTask(
  series: TaskSeries,
  occurrence: { instanceNumber: number; start: number },
): Task {
  const { template } = series;
  return {
    id: randomUUID(),
    title: template.title,
    categoryId: template.categoryId,
    timeScheduled: template.timeScheduled,
    deadline: template.deadlineOffset === null ? -1 : occurrence.start + template.deadlineOffset,
    isCompleted: false,
    note: template.note,
    checklist: template.checklist.map((item) => ({ ...item, done: false })),
    order: null,
    recurrenceRule: { ...series.rule },
    recurringTaskId: series.id,
    instanceNumber: occurrence.instanceNumber,
    expectedStart: occurrence.start,
    isUnconfirmed: false,
    // As if made when the occurrence began, whoever looked then.
    createdAt: occurrence.start,
    updatedAt: occurrence.start,
    completedAt: -1,
  };
}

/**
 * Makes the due instances of the user's series (called as the timeline opens, after the state row
 * is read and locked, so concurrent calls of one user take turns; the unique instance index is the
 * backstop). Does nothing, and reads nothing, before `state.nextRecurringTaskAt`.
 */
export async function makeDueRecurringTasks(
  db: Db,
  userId: string,
  now: number,
  state: TimelineState,
  timeZone: string,
): Promise<void> {
  if (now < (state.nextRecurringTaskAt ?? NEVER)) return;
  let made = false;
  for (const series of await listDueSeries(db, userId, now)) {
    const occurrence = latestArrived(series, timeZone, now);
    if (occurrence) {
      made = (await insertTaskInstance(db, userId, instanceTask(series, occurrence))) || made;
      series.lastInstance = occurrence.instanceNumber;
      series.lastStart = occurrence.start;
    }
    series.nextAt = nextOccurrenceAt(series, timeZone);
    await saveSeries(db, userId, series);
  }
  state.nextRecurringTaskAt = (await earliestSeriesNextAt(db, userId)) ?? NEVER;
  if (made) {
    state.timelineUpdatedAt = bumpedTime(state.timelineUpdatedAt, now);
    state.nextTransitionAt = 0;
  }
  await saveRecurringTaskProgress(db, userId, state);
}

/** Makes `next` the user's earliest next occurrence when it is earlier than the known one. */
async function noteNextOccurrence(
  db: Db,
  userId: string,
  state: TimelineState,
  next: number,
): Promise<void> {
  if (next >= (state.nextRecurringTaskAt ?? NEVER)) return;
  state.nextRecurringTaskAt = next;
  await saveRecurringTaskProgress(db, userId, state);
}

/**
 * A task saved with a rule and not yet in a series becomes instance 0 of its own series:
 * expectedStart is the one sent, else its own (an instance of an ended series), else the task's
 * creation time. Sets the fields before saving.
 */
export function joinNewSeries(task: Task, expectedStart: number): boolean {
  if (task.recurrenceRule === null || task.recurringTaskId !== '') return false;
  task.recurringTaskId = task.id;
  task.instanceNumber = 0;
  const own = task.expectedStart ?? -1;
  task.expectedStart = expectedStart > 0 ? expectedStart : own >= 0 ? own : task.createdAt;
  return true;
}

/**
 * A rule set on a task whose series has ended (its rule was set to none) starts a series anew:
 * the task leaves the ended one, so joinNewSeries takes it.
 */
export async function leaveEndedSeries(db: Db, userId: string, task: Task): Promise<void> {
  if (task.recurrenceRule === null || task.recurringTaskId === '') return;
  if (!(await findSeries(db, userId, task.recurringTaskId))) task.recurringTaskId = '';
}

function deadlineOffsetOf(task: Task): number | null {
  const start = task.expectedStart ?? -1;
  return task.deadline > 0 && start >= 0 ? task.deadline - start : null;
}

/** The user's timeline call that saves the series: its locked state row and zone. */
export interface SeriesContext {
  db: Db;
  userId: string;
  state: TimelineState;
  timeZone: string;
}

/** Stores the series a saved task just started (see joinNewSeries). */
export async function startSeries(ctx: SeriesContext, task: Task): Promise<void> {
  if (!task.recurrenceRule) return;
  const start = task.expectedStart ?? task.createdAt;
  const series: TaskSeries = {
    id: task.id,
    rule: { ...task.recurrenceRule },
    anchorStart: start,
    anchorNumber: 0,
    lastInstance: 0,
    lastStart: start,
    nextAt: NEVER,
    template: {
      title: task.title,
      categoryId: task.categoryId,
      timeScheduled: task.timeScheduled,
      note: task.note,
      checklist: task.checklist,
      deadlineOffset: deadlineOffsetOf(task),
    },
  };
  series.nextAt = nextOccurrenceAt(series, ctx.timeZone);
  await insertSeries(ctx.db, ctx.userId, series);
  await noteNextOccurrence(ctx.db, ctx.userId, ctx.state, series.nextAt);
}

function sameRule(a: TaskRecurrenceRule | null, b: TaskRecurrenceRule | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * updateType 1 (this and following) or 2 (all) also changes the instances still to come: the
 * template takes the changed fields; a rule changed to none ends the series; another rule takes
 * over after the newest instance made (numbering goes on from it). `ctx` is null when no rule
 * changed (the call did not open the timeline).
 */
export async function changeSeries(
  db: Db,
  userId: string,
  ctx: SeriesContext | null,
  before: Task,
  task: Task,
  mask: ReadonlySet<TaskField>,
): Promise<void> {
  const series = await findSeries(db, userId, task.recurringTaskId);
  if (!series) return;
  const { template } = series;
  if (mask.has('title')) template.title = task.title;
  if (mask.has('category')) template.categoryId = task.categoryId;
  if (mask.has('timeScheduled') && task.timeScheduled > 0)
    template.timeScheduled = task.timeScheduled;
  if (mask.has('note')) template.note = task.note;
  if (mask.has('checklist')) template.checklist = task.checklist;
  if (mask.has('deadline')) template.deadlineOffset = deadlineOffsetOf(task);
  if (ctx && mask.has('recurrenceRule') && !sameRule(before.recurrenceRule, task.recurrenceRule)) {
    if (!task.recurrenceRule) {
      await deleteSeries(db, userId, series.id);
      return;
    }
    series.rule = { ...task.recurrenceRule };
    series.anchorStart = series.lastStart;
    series.anchorNumber = series.lastInstance;
    series.nextAt = nextOccurrenceAt(series, ctx.timeZone);
    await saveSeries(db, userId, series);
    await noteNextOccurrence(db, userId, ctx.state, series.nextAt);
    return;
  }
  await saveSeries(db, userId, series);
}

/** deleteType 1 or 2 removes the instances still to come too: the series makes no more. */
export async function endSeries(db: Db, userId: string, seriesId: string): Promise<void> {
  await deleteSeries(db, userId, seriesId);
}
