import type { TimeRange } from '../types';

/** Ranges sorted and joined where they overlap or touch. */
export function mergeRanges(ranges: readonly TimeRange[]): TimeRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const out: TimeRange[] = [];
  for (const range of sorted) {
    const last = out[out.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else out.push({ ...range });
  }
  return out;
}

/** The parts of `wanted` no loaded range covers (spec 4: a loaded range is not loaded again). */
export function missingRanges(loaded: readonly TimeRange[], wanted: TimeRange): TimeRange[] {
  const out: TimeRange[] = [];
  let cursor = wanted.start;
  for (const range of mergeRanges(loaded)) {
    if (range.end <= cursor) continue;
    if (range.start >= wanted.end) break;
    if (range.start > cursor) out.push({ start: cursor, end: range.start });
    cursor = Math.max(cursor, range.end);
  }
  if (cursor < wanted.end) out.push({ start: cursor, end: wanted.end });
  return out;
}

/** A range cut into pieces of at most `maxMs` (GetTimeline answers at most 92 days at once). */
export function splitRange(range: TimeRange, maxMs: number): TimeRange[] {
  const out: TimeRange[] = [];
  for (let start = range.start; start < range.end; start += maxMs) {
    out.push({ start, end: Math.min(range.end, start + maxMs) });
  }
  return out;
}

export function overlaps(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.end && b.start < a.end;
}
