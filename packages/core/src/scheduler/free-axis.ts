import { MIN_FRAGMENT_MS } from './busy-time';
import type { Interval } from './types';

/** Where a task ends that does not finish inside the axis (past the horizon). */
export const BEYOND_AXIS = Number.MAX_VALUE;

export interface Piece {
  start: number;
  end: number;
}

/**
 * FreeAxis.finishAfter once the gap holding `from` is known to end at `gapEnd` (not BEYOND_AXIS)
 * and the axis at `axisEnd`: a task that would start in the last minutes of its gap without
 * finishing there starts at the next gap.
 */
export function finishInGap(
  from: number,
  gapEnd: number,
  axisEnd: number,
  duration: number,
): number {
  const tail = gapEnd - from;
  const end = (duration > tail && tail < MIN_FRAGMENT_MS ? gapEnd : from) + duration;
  return end > axisEnd ? BEYOND_AXIS : end;
}

/**
 * The free gaps laid end to end on one continuous axis (position 0 is the start of the first
 * gap, i.e. now), so that deadline search is arithmetic rather than a walk through time.
 * Placement rule (docs/design.md, Planning): a task starts at the earliest free time and is split across
 * gaps, but a piece that is not the task's last must last at least 5 minutes, so a task that
 * would start in the last few minutes of a gap without finishing there starts in the next gap.
 * All gaps are at least 5 minutes long.
 */
export class FreeAxis {
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;
  /** Axis position of each gap's start, and of its end. */
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

  /** Index of the first entry of `bounds` (sorted) above `x`: the gap containing or after x. */
  private static firstAbove(bounds: Float64Array, x: number): number {
    let lo = 0;
    let hi = bounds.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((bounds[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The position on the axis of instant `t`: the free time between the axis start and `t`. */
  position(t: number): number {
    const gap = FreeAxis.firstAbove(this.ends, t);
    if (gap >= this.starts.length) return this.through[gap - 1] ?? 0;
    return (this.before[gap] as number) + Math.max(0, t - (this.starts[gap] as number));
  }

  /**
   * Where on the axis a task needing `duration` ends if it may start at axis position `from`,
   * or BEYOND_AXIS. On the axis the gaps touch, so the fragment rule's only effect is the
   * skipped end of a gap.
   */
  finishAfter(from: number, duration: number): number {
    const gapEnd = this.gapEndAfter(from);
    if (gapEnd === BEYOND_AXIS) return BEYOND_AXIS;
    return finishInGap(from, gapEnd, this.end, duration);
  }

  /**
   * Whether finishAfter is the rule above, so that a caller trying many durations from one
   * position may look its gap up once (gapEndAfter) and use finishInGap. A shaped axis is not.
   */
  get isPlain(): boolean {
    return true;
  }

  /** Axis position of the end of the gap that holds position `from`, or BEYOND_AXIS. */
  gapEndAfter(from: number): number {
    if (from === BEYOND_AXIS) return BEYOND_AXIS;
    const gap = FreeAxis.firstAbove(this.through, from);
    return gap >= this.through.length ? BEYOND_AXIS : (this.through[gap] as number);
  }

  /** Axis position of the end of the last gap: all the free time there is. */
  get end(): number {
    return this.through[this.through.length - 1] ?? 0;
  }

  /**
   * The pieces of a task needing `duration` that may start at instant `x`, how much of it does
   * not fit before the end of the axis, and the instant it ends (where the next task may start).
   */
  place(x: number, duration: number): { pieces: Piece[]; unplaced: number; end: number } {
    const pieces: Piece[] = [];
    let gap = FreeAxis.firstAbove(this.ends, x);
    if (gap >= this.starts.length) return { pieces, unplaced: duration, end: x };
    let at = Math.max(x, this.starts[gap] as number);
    if (
      duration > (this.ends[gap] as number) - at &&
      (this.ends[gap] as number) - at < MIN_FRAGMENT_MS
    ) {
      gap += 1;
      if (gap >= this.starts.length) return { pieces, unplaced: duration, end: x };
      at = this.starts[gap] as number;
    }
    let left = duration;
    while (left > 0 && gap < this.starts.length) {
      const end = Math.min(this.ends[gap] as number, at + left);
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
