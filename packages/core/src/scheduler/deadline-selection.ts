import type { FreeAxis } from './free-axis';
import { BEYOND_AXIS } from './free-axis';
import { MaxHeap } from './max-heap';

export interface DeadlineJob {
  duration: number;
  deadline: number;
}

/** Up to this many deadline tasks an exact search over orders is affordable (2^n states). */
export const EXACT_SEARCH_LIMIT = 12;
/** Above this many deadline tasks the quadratic programme gives way to Moore-Hodgson. */
export const QUADRATIC_LIMIT = 2_000;

/**
 * A task that cannot finish before the horizon is late only when its deadline falls before
 * the horizon; past the horizon the plan cannot tell.
 */
function isOnTime(finish: number, deadline: number, horizonEnd: number): boolean {
  return finish === BEYOND_AXIS ? deadline >= horizonEnd : finish <= deadline;
}

interface Context {
  jobs: readonly DeadlineJob[];
  axis: FreeAxis;
  start: number;
  horizonEnd: number;
}

/** How many jobs meet their deadline when planned in this order. */
function onTimeCount(ctx: Context, order: readonly number[]): number {
  let finish = ctx.start;
  let count = 0;
  for (const i of order) {
    const job = ctx.jobs[i] as DeadlineJob;
    finish = ctx.axis.finishTime(finish, job.duration);
    if (isOnTime(finish, job.deadline, ctx.horizonEnd)) count += 1;
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
 * keep the largest set that deadline order can keep on time (a dynamic programme, below);
 * (3) compare with Moore-Hodgson on the continuous axis, an upper bound on what any order can
 * keep on time, and when the two differ and the instance is small, search every order exactly.
 */
export function orderDeadlineTasks(
  jobs: readonly DeadlineJob[],
  axis: FreeAxis,
  start: number,
  horizonEnd: number,
): number[] {
  const ctx: Context = { jobs, axis, start, horizonEnd };
  const deadlineOrder = jobs.map((_, i) => i);
  if (onTimeCount(ctx, deadlineOrder) === jobs.length) return deadlineOrder;
  const bound = selectByMooreHodgson(ctx);
  if (jobs.length > QUADRATIC_LIMIT) return selectedFirst(bound);
  const order = selectedFirst(selectInDeadlineOrder(ctx));
  const upperBound = bound.filter(Boolean).length;
  if (jobs.length > EXACT_SEARCH_LIMIT || onTimeCount(ctx, order) >= upperBound) return order;
  return searchAllOrders(ctx);
}

/**
 * The largest set of jobs that all meet their deadlines when planned first in deadline order.
 * A finish time never decreases when the start moves later, so for each count k of on-time
 * jobs among the first i it is enough to keep the earliest finish: any continuation from an
 * earlier finish does at least as well. Quadratic in the number of jobs.
 */
function selectInDeadlineOrder(ctx: Context): boolean[] {
  const { jobs, axis, horizonEnd } = ctx;
  const n = jobs.length;
  const best = new Float64Array(n + 1).fill(Infinity);
  best[0] = ctx.start;
  const taken = new Uint8Array(n * (n + 1));
  let reach = 0;
  jobs.forEach((job, i) => {
    for (let k = reach + 1; k >= 1; k -= 1) {
      const from = best[k - 1] as number;
      if (from === Infinity) continue;
      const finish = axis.finishTime(from, job.duration);
      if (finish < (best[k] as number) && isOnTime(finish, job.deadline, horizonEnd)) {
        best[k] = finish;
        taken[i * (n + 1) + k] = 1;
        if (k > reach) reach = k;
      }
    }
  });
  const selected = jobs.map(() => false);
  let k = reach;
  for (let i = n - 1; i >= 0 && k > 0; i -= 1) {
    if (taken[i * (n + 1) + k] === 1) {
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
  const { jobs, axis, horizonEnd } = ctx;
  const selected = jobs.map(() => true);
  const kept = new MaxHeap();
  let total = 0;
  jobs.forEach((job, i) => {
    kept.push(job.duration, i);
    total += job.duration;
    const capacity = job.deadline >= horizonEnd ? Infinity : axis.freeTimeBefore(job.deadline);
    if (total > capacity) {
      const dropped = kept.pop();
      selected[dropped] = false;
      total -= (jobs[dropped] as DeadlineJob).duration;
    }
  });
  return selected;
}

/**
 * The best order over all orders, for few jobs: for every set of jobs, the earliest finish
 * with all of them on time (again enough, as finish times only grow with the start).
 */
function searchAllOrders(ctx: Context): number[] {
  const { jobs, axis, horizonEnd } = ctx;
  const n = jobs.length;
  const finishOf = new Float64Array(1 << n).fill(Infinity);
  const lastOf = new Int8Array(1 << n).fill(-1);
  finishOf[0] = ctx.start;
  let bestSet = 0;
  for (let set = 0; set < 1 << n; set += 1) {
    const from = finishOf[set] as number;
    if (from === Infinity) continue;
    if (popCount(set) > popCount(bestSet)) bestSet = set;
    jobs.forEach((job, j) => {
      if (set & (1 << j)) return;
      const finish = axis.finishTime(from, job.duration);
      const next = set | (1 << j);
      if (finish < (finishOf[next] as number) && isOnTime(finish, job.deadline, horizonEnd)) {
        finishOf[next] = finish;
        lastOf[next] = j;
      }
    });
  }
  const onTime: number[] = [];
  for (let set = bestSet; set !== 0; set &= ~(1 << (lastOf[set] as number))) {
    onTime.unshift(lastOf[set] as number);
  }
  return [...onTime, ...jobs.map((_, i) => i).filter((i) => !(bestSet & (1 << i)))];
}

function popCount(set: number): number {
  let count = 0;
  for (let s = set; s !== 0; s &= s - 1) count += 1;
  return count;
}
