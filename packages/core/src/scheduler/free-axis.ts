import { MIN_FRAGMENT_MS } from './busy-time';
import type { Interval } from './types';

/** Completion of a task that does not finish inside the axis (past the horizon). */
export const BEYOND_AXIS = Number.MAX_VALUE;

export interface Piece {
  start: number;
  end: number;
}

/**
 * The free gaps laid end to end on one continuous axis, so a task's completion is a lookup
 * rather than a walk. Placement rule (DESIGN 3.3): a task starts at the earliest free time and
 * is split across gaps, but a piece that is not the task's last must last at least 5 minutes,
 * so a task that would start in the last few minutes of a gap without finishing there starts
 * in the next gap instead. All gaps are at least 5 minutes long.
 */
export class FreeAxis {
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;
  /** Free time before each gap, and up to the end of each gap. */
  private readonly before: Float64Array;
  private readonly through: Float64Array;

  constructor(gaps: readonly Interval[]) {
    const n = gaps.length;
    this.starts = new Float64Array(n);
    this.ends = new Float64Array(n);
    this.before = new Float64Array(n);
    this.through = new Float64Array(n);
    let total = 0;
    gaps.forEach((gap, i) => {
      this.starts[i] = gap.start;
      this.ends[i] = gap.end;
      this.before[i] = total;
      total += gap.end - gap.start;
      this.through[i] = total;
    });
  }

  get gapCount(): number {
    return this.starts.length;
  }

  /** Index of the first gap ending after `x` (gapCount when none). */
  private gapAfter(x: number): number {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.ends[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Index of the first gap whose cumulative free time reaches `axisPosition`. */
  private gapReaching(axisPosition: number, from: number): number {
    let lo = from;
    let hi = this.through.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.through[mid] as number) >= axisPosition) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The gap and instant where the first piece of a task may begin, if any gap is left. */
  private firstPieceGap(x: number, duration: number): { gap: number; at: number } | undefined {
    let gap = this.gapAfter(x);
    if (gap >= this.starts.length) return undefined;
    let at = Math.max(x, this.starts[gap] as number);
    const tail = (this.ends[gap] as number) - at;
    if (duration > tail && tail < MIN_FRAGMENT_MS) {
      gap += 1;
      if (gap >= this.starts.length) return undefined;
      at = this.starts[gap] as number;
    }
    return { gap, at };
  }

  /** Free time between the start of the axis and `t`. */
  freeTimeBefore(t: number): number {
    const gap = this.gapAfter(t);
    if (gap >= this.starts.length) return this.through[gap - 1] ?? 0;
    const into = Math.max(0, t - (this.starts[gap] as number));
    return (this.before[gap] as number) + into;
  }

  /** When a task needing `duration` that may start at `x` finishes, or BEYOND_AXIS. */
  finishTime(x: number, duration: number): number {
    if (x === BEYOND_AXIS) return BEYOND_AXIS;
    const first = this.firstPieceGap(x, duration);
    if (first === undefined) return duration > 0 ? BEYOND_AXIS : x;
    const { gap, at } = first;
    if (at + duration <= (this.ends[gap] as number)) return at + duration;
    const target = (this.before[gap] as number) + (at - (this.starts[gap] as number)) + duration;
    const last = this.gapReaching(target, gap);
    if (last >= this.through.length) return BEYOND_AXIS;
    return (this.starts[last] as number) + (target - (this.before[last] as number));
  }

  /**
   * The pieces of a task needing `duration` that may start at `x`, and how much of it does
   * not fit before the end of the axis.
   */
  place(x: number, duration: number): { pieces: Piece[]; unplaced: number; end: number } {
    const pieces: Piece[] = [];
    const first = this.firstPieceGap(x, duration);
    if (first === undefined) return { pieces, unplaced: duration, end: x };
    let { gap, at } = first;
    let left = duration;
    while (left > 0 && gap < this.starts.length) {
      const gapEnd = this.ends[gap] as number;
      const end = Math.min(gapEnd, at + left);
      pieces.push({ start: at, end });
      left -= end - at;
      at = end;
      if (left > 0) {
        gap += 1;
        if (gap < this.starts.length) at = this.starts[gap] as number;
      }
    }
    return { pieces, unplaced: left, end: at };
  }
}
