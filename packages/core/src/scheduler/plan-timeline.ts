import { DAY_MS } from '../time/zone';
import {
  MIN_FRAGMENT_MS,
  computeBusyIntervals,
  computeFreeIntervals,
  isBlockKept,
} from './busy-time';
import { findCurrentBlock } from './current-block';
import { orderDeadlineTasks } from './deadline-selection';
import { FreeAxis } from './free-axis';
import type { PlanRequest, PlanResult, PlanTask, PlannedBlock, UnplannedTask } from './types';

/** The engine never looks further ahead than this, whatever the horizon ("unlimited" tiers). */
export const MAX_PLANNING_SPAN_MS = 2 * 366 * DAY_MS;
/** First look-ahead when the horizon is far: most plans fit well inside it. */
const INITIAL_WINDOW_MS = 62 * DAY_MS;

export interface TaskToPlan {
  task: PlanTask;
  /** Time still to plan, ms (above zero). */
  remaining: number;
}

/**
 * Open tasks with time left to plan: timeScheduled - timeFulfilled - the time still ahead in the
 * task's kept blocks (its current session while running, its fixed future blocks).
 */
export function computeTasksToPlan(
  request: Pick<PlanRequest, 'now' | 'state' | 'tasks' | 'timeblocks'>,
): TaskToPlan[] {
  const { now, timeblocks } = request;
  const current = findCurrentBlock(timeblocks, now);
  const ahead = new Map<string, number>();
  for (const block of timeblocks) {
    if (block.task === undefined || block.isRest) continue;
    if (!isBlockKept(block, block === current, request.state.isPaused)) continue;
    const future = block.end - Math.max(block.start, now);
    if (future > 0) ahead.set(block.task, (ahead.get(block.task) ?? 0) + future);
  }
  const open: TaskToPlan[] = [];
  for (const task of request.tasks) {
    if (task.isCompleted) continue;
    const remaining = task.timeScheduled - task.timeFulfilled - (ahead.get(task.id) ?? 0);
    if (remaining > 0) open.push({ task, remaining });
  }
  return open;
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
 * The free time to plan in. With a far horizon only a window is computed, grown until the free
 * time before its last gap holds all the work plus the worst fragment waste (under 5 minutes a
 * gap): then no task ever reaches the clipped last gap and the plan equals a whole-horizon plan.
 */
function buildAxis(request: PlanRequest, horizonEnd: number, totalWork: number): FreeAxis {
  const { now } = request;
  for (let span = INITIAL_WINDOW_MS; ; span *= 2) {
    const windowEnd = Math.min(horizonEnd, now + span);
    const gaps = computeFreeIntervals(computeBusyIntervals(request, windowEnd), now, windowEnd);
    if (windowEnd === horizonEnd) return new FreeAxis(gaps);
    const settled = gaps.slice(0, -1);
    const capacity = settled.reduce((sum, gap) => sum + (gap.end - gap.start), 0);
    if (capacity > totalWork + MIN_FRAGMENT_MS * gaps.length) return new FreeAxis(settled);
  }
}

/** Deadline tasks that can all be on time first (deadline order), then the late ones, then the rest. */
function planOrder(tasks: TaskToPlan[], axis: FreeAxis, horizonEnd: number) {
  const sorted = [...tasks].sort((a, b) => comparePlanOrder(a.task, b.task));
  const withDeadline = sorted.filter((t) => hasDeadline(t.task));
  const deadlineOrder = orderDeadlineTasks(
    withDeadline.map((t) => ({ duration: t.remaining, deadline: t.task.deadline })),
    axis,
    horizonEnd,
  );
  return [
    ...deadlineOrder.map((i) => withDeadline[i] as TaskToPlan),
    ...sorted.filter((t) => !hasDeadline(t.task)),
  ];
}

/**
 * Plans the open tasks into the free time from now to the horizon (docs/design.md, Planning). Pure: the
 * result depends only on the request. When every deadline can be met in deadline order, all
 * are; otherwise as few tasks as possible are late, and late tasks are still planned, after
 * the on-time ones.
 */
export function planTimeline(request: PlanRequest): PlanResult {
  const { now } = request;
  const horizonEnd = Math.min(request.horizonEnd, now + MAX_PLANNING_SPAN_MS);
  const tasks = computeTasksToPlan(request);
  const totalWork = tasks.reduce((sum, t) => sum + t.remaining, 0);
  const axis = buildAxis(request, horizonEnd, totalWork);
  const ordered = planOrder(tasks, axis, horizonEnd);
  const limit = request.taskLimit ?? Infinity;

  const timeblocks: PlannedBlock[] = [];
  const unplanned: UnplannedTask[] = [];
  const late: string[] = [];
  let cursor = now;
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
    for (const piece of placed.pieces) timeblocks.push({ task: task.id, ...piece });
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
