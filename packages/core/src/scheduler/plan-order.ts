import { orderDeadlineTasks } from './deadline-selection';
import type { FreeAxis } from './free-axis';
import type { Interval, PlanResult, PlanTask, PlannedBlock, UnplannedTask } from './types';

export interface TaskToPlan {
  task: PlanTask;
  /** Time still to plan, ms (above zero). */
  remaining: number;
}

export function hasDeadline(task: PlanTask): boolean {
  return task.deadline !== -1;
}

/**
 * Plan order: tasks with a deadline first, earliest first; then the rest by their order key
 * (or creation time when they have none); ties on id so the plan is deterministic.
 */
export function comparePlanOrder(a: PlanTask, b: PlanTask): number {
  const aHas = hasDeadline(a);
  const bHas = hasDeadline(b);
  if (aHas !== bHas) return aHas ? -1 : 1;
  if (aHas && a.deadline !== b.deadline) return a.deadline - b.deadline;
  const aKey = a.order ?? a.createdAt;
  const bKey = b.order ?? b.createdAt;
  if (aKey !== bKey) return aKey - bKey;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * `tasks` sorted by comparePlanOrder. The keys are read once into typed arrays and the sort
 * compares them, not the tasks: comparing the task objects directly read their fields through
 * many shapes and boxed a number per comparison, which made this sort a third of a plan.
 */
export function sortInPlanOrder(tasks: readonly TaskToPlan[]): TaskToPlan[] {
  const n = tasks.length;
  // Deadline tasks first, by deadline (the others get +Infinity), then the order key.
  const due = new Float64Array(n);
  const key = new Float64Array(n);
  const indexes: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const { task } = tasks[i] as TaskToPlan;
    due[i] = hasDeadline(task) ? task.deadline : Infinity;
    key[i] = task.order ?? task.createdAt;
    indexes.push(i);
  }
  indexes.sort((a, b) => {
    const dueA = due[a] as number;
    const dueB = due[b] as number;
    if (dueA !== dueB) return dueA < dueB ? -1 : 1;
    const keyA = key[a] as number;
    const keyB = key[b] as number;
    if (keyA !== keyB) return keyA < keyB ? -1 : 1;
    const idA = (tasks[a] as TaskToPlan).task.id;
    const idB = (tasks[b] as TaskToPlan).task.id;
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  });
  return indexes.map((i) => tasks[i] as TaskToPlan);
}

/** The free time to plan in: its gaps, as an axis, and where the computed window ends. */
export interface PlanningTime {
  axis: FreeAxis;
  gaps: Interval[];
  end: number;
  /** The axis over `gaps` less other task blocks (kept ones of a stable re-plan), shaped. */
  axisAround: (gaps: readonly Interval[], taskBlocks: readonly Interval[]) => FreeAxis;
}

/** Deadline tasks that can all be on time first (deadline order), then the late ones, then the rest. */
export function planOrder(tasks: TaskToPlan[], axis: FreeAxis, horizonEnd: number): TaskToPlan[] {
  const sorted = sortInPlanOrder(tasks);
  // The deadline tasks come first in plan order.
  let deadlineCount = 0;
  while (deadlineCount < sorted.length && hasDeadline((sorted[deadlineCount] as TaskToPlan).task))
    deadlineCount += 1;
  const jobs: { duration: number; deadline: number }[] = [];
  for (let i = 0; i < deadlineCount; i += 1) {
    const { task, remaining } = sorted[i] as TaskToPlan;
    jobs.push({ duration: remaining, deadline: task.deadline });
  }
  const ordered: TaskToPlan[] = [];
  for (const i of orderDeadlineTasks(jobs, axis, horizonEnd)) ordered.push(sorted[i] as TaskToPlan);
  for (let i = deadlineCount; i < sorted.length; i += 1) ordered.push(sorted[i] as TaskToPlan);
  return ordered;
}

/** A plan without `moved`: blocks in plan order (not yet sorted), unplanned and late tasks. */
export type Placement = Omit<PlanResult, 'moved'>;

/**
 * Places the tasks one after another in the given order, each from where the previous ended.
 * Past `limit` tasks are reported `taskLimit`; once one does not fit, the rest are `horizon`.
 */
export function placeInOrder(
  ordered: readonly TaskToPlan[],
  axis: FreeAxis,
  from: number,
  horizonEnd: number,
  limit: number,
): Placement {
  const timeblocks: PlannedBlock[] = [];
  const unplanned: UnplannedTask[] = [];
  const late: string[] = [];
  let cursor = from;
  let isHorizonReached = false;
  ordered.forEach(({ task, remaining }, index) => {
    if (index >= limit) {
      unplanned.push({ task: task.id, remaining, reason: 'taskLimit' });
      return;
    }
    if (isHorizonReached) {
      unplanned.push({ task: task.id, remaining, reason: 'horizon' });
      if (hasDeadline(task) && task.deadline < horizonEnd) late.push(task.id);
      return;
    }
    const placed = axis.place(cursor, remaining);
    for (const piece of placed.pieces)
      timeblocks.push({ task: task.id, start: piece.start, end: piece.end });
    cursor = placed.end;
    if (placed.unplaced > 0) {
      // Whatever follows a task that does not fit does not fit either (plan order is kept).
      isHorizonReached = true;
      unplanned.push({ task: task.id, remaining: placed.unplaced, reason: 'horizon' });
    }
    const finishesLate =
      placed.unplaced > 0 ? task.deadline < horizonEnd : placed.end > task.deadline;
    if (hasDeadline(task) && finishesLate) late.push(task.id);
  });
  return { timeblocks, unplanned, late };
}

/** Everything a plan is made from: the open tasks in plan order and the free time. */
export interface PlanBasis {
  horizonEnd: number;
  time: PlanningTime;
  ordered: TaskToPlan[];
  limit: number;
}
