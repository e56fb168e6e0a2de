import { BEYOND_AXIS, finishInGap } from './free-axis';
import type { FreeAxis } from './free-axis';

/**
 * Work allowed to the exact search, in job visits (each node visits about every job once): well
 * under a millisecond even for a heavy user's hundred-odd deadline tasks, so a re-plan that
 * needs the search stays on its budget (docs/design.md, Performance budgets). Small sets (the
 * dozen-odd tight tasks where the fragment rule bites) settle well inside it; past it the search
 * keeps the best order found so far, which is never worse than the programme's.
 */
export const SEARCH_WORK_LIMIT = 20_000;

/**
 * Above this many deadline tasks the search is not tried: its work limit would allow it fewer
 * than fifty nodes, too few to find or prove anything, for the cost of a millisecond or more.
 */
export const SEARCH_JOBS_LIMIT = 400;

export interface OrderSearchInput {
  axis: FreeAxis;
  /** Per job, sorted by deadline: its duration and its deadline as an axis position. */
  durations: Float64Array;
  capacities: Float64Array;
}

/**
 * Moore-Hodgson on the continuous axis for the jobs not yet used, starting at `from`: the most
 * of them any order could still keep on time. The fragment rule only ever adds idle minutes, so
 * this never undercounts what the real axis allows. The heap lives in `heap` (preallocated,
 * reused by every node of the search).
 */
function continuousBound(
  input: OrderSearchInput,
  used: Uint8Array,
  from: number,
  heap: Float64Array,
): number {
  const { durations, capacities } = input;
  let size = 0;
  let total = from;
  for (let i = 0; i < durations.length; i += 1) {
    if (used[i] === 1) continue;
    const duration = durations[i] as number;
    // Push: sift the new duration up.
    let at = size;
    size += 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if ((heap[parent] as number) >= duration) break;
      heap[at] = heap[parent] as number;
      at = parent;
    }
    heap[at] = duration;
    total += duration;
    if (total > (capacities[i] as number)) {
      // Pop the longest: it leaves, the last one sifts down from the top.
      total -= heap[0] as number;
      size -= 1;
      const last = heap[size] as number;
      let hole = 0;
      for (;;) {
        const left = 2 * hole + 1;
        if (left >= size) break;
        const right = left + 1;
        const child =
          right < size && (heap[right] as number) > (heap[left] as number) ? right : left;
        if ((heap[child] as number) <= last) break;
        heap[hole] = heap[child] as number;
        hole = child;
      }
      heap[hole] = last;
    }
  }
  return size;
}

/**
 * The earliest finish seen per set of jobs (the bits in `words`): the returned function tells
 * whether the current set was already reached by `from` or earlier, and otherwise records
 * `from`. While the set fits in one word the word is the key; beyond, the key is a hash of the
 * words and each entry keeps its own copy of them (no string is built per node).
 */
function earliestFinishes(words: Uint32Array): (from: number) => boolean {
  if (words.length <= 1) {
    const finishes = new Map<number, number>();
    return (from) => {
      const key = words[0] ?? 0;
      const seen = finishes.get(key);
      if (seen !== undefined && seen <= from) return true;
      finishes.set(key, from);
      return false;
    };
  }
  const buckets = new Map<number, { set: Uint32Array; finish: number }[]>();
  return (from) => {
    let hash = 0;
    for (const word of words) hash = Math.imul(hash ^ word, 0x9e3779b1) ^ (hash >>> 15);
    const bucket = buckets.get(hash);
    if (bucket === undefined) {
      buckets.set(hash, [{ set: words.slice(), finish: from }]);
      return false;
    }
    for (const entry of bucket) {
      if (!entry.set.every((word, i) => word === words[i])) continue;
      if (entry.finish <= from) return true;
      entry.finish = from;
      return false;
    }
    bucket.push({ set: words.slice(), finish: from });
    return false;
  };
}

/**
 * The on-time jobs, in plan order, of an order that keeps more than `atLeast` jobs on time, or
 * null when none does (or `workLimit` ran out first). Depth-first over the jobs planned next
 * (in deadline order, so the first path tried is earliest-deadline-first), cut by three facts,
 * each of which keeps at least one best order in the search:
 * - the continuous bound above;
 * - for one set of on-time jobs only its earliest finish matters, since a finish never moves
 *   earlier when the start moves later;
 * - a job planned right after one due later (an inversion) is only worth trying when the two
 *   the other way round would not both be on time by as early a finish. Otherwise swapping
 *   them loses nothing, and each swap removes an inversion, so the order without it is searched
 *   instead. Off the fragment rule's gap ends a swap never costs anything, so this leaves the
 *   search little more than the sets of jobs in deadline order plus the reorderings at gap ends.
 * Stops early once an order keeps as many on time as the continuous bound allows.
 */
export function searchBetterOrder(
  input: OrderSearchInput,
  atLeast: number,
  workLimit = SEARCH_WORK_LIMIT,
): number[] | null {
  const { axis, durations, capacities } = input;
  const n = durations.length;
  const used = new Uint8Array(n);
  const words = new Uint32Array(Math.ceil(n / 32));
  const heap = new Float64Array(n);
  const isReachedEarlier = earliestFinishes(words);
  const path: number[] = [];
  let best = atLeast;
  let bestPath: number[] | null = null;
  // Each node costs about one visit of every job (the bound, then the next jobs tried).
  let work = 0;
  const ceiling = continuousBound(input, used, 0, heap);
  const { isPlain, end: axisEnd } = axis;

  /** Whether planning `earlier` then `later` from `start` ends both on time by `finish`. */
  const swapLosesNothing = (start: number, later: number, earlier: number, finish: number) => {
    const first = axis.finishAfter(start, durations[earlier] as number);
    if (first > (capacities[earlier] as number)) return false;
    const second = axis.finishAfter(first, durations[later] as number);
    return second <= finish && second <= (capacities[later] as number);
  };

  const visit = (from: number, last: number, lastStart: number): void => {
    if (work >= workLimit || best >= ceiling) return;
    work += n;
    if (path.length > best) {
      best = path.length;
      bestPath = [...path];
    }
    if (isReachedEarlier(from)) return;
    if (path.length + continuousBound(input, used, from, heap) <= best) return;
    // Every job tried next starts from `from`: on a plain axis its gap is looked up once.
    const gapEnd = isPlain ? axis.gapEndAfter(from) : 0;
    for (let j = 0; j < n; j += 1) {
      if (used[j] === 1) continue;
      const duration = durations[j] as number;
      const finish = !isPlain
        ? axis.finishAfter(from, duration)
        : gapEnd === BEYOND_AXIS
          ? BEYOND_AXIS
          : finishInGap(from, gapEnd, axisEnd, duration);
      if (finish > (capacities[j] as number)) continue;
      // Jobs are sorted by deadline, so j < last is an inversion.
      if (j < last && swapLosesNothing(lastStart, last, j, finish)) continue;
      used[j] = 1;
      words[j >>> 5] = (words[j >>> 5] as number) ^ (1 << (j & 31));
      path.push(j);
      visit(finish, j, from);
      path.pop();
      words[j >>> 5] = (words[j >>> 5] as number) ^ (1 << (j & 31));
      used[j] = 0;
    }
  };
  visit(0, -1, 0);
  return bestPath;
}
