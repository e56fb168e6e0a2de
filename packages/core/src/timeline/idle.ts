import { fromFloating, toFloating } from '../recurrence/zone-offsets';
import { DAY_MS } from '../time/zone';
import type { IdleBlock, TimelineBlock } from './types';
import { LONG_IDLE_MS } from './types';

export interface IdleOptions {
  windowStart: number;
  windowEnd: number;
  timeZone: string;
  /** Gaps shorter than this get no idle block (default 0: every gap does). */
  minIdleMs?: number;
}

/** The next local midnight strictly after `instant` (23 or 25 hours after the last on DST days). */
export function nextLocalMidnight(instant: number, timeZone: string): number {
  const day = Math.floor(toFloating(instant, timeZone) / DAY_MS);
  return fromFloating((day + 1) * DAY_MS, timeZone);
}

function idleBlock(start: number, end: number): IdleBlock {
  const kind = end - start > LONG_IDLE_MS ? 'long' : 'short';
  return { id: `idle:${start}`, start, end, isIdle: true, kind, quickAdd: kind === 'short' };
}

/** One gap as idle blocks split at local midnights; each piece is long or short by its length. */
export function splitIdleGap(start: number, end: number, timeZone: string): IdleBlock[] {
  const out: IdleBlock[] = [];
  for (let cursor = start; cursor < end;) {
    const next = Math.min(end, nextLocalMidnight(cursor, timeZone));
    out.push(idleBlock(cursor, next));
    cursor = next;
  }
  return out;
}

/**
 * Idle blocks for the time in [windowStart, windowEnd) that no group covers, split per local day
 * in `timeZone`. `groups` are spans (block groups, or blocks) and need not be sorted.
 */
export function fillIdleBlocks(
  groups: readonly Pick<TimelineBlock, 'start' | 'end'>[],
  { windowStart, windowEnd, timeZone, minIdleMs = 0 }: IdleOptions,
): IdleBlock[] {
  const spans = [...groups].sort((a, b) => a.start - b.start);
  const out: IdleBlock[] = [];
  let cursor = windowStart;
  const gap = (until: number) => {
    const end = Math.min(until, windowEnd);
    if (end > cursor && end - cursor >= minIdleMs) out.push(...splitIdleGap(cursor, end, timeZone));
  };
  for (const span of spans) {
    if (span.start >= windowEnd) break;
    gap(span.start);
    cursor = Math.max(cursor, span.end);
  }
  gap(windowEnd);
  return out;
}
