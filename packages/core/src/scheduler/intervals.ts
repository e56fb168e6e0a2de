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

/** Sorted, with overlapping and touching spans joined. */
export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

/** Total length of disjoint spans. */
export function totalLength(list: readonly Interval[]): number {
  let sum = 0;
  for (const s of list) sum += s.end - s.start;
  return sum;
}

/** The parts of `spans` inside `gaps` (both sorted, disjoint). */
export function intersectIntervals(
  spans: readonly Interval[],
  gaps: readonly Interval[],
): Interval[] {
  const out: Interval[] = [];
  for (const span of spans) {
    let lo = 0;
    let hi = gaps.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((gaps[mid] as Interval).end > span.start) hi = mid;
      else lo = mid + 1;
    }
    for (let g = lo; g < gaps.length && (gaps[g] as Interval).start < span.end; g += 1) {
      const gap = gaps[g] as Interval;
      const start = Math.max(gap.start, span.start);
      const end = Math.min(gap.end, span.end);
      if (end > start) out.push({ start, end });
    }
  }
  return out;
}

/** `gaps` without `taken` (both sorted, disjoint), keeping parts of at least `minLength`. */
export function subtractIntervals(
  gaps: readonly Interval[],
  taken: readonly Interval[],
  minLength: number,
): Interval[] {
  const out: Interval[] = [];
  let t = 0;
  for (const gap of gaps) {
    let cursor = gap.start;
    while (t < taken.length && (taken[t] as Interval).end <= gap.start) t += 1;
    for (let k = t; k < taken.length && (taken[k] as Interval).start < gap.end; k += 1) {
      const span = taken[k] as Interval;
      if (span.start - cursor >= minLength) out.push({ start: cursor, end: span.start });
      cursor = Math.max(cursor, span.end);
    }
    if (gap.end - cursor >= minLength) out.push({ start: cursor, end: gap.end });
  }
  return out;
}

export function isSameIntervals(a: readonly Interval[], b: readonly Interval[]): boolean {
  return a.length === b.length && a.every((s, i) => s.start === b[i]?.start && s.end === b[i]?.end);
}
