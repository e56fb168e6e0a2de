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
import type { Db } from '../rpc/context';
import { completeTask, startTaskNow, takeRest } from '../timeline/controls';
import { bumpTimelineUpdatedAt, deleteTaskBlocks } from '../timeline/timeline-repository';
import {
  newBlockId,
  openTimeline,
  saveTimeline,
  settle,
  type TimelineSession,
} from '../timeline/timeline-session';
import { dropBlock } from '../timeline/world';
import { applyTaskFields, parseFields, type TaskField } from './task-input';
import { toPlanningTask, type Task, type TaskStatusFilter } from './task';
import { loadTaskExtras } from './task-extras';
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
  listTasks,
  saveTask,
} from './tasks-repository';
import { recordEstimate } from '../estimates/estimates-repository';

const MAX_REST_MS = 24 * 3_600_000;

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
function applyCompletion(
  session: TimelineSession,
  task: Task,
  isCompleted: boolean,
  rest: number,
): Task {
  const { now, world } = session;
  if (isCompleted && !task.isCompleted) {
    completeTask(world, task.id, now);
    if (rest > 0) takeRest(world, now, rest, newBlockId);
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

/** Mirrors a saved task into the state machine's view (when the call has one open). */
function syncWorld(session: Pick<TimelineSession, 'world'> | { world: null }, task: Task): void {
  if (!session.world) return;
  if (task.isCompleted) session.world.tasks.delete(task.id);
  else session.world.tasks.set(task.id, toPlanningTask(task));
}

/** The fields the planner reads; a change of any other field leaves the plan as it was. */
const PLANNING_FIELDS: readonly TaskField[] = ['timeScheduled', 'deadline', 'isCompleted'];

export async function putTask(
  db: Db,
  userId: string,
  now: number,
  input: Input<'PutTask'>,
): Promise<Plain<WireTask>> {
  if (!input.task) throw invalid('field "task": required');
  if (input.rest < 0 || input.rest > MAX_REST_MS) throw invalid('field "rest": 0 to 24 hours');
  const isNew = input.task.id === '';
  const existing = isNew ? newTask(now) : await findTask(db, userId, input.task.id);
  if (!existing) throw notFound();
  const mask = parseFields(isNew ? [] : input.fields);
  const task = applyTaskFields(existing, input.task, mask);
  if (isNew && input.task.timeScheduled === 0) task.timeScheduled = DEFAULT_TIME_SCHEDULED_MS;
  if (isNew || mask.has('category')) await requireCategory(db, userId, task.categoryId);
  task.updatedAt = now;
  // A rule change may start, move or end a series, which keeps its next occurrence on the
  // timeline state.
  const replans =
    isNew ||
    input.doItNow ||
    mask.has('recurrenceRule') ||
    PLANNING_FIELDS.some((f) => mask.has(f));
  // A title, note, checklist or category edit (the common one) cannot move any block: the
  // timeline is only marked updated; the next read replays it as usual.
  const saved = replans
    ? await putPlannedTask({ db, userId, now, input, mask, existing, task, isNew })
    : await putUnplannedTask(db, userId, now, input, mask, existing, task);
  // The estimate as typed (before do-it-now adds time): what estimate accuracy measures against.
  if ((isNew || mask.has('timeScheduled')) && !saved.isCompleted)
    await recordEstimate(db, userId, saved.id, task.timeScheduled, now);
  const extras = await loadTaskExtras(db, userId, [saved.id], now, null);
  return presentTask(saved, extras, true);
}

async function putUnplannedTask(
  db: Db,
  userId: string,
  now: number,
  input: Input<'PutTask'>,
  mask: ReadonlySet<TaskField>,
  existing: Task,
  task: Task,
): Promise<Task> {
  await saveTask(db, userId, task);
  if (input.updateType > 0 && task.recurringTaskId) {
    await applyToSiblings({ db, userId, now, world: null }, existing, input, mask);
    await changeSeries(db, userId, null, existing, task, mask);
  }
  await bumpTimelineUpdatedAt(db, userId, now);
  return task;
}

interface PlannedPut {
  db: Db;
  userId: string;
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
  const session = await openTimeline(db, userId, now, { forWrite: true });
  if (mask.has('isCompleted'))
    task = applyCompletion(session, task, input.task?.isCompleted ?? false, input.rest);
  if (!task.isCompleted && task.timeScheduled > existing.timeScheduled) task.isUnconfirmed = false;
  task.updatedAt = now;
  if (mask.has('recurrenceRule')) await leaveEndedSeries(db, userId, task);
  const startsSeries = joinNewSeries(task, input.task?.expectedStart ?? 0);
  if (isNew) await insertTask(db, userId, task);
  else await saveTask(db, userId, task);
  syncWorld(session, task);
  if (input.doItNow && !task.isCompleted)
    startTaskNow(session.world, session.settings, task.id, now, newBlockId);
  const series = {
    db,
    userId,
    state: session.world.state,
    timeZone: session.profile.timezone,
  };
  if (startsSeries) await startSeries(series, task);
  else if (!isNew && input.updateType > 0 && task.recurringTaskId) {
    await applyToSiblings(session, existing, input, mask);
    await changeSeries(db, userId, series, existing, task, mask);
  }
  settle(session);
  await saveTimeline(session, true);
  // The state machine may have changed the task (time added by do-it-now): answer the stored one.
  const saved = await findTask(db, userId, task.id);
  if (!saved) throw notFound();
  return saved;
}

/** A write done without the state machine (the change cannot move any block). */
interface SessionlessWrite {
  db: Db;
  userId: string;
  now: number;
  world: null;
}

/** updateType 1 (this and following) or 2 (all): the same change on the series' other tasks. */
async function applyToSiblings(
  session: Pick<TimelineSession, 'db' | 'userId' | 'now' | 'world'> | SessionlessWrite,
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
    syncWorld(session, changed);
  }
}

export async function putMultipleTasks(
  db: Db,
  userId: string,
  now: number,
  input: Input<'PutMultipleTasks'>,
): Promise<Plain<WireTask>[]> {
  const session = await openTimeline(db, userId, now, { forWrite: true });
  const ids: string[] = [];
  for (const [index, update] of input.req.entries()) {
    if (!update.task) throw invalid(`field "req[${index}].task": required`);
    const task = await findTask(db, userId, update.task.id);
    if (!task) throw notFound();
    const mask = parseFields(update.fields, ['isCompleted', 'timeScheduled']);
    let changed: Task = { ...task, isUnconfirmed: false, updatedAt: now };
    if (mask.has('isCompleted') && update.task.isCompleted) {
      changed = applyCompletion(session, changed, true, 0);
    } else {
      changed = applyCompletion(session, changed, false, 0);
      const asked = mask.has('timeScheduled') ? update.task.timeScheduled : 0;
      // An unchecked task gets one more hour unless the answer says how much.
      const wanted =
        asked > changed.timeScheduled ? asked : changed.timeScheduled + UNCONFIRMED_MORE_TIME_MS;
      changed.timeScheduled = clampTaskDuration(wanted, false);
    }
    await saveTask(db, userId, changed);
    syncWorld(session, changed);
    ids.push(changed.id);
  }
  settle(session);
  await saveTimeline(session, true);
  const saved = await findTasks(db, userId, ids);
  const extras = await loadTaskExtras(
    db,
    userId,
    saved.map((t) => t.id),
    now,
    null,
  );
  return saved.map((t) => presentTask(t, extras, false));
}

/** Deletes tasks with every block they had (their time records go with them). */
async function deleteTasks(session: TimelineSession, ids: readonly string[]): Promise<void> {
  const { db, userId, world } = session;
  for (const id of ids) {
    if (world.state.currentBlockId && world.blocks.get(world.state.currentBlockId)?.taskId === id) {
      world.state.currentBlockId = '';
      world.changes.state = true;
    }
    for (const block of [...world.blocks.values()])
      if (block.taskId === id) dropBlock(world, block.id);
    world.tasks.delete(id);
    await deleteTaskBlocks(db, userId, id);
    await deleteTaskRow(db, userId, id);
  }
}

export async function deleteTask(
  db: Db,
  userId: string,
  now: number,
  id: string,
  deleteType = 0,
): Promise<void> {
  if (deleteType < 0 || deleteType > 2) throw invalid('field "deleteType": 0, 1 or 2');
  const task = await findTask(db, userId, id);
  if (!task) throw notFound();
  const session = await openTimeline(db, userId, now, { forWrite: true });
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
  await deleteTasks(session, ids);
  settle(session);
  await saveTimeline(session, true);
}

const STATUSES: readonly TaskStatusFilter[] = ['todo', 'done', 'unconfirmed', 'all'];

export async function getTasks(
  db: Db,
  userId: string,
  now: number,
  input: Input<'GetTasks'>,
): Promise<Plain<WireTask>[]> {
  const status = (input.status || 'todo') as TaskStatusFilter;
  if (!STATUSES.includes(status)) throw invalid(`field "status": unknown status "${input.status}"`);
  let tasks: Task[];
  if (input.ids.length > 0) {
    const found = new Map((await findTasks(db, userId, input.ids)).map((t) => [t.id, t]));
    tasks = input.ids.flatMap((id) => found.get(id) ?? []);
  } else {
    const limit = input.limit || TASK_PAGE_SIZES[status];
    tasks = await listTasks(db, userId, {
      status,
      offset: input.offset,
      limit,
      keyword: input.keyword.trim(),
    });
  }
  if (input.cheap) {
    const extras = await loadTaskExtras(db, userId, [], now, null);
    return tasks.map((t) => presentCheapTask(t, extras.categories));
  }
  const session = await openTimeline(db, userId, now);
  const { plan } = await saveTimeline(session);
  const extras = await loadTaskExtras(
    db,
    userId,
    tasks.map((t) => t.id),
    now,
    { session, plan },
  );
  return tasks.map((t) => presentTask(t, extras, input.withNote));
}
