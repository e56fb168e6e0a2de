import { autoIdleWindows } from './auto-idle';
import { findCurrentBlock } from './current-block';
import { addEventSpans } from './event-spans';
import { IntervalUnion, complementIntervals } from './intervals';
import type { Interval, PlanRequest, PlanTimeblock } from './types';

/** No task fragment shorter than this is made unless it is the task's last piece. */
export const MIN_FRAGMENT_MS = 5 * 60_000;

export type BusyTimeInput = Pick<
  PlanRequest,
  'now' | 'timezone' | 'autoIdle' | 'state' | 'events' | 'timeblocks'
>;

/**
 * Whether a stored block keeps its time: a fixed (locked) block, a rest, or the current block
 * while the timeline runs. Pausing ends the current session, so a paused current block that is
 * neither fixed nor a rest no longer holds time (the plan restarts at now). Other non-fixed
 * blocks are the previous plan or history, which the new plan replaces.
 */
export function isBlockKept(block: PlanTimeblock, isCurrent: boolean, isPaused: boolean): boolean {
  return block.fixed || block.isRest || (isCurrent && !isPaused);
}

/**
 * The busy time in [now, windowEnd): event instances with travel, kept blocks (fixed, rests,
 * the current block) and the daily auto-idle window. Sorted and merged.
 */
export function computeBusyIntervals(input: BusyTimeInput, windowEnd: number): Interval[] {
  const { now, timezone } = input;
  const union = new IntervalUnion(now, windowEnd);
  if (windowEnd <= now) return [];
  addEventSpans(union, input.events, timezone, now, windowEnd);
  for (const idle of autoIdleWindows(input.autoIdle, timezone, now, windowEnd)) {
    union.add(idle.start, idle.end);
  }
  const current = findCurrentBlock(input.timeblocks, now);
  for (const block of input.timeblocks) {
    if (isBlockKept(block, block === current, input.state.isPaused)) {
      union.add(block.start, block.end);
    }
  }
  return union.result();
}

/**
 * The free gaps of [from, to) between `busy` spans (sorted, merged) that are long enough to
 * plan in: gaps under 5 minutes stay idle.
 */
export function computeFreeIntervals(
  busy: readonly Interval[],
  from: number,
  to: number,
  minLength = MIN_FRAGMENT_MS,
): Interval[] {
  return complementIntervals(busy, from, to, minLength);
}

/** Busy time and plannable free time from now to the horizon, as the planner sees them. */
export function computeFreeTime(input: BusyTimeInput & Pick<PlanRequest, 'horizonEnd'>): {
  busy: Interval[];
  free: Interval[];
} {
  const busy = computeBusyIntervals(input, input.horizonEnd);
  return { busy, free: computeFreeIntervals(busy, input.now, input.horizonEnd) };
}
