import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeadlineJob } from './deadline-selection';
import { QUADRATIC_LIMIT, orderDeadlineTasks } from './deadline-selection';
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

/**
 * The most jobs any order keeps on time, the long way: for every set of jobs the earliest
 * instant at which all of them can be done on time (2^n sets, so only for a few jobs).
 */
function bestOnTimeCount(axis: FreeAxis, jobs: readonly DeadlineJob[]): number {
  const finish = new Float64Array(1 << jobs.length).fill(Infinity);
  finish[0] = 0;
  let best = 0;
  for (let set = 0; set < finish.length; set += 1) {
    const at = finish[set] as number;
    if (at === Infinity) continue;
    best = Math.max(best, jobs.filter((_, i) => set & (1 << i)).length);
    jobs.forEach((job, i) => {
      if (set & (1 << i)) return;
      const placed = axis.place(at, job.duration);
      const next = set | (1 << i);
      if (
        placed.unplaced === 0 &&
        placed.end <= job.deadline &&
        placed.end < (finish[next] as number)
      ) {
        finish[next] = placed.end;
      }
    });
  }
  return best;
}

/**
 * 13 to 15 jobs whose deadlines mostly sit where the free time just covers the work due by then
 * (plus or minus a few minutes): where the 5-minute rule decides which tasks can be on time.
 */
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function tightJobs(free: readonly { start: number; end: number }[]) {
  const job = fc.record({
    minutes: fc.integer({ min: 1, max: 30 }),
    isTight: fc.boolean(),
    slack: fc.integer({ min: -4, max: 4 }),
    deadline: fc.integer({ min: 0, max: 300 }),
  });
  return fc.array(job, { minLength: 13, maxLength: 15 }).map((raw) => {
    const instantOf = (work: number) => {
      let left = work;
      for (const gap of free) {
        if (left <= gap.end - gap.start) return gap.start + left;
        left -= gap.end - gap.start;
      }
      return HORIZON;
    };
    let work = 0;
    const jobs = raw.map((j) => {
      work += j.minutes * MINUTE;
      const deadline = j.isTight ? instantOf(work) + j.slack * MINUTE : j.deadline * MINUTE;
      // Before the horizon, so that a job which does not fit is late (not merely unplanned).
      return { duration: j.minutes * MINUTE, deadline: clamp(deadline, 0, HORIZON - MINUTE) };
    });
    return jobs.sort((x, y) => x.deadline - y.deadline);
  });
}

/** The most jobs kept on time by earliest-deadline-first, skipping a job that would be late. */
function greedyOnTimeCount(axis: FreeAxis, jobs: readonly DeadlineJob[]): number {
  let at = 0;
  let count = 0;
  for (const job of jobs) {
    const placed = axis.place(at, job.duration);
    if (placed.unplaced === 0 && placed.end <= job.deadline) {
      count += 1;
      at = placed.end;
    }
  }
  return count;
}

const tightInstances = gaps.chain((free) => fc.tuple(fc.constant(free), tightJobs(free)));

describe('orderDeadlineTasks on more jobs than a brute force over orders could take', () => {
  it('keeps as many jobs on time as the best order when its search may run to the end', () => {
    fc.assert(
      fc.property(tightInstances, ([free, jobs]) => {
        const axis = new FreeAxis(free);
        const order = orderDeadlineTasks(jobs, axis, HORIZON, Infinity);
        expect([...order].sort((a, b) => a - b)).toEqual(jobs.map((_, i) => i));
        expect(onTimeCount(axis, jobs, order)).toBe(bestOnTimeCount(axis, jobs));
      }),
      { numRuns: 60 },
    );
  });

  it('within its work limit, never keeps fewer on time than deadline order skipping the late', () => {
    fc.assert(
      fc.property(tightInstances, ([free, jobs]) => {
        const axis = new FreeAxis(free);
        const order = orderDeadlineTasks(jobs, axis, HORIZON);
        expect([...order].sort((a, b) => a - b)).toEqual(jobs.map((_, i) => i));
        const kept = onTimeCount(axis, jobs, order);
        expect(kept).toBeGreaterThanOrEqual(greedyOnTimeCount(axis, jobs));
        expect(kept).toBeLessThanOrEqual(bestOnTimeCount(axis, jobs));
      }),
      { numRuns: 30 },
    );
  });

  it('solves a case where the fragment rule needs three reorderings and one late job (CI met it)', () => {
    const free = [
      [0, 19],
      [24, 34],
      [43, 64],
      [74, 82],
      [88, 107],
      [112, 122],
      [124, 149],
      [156, 173],
      [179, 184],
      [188, 205],
      [208, 215],
      [223, 247],
      [253, 259],
      [260, 272],
    ].map(([start, end]) => ({ start: (start as number) * MINUTE, end: (end as number) * MINUTE }));
    const jobs = [
      [17, 51],
      [23, 56],
      [20, 103],
      [17, 129],
      [23, 133],
      [19, 148],
      [1, 149],
      [4, 163],
      [27, 200],
      [9, 203],
      [9, 203],
      [25, 239],
      [1, 267],
    ].map(([minutes, due]) => ({
      duration: (minutes as number) * MINUTE,
      deadline: (due as number) * MINUTE,
    }));
    const axis = new FreeAxis(free);
    const order = orderDeadlineTasks(jobs, axis, HORIZON, Infinity);
    expect(onTimeCount(axis, jobs, order)).toBe(12);
    expect(bestOnTimeCount(axis, jobs)).toBe(12);
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
