import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeadlineJob } from './deadline-selection';
import { EXACT_SEARCH_LIMIT, QUADRATIC_LIMIT, orderDeadlineTasks } from './deadline-selection';
import { FreeAxis } from './free-axis';

const MINUTE = 60_000;
const HORIZON = 10_000 * MINUTE;

function onTimeCount(axis: FreeAxis, jobs: readonly DeadlineJob[], order: readonly number[]) {
  let at = 0;
  let count = 0;
  for (const i of order) {
    const job = jobs[i] as DeadlineJob;
    const placed = axis.place(at, job.duration);
    if (placed.unplaced === 0 && placed.end <= job.deadline) count += 1;
    at = placed.unplaced === 0 ? placed.end : Infinity;
  }
  return count;
}

/** Gaps of 5 to 25 minutes with 1 to 10 busy minutes between them, starting at 0. */
const gaps = fc
  .array(
    fc.record({ free: fc.integer({ min: 5, max: 25 }), busy: fc.integer({ min: 1, max: 10 }) }),
    {
      minLength: 3,
      maxLength: 20,
    },
  )
  .map((pattern) => {
    let at = 0;
    return pattern.map((p) => {
      const gap = { start: at * MINUTE, end: (at + p.free) * MINUTE };
      at += p.free + p.busy;
      return gap;
    });
  });

describe('orderDeadlineTasks beyond the exact search', () => {
  it('keeps at least as many on time as any set planned first in deadline order', () => {
    const jobs = fc.array(
      fc.record({
        duration: fc.integer({ min: 1, max: 30 }).map((m) => m * MINUTE),
        deadline: fc.integer({ min: 0, max: 300 }).map((m) => m * MINUTE),
      }),
      { minLength: EXACT_SEARCH_LIMIT + 1, maxLength: EXACT_SEARCH_LIMIT + 3 },
    );
    fc.assert(
      fc.property(gaps, jobs, (free, unsorted) => {
        const axis = new FreeAxis(free);
        const sorted = [...unsorted].sort((a, b) => a.deadline - b.deadline);
        const order = orderDeadlineTasks(sorted, axis, HORIZON);
        expect([...order].sort((a, b) => a - b)).toEqual(sorted.map((_, i) => i));
        let bestSubset = 0;
        for (let set = 0; set < 1 << sorted.length; set += 1) {
          const members = sorted.map((_, i) => i).filter((i) => set & (1 << i));
          if (members.length <= bestSubset) continue;
          if (onTimeCount(axis, sorted, members) === members.length) bestSubset = members.length;
        }
        expect(onTimeCount(axis, sorted, order)).toBeGreaterThanOrEqual(bestSubset);
      }),
      { numRuns: 40 },
    );
  });

  it('still answers quickly with a valid order for thousands of deadline tasks', () => {
    const axis = new FreeAxis([{ start: 0, end: HORIZON }]);
    const jobs = Array.from({ length: QUADRATIC_LIMIT + 500 }, (_, i) => ({
      duration: (5 + (i % 7)) * MINUTE,
      deadline: Math.floor(i * 3.5) * MINUTE,
    }));
    const order = orderDeadlineTasks(jobs, axis, HORIZON);
    expect(new Set(order).size).toBe(jobs.length);
    // One gap and no fragment waste: Moore-Hodgson is exact, so compare with a plain version.
    const kept: number[] = [];
    let total = 0;
    for (const job of jobs) {
      kept.push(job.duration);
      total += job.duration;
      if (total > job.deadline) {
        const longest = Math.max(...kept);
        kept.splice(kept.indexOf(longest), 1);
        total -= longest;
      }
    }
    expect(onTimeCount(axis, jobs, order)).toBe(kept.length);
  });
});
