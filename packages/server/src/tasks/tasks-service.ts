import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIME_SCHEDULED_MS,
  REOPEN_ZERO_RESET_MS,
  TASK_PAGE_SIZES,
  UNCONFIRMED_MORE_TIME_MS,
  clampTaskDuration,
} from '@planner/core';
import type { Input, Plain, Task as WireTask } from '@planner/protocol';
import { categoryExists } from '../categories/categories-repository';
import { invalid, notFound } from '../rpc/errors';
import type { Db, OpenPlan, PlanAccess } from '../rpc/context';
import { applyTaskFields, parseFields, type TaskField } from './task-input';
import type { Task, TaskStatusFilter } from './task';
import type { TaskPlanning } from './task-planning';
import { presentCheapTask, presentTask } from './task-presenter';
import {
  changeSeries,
  endSeries,
  joinNewSeries,
  leaveEndedSeries,
  startSeries,
} from './recurring-tasks';
import {
  deleteTaskRow,
  findTask,
  findTasks,
  insertTask,
  listRecurringSiblings,
  saveTask,
  taskByIdRead,
  taskListRead,
  tasksInOrderRead,
} from './tasks-repository';
import { recordEstimate } from '../estimates/estimates-repository';
import type { Statement } from '../db/together';

const MAX_REST_MS = 24 * 3_600_000;

/** Who calls, in which transaction, with the plan the runtime opens and the planning port. */
export interface TaskCall {
  db: Db;
  userId: string;
  plan: PlanAccess;
  planning: TaskPlanning;
}

/** A call with its plan open: what every change of a planned task works on. */
interface PlannedCall extends TaskCall {
  now: number;
  opened: OpenPlan;
}

async function requireCategory(db: Db, userId: string, categoryId: string): Promise<void> {
  if (!categoryId || !(await categoryExists(db, userId, categoryId))) {
    throw invalid('invalid.chooseCategory');
  }
}

function newTask(now: number): Task {
  return {
    id: randomUUID(),
    title: '',
    categoryId: '',
    timeScheduled: DEFAULT_TIME_SCHEDULED_MS,
    deadline: -1,
    isCompleted: false,
    note: '',
    checklist: [],
    order: null,
    recurrenceRule: null,
    recurringTaskId: '',
    instanceNumber: 0,
    expectedStart: -1,
    isUnconfirmed: false,
    createdAt: now,
    updatedAt: now,
    completedAt: -1,
  };
}

/**
 * Completion changes the timeline: done removes the task from the plan (its future blocks and
 * session end, timeScheduled becomes 0, an optional rest follows); reopening gives a task with
 * nothing scheduled one hour again.
 */
function applyCompletion(call: PlannedCall, task: Task, isCompleted: boolean, rest: number): Task {
  const { now } = call;
  if (isCompleted && !task.isCompleted) {
    call.planning.completed(call.opened, task.id, rest);
    return { ...task, isCompleted: true, timeScheduled: 0, completedAt: now, isUnconfirmed: false };
  }
  if (!isCompleted && task.isCompleted) {
    const timeScheduled = task.timeScheduled > 0 ? task.timeScheduled : REOPEN_ZERO_RESET_MS;
    return {
      ...task,
      isCompleted: false,
      completedAt: -1,
      timeScheduled: clampTaskDuration(timeScheduled, false),
    };
  }
  return task;
}

/** Mirrors a saved task into the plan (when the call has one open). */
function syncPlan(call: PlannedCall | SessionlessWrite, task: Task): void {
  if (call.opened) call.planning.saved(call.opened, task);
}

/** The fields the planner reads; a change of any other field leaves the plan as it was. */
const PLANNING_FIELDS: readonly TaskField[] = ['timeScheduled', 'deadline', 'isCompleted'];

export async function putTask(
  call: TaskCall,
  now: number,
  input: Input<'PutTask'>,
): Promise<Plain<WireTask>> {
  const { db, userId } = call;
  if (!input.task) throw invalid('field "task": required');
  if (input.rest < 0 || input.rest > MAX_REST_MS) throw invalid('field "rest": 0 to 24 hours');
  const isNew = input.task.id === '';
  const mask = parseFields(isNew ? [] : input.fields);
  // A rule change may start, move or end a series, which keeps its next occurrence on the
  // timeline state.
  const replans =
    isNew ||
    input.doItNow ||
    mask.has('recurrenceRule') ||
    PLANNING_FIELDS.some((f) => mask.has(f));
  if (!replans) return putUnplannedTask(call, now, input, input.task, mask);
  const existing = isNew ? newTask(now) : await findTask(db, userId, input.task.id);
  if (!existing) throw notFound();
  const task = applyTaskFields(existing, input.task, mask);
  if (isNew && input.task.timeScheduled === 0) task.timeScheduled = DEFAULT_TIME_SCHEDULED_MS;
  if (isNew || mask.has('category')) await requireCategory(db, userId, task.categoryId);
  task.updatedAt = now;
  const saved = await putPlannedTask({ ...call, now, input, mask, existing, task, isNew });
  // The estimate as typed (before do-it-now adds time): what estimate accuracy measures against.
  if ((isNew || mask.has('timeScheduled')) && !saved.isCompleted)
    await recordEstimate(db, userId, saved.id, task.timeScheduled, now);
  const extras = await call.planning.storedExtras(db, userId, [saved.id], now);
  return presentTask(saved, extras, true);
}

/**
 * A title, note, checklist or category edit (the common one) cannot move any block: the
 * timeline is only marked updated; the next read replays it as usual. Nor does it change what
 * the answer's extras show (category list, time spent), so they are read with the task, and the
 * writes go with the commit: three round trips on PostgreSQL.
 */
async function putUnplannedTask(
  call: TaskCall,
  now: number,
  input: Input<'PutTask'>,
  fields: Plain<WireTask>,
  mask: ReadonlySet<TaskField>,
): Promise<Plain<WireTask>> {
  const { db, userId } = call;
  const [existing, extras] = await call.planning.storedExtrasWith(
    db,
    userId,
    [fields.id],
    now,
    taskByIdRead(db, userId, fields.id),
  );
  if (!existing) throw notFound();
  const task = applyTaskFields(existing, fields, mask);
  if (mask.has('category')) await requireCategory(db, userId, task.categoryId);
  task.updatedAt = now;
  await saveTask(db, userId, task);
  if (input.updateType > 0 && task.recurringTaskId) {
    await applyToSiblings({ ...call, now, opened: null }, existing, input, mask);
    await changeSeries(db, userId, null, existing, task, mask);
  }
  await call.plan.touch(now);
  return presentTask(task, extras, true);
}

interface PlannedPut extends TaskCall {
  now: number;
  input: Input<'PutTask'>;
  mask: ReadonlySet<TaskField>;
  existing: Task;
  task: Task;
  isNew: boolean;
}

async function putPlannedTask(p: PlannedPut): Promise<Task> {
  const { db, userId, now, input, mask, existing, isNew } = p;
  let task = p.task;
  const call: PlannedCall = { ...p, opened: await p.plan.open(now) };
  if (mask.has('isCompleted'))
    task = applyCompletion(call, task, input.task?.isCompleted ?? false, input.rest);
  if (!task.isCompleted && task.timeScheduled > existing.timeScheduled) task.isUnconfirmed = false;
  task.updatedAt = now;
  if (mask.has('recurrenceRule')) await leaveEndedSeries(db, userId, task);
  const startsSeries = joinNewSeries(task, input.task?.expectedStart ?? 0);
  if (isNew) await insertTask(db, userId, task);
  else await saveTask(db, userId, task);
  syncPlan(call, task);
  if (input.doItNow && !task.isCompleted) call.planning.startNow(call.opened, task.id);
  const series = { db, userId, ...call.planning.seriesState(call.opened) };
  if (startsSeries) await startSeries(series, task);
  else if (!isNew && input.updateType > 0 && task.recurringTaskId) {
    await applyToSiblings(call, existing, input, mask);
    await changeSeries(db, userId, series, existing, task, mask);
  }
  await call.opened.settle();
  // The state machine may have changed the task (time added by do-it-now): answer the stored one.
  const saved = await findTask(db, userId, task.id);
  if (!saved) throw notFound();
  return saved;
}

/** A write done without the state machine (the change cannot move any block). */
interface SessionlessWrite extends TaskCall {
  now: number;
  opened: null;
}

/** updateType 1 (this and following) or 2 (all): the same change on the series' other tasks. */
async function applyToSiblings(
  session: PlannedCall | SessionlessWrite,
  task: Task,
  input: Input<'PutTask'>,
  mask: ReadonlySet<string>,
): Promise<void> {
  const fields = [...mask].filter((f) => f !== 'isCompleted');
  if (fields.length === 0 || !input.task) return;
  const siblings = await listRecurringSiblings(session.db, session.userId, task.recurringTaskId);
  for (const sibling of siblings) {
    if (sibling.id === task.id) continue;
    if (input.updateType === 1 && sibling.instanceNumber < task.instanceNumber) continue;
    const changed = applyTaskFields(
      sibling,
      { ...input.task, id: sibling.id },
      parseFields(fields),
    );
    changed.updatedAt = session.now;
    await saveTask(session.db, session.userId, changed);
    syncPlan(session, changed);
  }
}

export async function putMultipleTasks(
  taskCall: TaskCall,
  now: number,
  input: Input<'PutMultipleTasks'>,
): Promise<Plain<WireTask>[]> {
  const { db, userId } = taskCall;
  const call: PlannedCall = { ...taskCall, now, opened: await taskCall.plan.open(now) };
  const ids: string[] = [];
  for (const [index, update] of input.req.entries()) {
    if (!update.task) throw invalid(`field "req[${index}].task": required`);
    const task = await findTask(db, userId, update.task.id);
    if (!task) throw notFound();
    const mask = parseFields(update.fields, ['isCompleted', 'timeScheduled']);
    let changed: Task = { ...task, isUnconfirmed: false, updatedAt: now };
    if (mask.has('isCompleted') && update.task.isCompleted) {
      changed = applyCompletion(call, changed, true, 0);
    } else {
      changed = applyCompletion(call, changed, false, 0);
      const asked = mask.has('timeScheduled') ? update.task.timeScheduled : 0;
      // An unchecked task gets one more hour unless the answer says how much.
      const wanted =
        asked > changed.timeScheduled ? asked : changed.timeScheduled + UNCONFIRMED_MORE_TIME_MS;
      changed.timeScheduled = clampTaskDuration(wanted, false);
    }
    await saveTask(db, userId, changed);
    syncPlan(call, changed);
    ids.push(changed.id);
  }
  await call.opened.settle();
  const saved = await findTasks(db, userId, ids);
  const extras = await call.planning.storedExtras(
    db,
    userId,
    saved.map((t) => t.id),
    now,
  );
  return saved.map((t) => presentTask(t, extras, false));
}

/** Deletes tasks with every block they had (their time records go with them). */
async function deleteTasks(call: PlannedCall, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    await call.planning.deleted(call.opened, id);
    await deleteTaskRow(call.db, call.userId, id);
  }
}

export async function deleteTask(
  taskCall: TaskCall,
  now: number,
  id: string,
  deleteType = 0,
): Promise<void> {
  const { db, userId } = taskCall;
  if (deleteType < 0 || deleteType > 2) throw invalid('field "deleteType": 0, 1 or 2');
  const task = await findTask(db, userId, id);
  if (!task) throw notFound();
  const call: PlannedCall = { ...taskCall, now, opened: await taskCall.plan.open(now) };
  let ids = [task.id];
  if (deleteType > 0 && task.recurringTaskId) {
    const siblings = await listRecurringSiblings(db, userId, task.recurringTaskId);
    ids = siblings
      .filter(
        (s) => s.id === task.id || deleteType === 2 || s.instanceNumber >= task.instanceNumber,
      )
      .map((s) => s.id);
    await endSeries(db, userId, task.recurringTaskId);
  }
  await deleteTasks(call, ids);
  await call.opened.settle();
}

const STATUSES: readonly TaskStatusFilter[] = ['todo', 'done', 'unconfirmed', 'all'];

export async function getTasks(
  db: Db,
  userId: string,
  planning: TaskPlanning,
  now: number,
  input: Input<'GetTasks'>,
): Promise<Plain<WireTask>[]> {
  const status = (input.status || 'todo') as TaskStatusFilter;
  if (!STATUSES.includes(status)) throw invalid(`field "status": unknown status "${input.status}"`);
  // The tasks are read with what the answer needs beside them: one round trip on PostgreSQL.
  const read: Statement<Task[]> =
    input.ids.length > 0
      ? tasksInOrderRead(db, userId, input.ids)
      : taskListRead(db, userId, {
          status,
          offset: input.offset,
          limit: input.limit || TASK_PAGE_SIZES[status],
          keyword: input.keyword.trim(),
        });
  if (input.cheap) {
    const [tasks, extras] = await planning.storedExtrasWith(db, userId, [], now, read);
    return tasks.map((t) => presentCheapTask(t, extras.categories));
  }
  const [tasks, extras] = await planning.plannedExtrasWith(db, userId, now, read, (listed) =>
    listed.map((t) => t.id),
  );
  return tasks.map((t) => presentTask(t, extras, input.withNote));
}
