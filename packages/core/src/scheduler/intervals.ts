import type { Interval } from './types';

/**
 * Collects spans clipped to a window and returns their union, sorted. Starts and ends are
 * sorted separately (a union only depends on the two multisets), which lets the native
 * typed-array sort do the work: this sits on the re-plan hot path with thousands of spans.
 */
export class IntervalUnion {
  private starts: number[] = [];
  private ends: number[] = [];

  constructor(
    private readonly windowStart: number,
    private readonly windowEnd: number,
  ) {}

  add(start: number, end: number): void {
    const s = start < this.windowStart ? this.windowStart : start;
    const e = end > this.windowEnd ? this.windowEnd : end;
    if (e <= s) return;
    this.starts.push(s);
    this.ends.push(e);
  }

  /** The merged spans; touching spans join into one. */
  result(): Interval[] {
    const starts = Float64Array.from(this.starts).sort();
    const ends = Float64Array.from(this.ends).sort();
    const merged: Interval[] = [];
    let depth = 0;
    let openedAt = 0;
    let i = 0;
    let j = 0;
    while (j < ends.length) {
      const nextStart = i < starts.length ? (starts[i] as number) : Infinity;
      const nextEnd = ends[j] as number;
      if (nextStart <= nextEnd) {
        if (depth === 0) openedAt = nextStart;
        depth += 1;
        i += 1;
      } else {
        depth -= 1;
        j += 1;
        if (depth === 0) merged.push({ start: openedAt, end: nextEnd });
      }
    }
    return merged;
  }
}

/** The parts of [from, to) not covered by `busy` (sorted, merged) that last at least minLength. */
export function complementIntervals(
  busy: readonly Interval[],
  from: number,
  to: number,
  minLength: number,
): Interval[] {
  const free: Interval[] = [];
  let cursor = from;
  for (const span of busy) {
    if (span.end <= cursor) continue;
    if (span.start >= to) break;
    if (span.start - cursor >= minLength) free.push({ start: cursor, end: span.start });
    cursor = span.end;
  }
  if (to - cursor >= minLength) free.push({ start: cursor, end: to });
  return free;
}
