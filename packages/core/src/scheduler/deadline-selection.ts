import type { FreeAxis } from './free-axis';
import { MaxHeap } from './max-heap';
import { SEARCH_JOBS_LIMIT, SEARCH_WORK_LIMIT, searchBetterOrder } from './order-search';

export interface DeadlineJob {
  duration: number;
  deadline: number;
}

/** Above this many deadline tasks the quadratic programme gives way to Moore-Hodgson. */
export const QUADRATIC_LIMIT = 2_000;

interface Context {
  axis: FreeAxis;
  durations: Float64Array;
  /**
   * Each job's deadline as an axis position: finishing at or before it is on time. A deadline
   * at or past the horizon is unbounded: a task that cannot finish before the horizon is late
   * only when its deadline falls before it; past the horizon the plan cannot tell.
   */
  capacities: Float64Array;
}

/** How many jobs meet their deadline when planned in this order. */
function onTimeCount(ctx: Context, order: readonly number[]): number {
  let finish = 0;
  let count = 0;
  for (const i of order) {
    finish = ctx.axis.finishAfter(finish, ctx.durations[i] as number);
    if (finish <= (ctx.capacities[i] as number)) count += 1;
  }
  return count;
}

/** The selected jobs in deadline order, then the others in deadline order. */
function selectedFirst(selected: readonly boolean[]): number[] {
  const indexes = selected.map((_, i) => i);
  return [...indexes.filter((i) => selected[i]), ...indexes.filter((i) => !selected[i])];
}

/**
 * The order to plan deadline tasks in (indexes into `jobs`, which must be sorted by deadline):
 * the tasks kept on time first, then the late ones, so that as few as possible are late.
 *
 * On one continuous axis of free time this is Moore-Hodgson's problem. The 5-minute fragment
 * rule bends the axis: a task that would start in a gap's last minutes without finishing there
 * starts in the next gap, so finish times depend on the order, and earliest-deadline-first is
 * no longer always best. So: (1) if deadline order keeps every task on time, use it; (2) else
 * run Moore-Hodgson on the axis as if the rule did not exist: what it keeps on time bounds
 * what any order can, so if its choice still meets that count under the rule, it is optimal;
 * (3) else keep the largest set that deadline order can keep on time (a dynamic programme);
 * (4) if that still falls short of the bound and there are at most SEARCH_JOBS_LIMIT jobs,
 * search the orders exactly (branch and bound, see order-search.ts) for one that keeps more on
 * time. The search is exact when it ends within `searchWorkLimit`; past it (rare: many tight
 * tasks in many short gaps) it keeps the best order found, never worse than the programme's.
 */
export function orderDeadlineTasks(
  jobs: readonly DeadlineJob[],
  axis: FreeAxis,
  horizonEnd: number,
  searchWorkLimit = SEARCH_WORK_LIMIT,
): number[] {
  const ctx: Context = {
    axis,
    durations: Float64Array.from(jobs, (job) => job.duration),
    capacities: Float64Array.from(jobs, (job) =>
      job.deadline >= horizonEnd ? Infinity : axis.position(job.deadline),
    ),
  };
  const deadlineOrder = jobs.map((_, i) => i);
  if (onTimeCount(ctx, deadlineOrder) === jobs.length) return deadlineOrder;
  const bound = selectByMooreHodgson(ctx);
  const upperBound = bound.filter(Boolean).length;
  const boundOrder = selectedFirst(bound);
  // Usually the fragment rule costs nothing and Moore-Hodgson's choice is already optimal.
  const boundCount = onTimeCount(ctx, boundOrder);
  if (boundCount >= upperBound || jobs.length > QUADRATIC_LIMIT) return boundOrder;
  const dpOrder = selectedFirst(selectInDeadlineOrder(ctx));
  const dpCount = onTimeCount(ctx, dpOrder);
  const [order, count] = dpCount >= boundCount ? [dpOrder, dpCount] : [boundOrder, boundCount];
  if (count >= upperBound || jobs.length > SEARCH_JOBS_LIMIT) return order;
  const onTime = searchBetterOrder(ctx, count, searchWorkLimit);
  if (onTime === null) return order;
  const isOnTime = new Set(onTime);
  return [...onTime, ...deadlineOrder.filter((i) => !isOnTime.has(i))];
}

/**
 * The largest set of jobs that all meet their deadlines when planned first in deadline order.
 * A finish time never decreases when the start moves later, so for each count k of on-time
 * jobs among the first i it is enough to keep the earliest finish: any continuation from an
 * earlier finish does at least as well. Quadratic in the number of jobs; a task never finishes
 * before its start plus its duration, so most pairs are settled without looking at the gaps.
 */
function selectInDeadlineOrder(ctx: Context): boolean[] {
  const { axis, durations, capacities } = ctx;
  const n = durations.length;
  const best = new Float64Array(n + 1).fill(Infinity);
  best[0] = 0;
  // One bit per (job, count): a byte each was megabytes per plan at a few thousand jobs.
  const taken = new Uint32Array(Math.ceil((n * (n + 1)) / 32));
  let reach = 0;
  for (let i = 0; i < n; i += 1) {
    const duration = durations[i] as number;
    const capacity = capacities[i] as number;
    for (let k = reach + 1; k >= 1; k -= 1) {
      const from = best[k - 1] as number;
      const earliest = from + duration;
      if (earliest > capacity || earliest >= (best[k] as number)) continue;
      const finish = axis.finishAfter(from, duration);
      if (finish < (best[k] as number) && finish <= capacity) {
        best[k] = finish;
        const bit = i * (n + 1) + k;
        taken[bit >>> 5] = (taken[bit >>> 5] as number) | (1 << (bit & 31));
        if (k > reach) reach = k;
      }
    }
  }
  const selected = Array.from({ length: n }, () => false);
  let k = reach;
  for (let i = n - 1; i >= 0 && k > 0; i -= 1) {
    const bit = i * (n + 1) + k;
    if (((taken[bit >>> 5] as number) & (1 << (bit & 31))) !== 0) {
      selected[i] = true;
      k -= 1;
    }
  }
  return selected;
}

/**
 * Moore-Hodgson on the continuous axis (free time laid end to end, fragment rule ignored):
 * keep jobs in deadline order and whenever the running total misses a deadline drop the
 * longest job kept so far. Exact there, so its count bounds what any real order achieves.
 */
function selectByMooreHodgson(ctx: Context): boolean[] {
  const { durations, capacities } = ctx;
  const selected = Array.from(durations, () => true);
  const kept = new MaxHeap();
  let total = 0;
  durations.forEach((duration, i) => {
    kept.push(duration, i);
    total += duration;
    if (total > (capacities[i] as number)) {
      const dropped = kept.pop();
      selected[dropped] = false;
      total -= durations[dropped] as number;
    }
  });
  return selected;
}
