import { DAY_MS } from '../time/zone';
import {
  MIN_FRAGMENT_MS,
  computeBusyIntervals,
  computeFreeIntervals,
  isBlockKept,
} from './busy-time';
import { findCurrentBlock } from './current-block';
import { placeInOrder, planOrder } from './plan-order';
import type { PlanBasis, PlanningTime, TaskToPlan } from './plan-order';
import { FreeAxis } from './free-axis';
import { mergeIntervals, subtractIntervals } from './intervals';
import { ShapedAxis, existingTaskBlocks, hasShape, shapeGaps } from './shape';
import { collectPreviousPlan, planStably } from './stable-plan';
import type { PlanRequest, PlanResult } from './types';

export { comparePlanOrder, hasDeadline } from './plan-order';
export type { PlanBasis, PlanningTime, TaskToPlan } from './plan-order';

/** The engine never looks further ahead than this, whatever the horizon ("unlimited" tiers). */
export const MAX_PLANNING_SPAN_MS = 2 * 366 * DAY_MS;
/** First look-ahead when the horizon is far: most plans fit well inside it. */
const INITIAL_WINDOW_MS = 62 * DAY_MS;

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

/** How to make an axis over free gaps and around other task blocks: shaped, or plain. */
function axisMaker(request: PlanRequest): PlanningTime['axisAround'] {
  const { shape } = request;
  if (!hasShape(shape)) {
    return (gaps, taskBlocks) =>
      new FreeAxis(
        taskBlocks.length === 0
          ? gaps
          : subtractIntervals(gaps, mergeIntervals(taskBlocks), MIN_FRAGMENT_MS),
      );
  }
  const existing = existingTaskBlocks(request);
  return (gaps, taskBlocks) =>
    new ShapedAxis(
      shapeGaps(gaps, [...existing, ...taskBlocks], shape, request.timezone),
      shape,
      request.now,
    );
}

/**
 * The free time to plan in. With a far horizon only a window is computed, grown until the free
 * time before its last gap holds all the work plus the worst fragment waste (under 5 minutes a
 * gap): then no task ever reaches the clipped last gap and the plan equals a whole-horizon plan.
 * With shape limits (whose waste has no such bound) the whole horizon is computed.
 */
function buildAxis(request: PlanRequest, horizonEnd: number, totalWork: number): PlanningTime {
  const { now } = request;
  const axisAround = axisMaker(request);
  const isShaped = hasShape(request.shape);
  for (let span = INITIAL_WINDOW_MS; ; span *= 2) {
    const windowEnd = isShaped ? horizonEnd : Math.min(horizonEnd, now + span);
    const gaps = computeFreeIntervals(computeBusyIntervals(request, windowEnd), now, windowEnd);
    if (windowEnd === horizonEnd) {
      return { axis: axisAround(gaps, []), gaps, end: windowEnd, axisAround };
    }
    const settled = gaps.slice(0, -1);
    const capacity = settled.reduce((sum, gap) => sum + (gap.end - gap.start), 0);
    if (capacity > totalWork + MIN_FRAGMENT_MS * gaps.length) {
      const end = settled[settled.length - 1]?.end ?? now;
      return { axis: axisAround(settled, []), gaps: settled, end, axisAround };
    }
  }
}

export function preparePlan(request: PlanRequest): PlanBasis {
  const horizonEnd = Math.min(request.horizonEnd, request.now + MAX_PLANNING_SPAN_MS);
  const tasks = computeTasksToPlan(request);
  const totalWork = tasks.reduce((sum, t) => sum + t.remaining, 0);
  const time = buildAxis(request, horizonEnd, totalWork);
  const ordered = planOrder(tasks, time.axis, horizonEnd);
  return { horizonEnd, time, ordered, limit: request.taskLimit ?? Infinity };
}

/**
 * Plans the open tasks into the free time from now to the horizon (docs/design.md, Planning). Pure: the
 * result depends only on the request. When every deadline can be met in deadline order, all
 * are; otherwise as few tasks as possible are late, and late tasks are still planned, after
 * the on-time ones. With a previous plan in `timeblocks`, the plan keeps it wherever it is not
 * forced to move (stable-plan.ts) and says why each task that moved did.
 */
export function planTimeline(request: PlanRequest): PlanResult {
  const basis = preparePlan(request);
  const scratch = placeInOrder(
    basis.ordered,
    basis.time.axis,
    request.now,
    basis.horizonEnd,
    basis.limit,
  );
  const previous = collectPreviousPlan(request);
  if (previous.size === 0) return { ...scratch, moved: [] };
  return planStably(request, basis, scratch, previous);
}
