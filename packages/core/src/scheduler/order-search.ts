import type { FreeAxis } from './free-axis';
import { MaxHeap } from './max-heap';

/**
 * Work allowed to the exact search, in job visits (nodes times jobs): a few milliseconds at
 * most, so a re-plan stays on its budget. Small sets (a few dozen deadline tasks) settle well
 * inside it; past it the search keeps the best order found so far, which is never worse than
 * the programme's.
 */
export const SEARCH_WORK_LIMIT = 250_000;

export interface OrderSearchInput {
  axis: FreeAxis;
  /** Per job, sorted by deadline: its duration and its deadline as an axis position. */
  durations: Float64Array;
  capacities: Float64Array;
}

/**
 * Moore-Hodgson on the continuous axis for the jobs not yet used, starting at `from`: the most
 * of them any order could still keep on time. The fragment rule only ever adds idle minutes, so
 * this never undercounts what the real axis allows.
 */
function continuousBound(input: OrderSearchInput, used: Uint8Array, from: number): number {
  const { durations, capacities } = input;
  const kept = new MaxHeap();
  let total = from;
  for (let i = 0; i < durations.length; i += 1) {
    if (used[i] === 1) continue;
    const duration = durations[i] as number;
    kept.push(duration, i);
    total += duration;
    if (total > (capacities[i] as number)) total -= durations[kept.pop()] as number;
  }
  return kept.size;
}

/**
 * The on-time jobs, in plan order, of an order that keeps more than `atLeast` jobs on time, or
 * null when none does (or the work limit ran out first). Depth-first over the jobs planned next
 * (in deadline order, so the first path tried is earliest-deadline-first), cut by two facts:
 * the continuous bound above, and that for one set of on-time jobs only its earliest finish
 * matters, since a finish never moves earlier when the start moves later.
 */
export function searchBetterOrder(input: OrderSearchInput, atLeast: number): number[] | null {
  const { axis, durations, capacities } = input;
  const n = durations.length;
  const used = new Uint8Array(n);
  const words = new Uint32Array(Math.ceil(n / 32));
  const earliestFinish = new Map<string, number>();
  const path: number[] = [];
  let best = atLeast;
  let bestPath: number[] | null = null;
  let budget = Math.floor(SEARCH_WORK_LIMIT / Math.max(1, n));

  const visit = (from: number): void => {
    if (budget <= 0) return;
    budget -= 1;
    if (path.length > best) {
      best = path.length;
      bestPath = [...path];
    }
    const key = words.join(',');
    const seen = earliestFinish.get(key);
    if (seen !== undefined && seen <= from) return;
    earliestFinish.set(key, from);
    if (path.length + continuousBound(input, used, from) <= best) return;
    for (let j = 0; j < n; j += 1) {
      if (used[j] === 1) continue;
      const finish = axis.finishAfter(from, durations[j] as number);
      if (finish > (capacities[j] as number)) continue;
      used[j] = 1;
      words[j >>> 5] = (words[j >>> 5] as number) ^ (1 << (j & 31));
      path.push(j);
      visit(finish);
      path.pop();
      words[j >>> 5] = (words[j >>> 5] as number) ^ (1 << (j & 31));
      used[j] = 0;
    }
  };
  visit(0);
  return bestPath;
}
