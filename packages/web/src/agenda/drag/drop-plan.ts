import {
  offeredScopes,
  RECURRENCE_FREQS,
  startOfLocalDay,
  type RecurrenceScope,
} from '@planner/core';
import type { DayBlock } from '../model/day-model';
import type { WireEventInstance } from '../types';

/** Where a dragged block was let go: its new start and end. */
export interface DropTarget {
  start: number;
  end: number;
}

/** What a drop does (spec 4 and 5). */
export type DropPlan =
  | { kind: 'none' }
  /** A future task block is locked (fixed) at the new time and the plan re-flows around it. */
  | { kind: 'lock' }
  /** A past or current block is corrected to the new time. */
  | { kind: 'correct' }
  /**
   * An event moves; a recurring one's occurrence first asks which occurrences move (more than one
   * scope offered). "This and following" is offered only while the start date stays the same.
   */
  | { kind: 'moveEvent'; event: WireEventInstance; scopes: RecurrenceScope[] };

/** An occurrence of a recurring event (the series' rule comes with each occurrence). */
export function isOccurrence(event: WireEventInstance): boolean {
  const freq = event.recurrenceRule?.freq;
  return RECURRENCE_FREQS.some((known) => known !== 'none' && known === freq);
}

/** Decides what dropping `block` at `target` means; nothing when it did not move. */
export function planDrop(
  block: DayBlock,
  target: DropTarget,
  context: { now: number; timeZone: string },
): DropPlan {
  if (target.start === block.start) return { kind: 'none' };
  if (block.event && !block.task) {
    const event = 'eventData' in block ? block.eventData : undefined;
    if (!event) return { kind: 'none' };
    if (!isOccurrence(event)) return { kind: 'moveEvent', event, scopes: [0] };
    const isOtherDay =
      startOfLocalDay(block.start, context.timeZone) !==
      startOfLocalDay(target.start, context.timeZone);
    return { kind: 'moveEvent', event, scopes: offeredScopes('update', isOtherDay) };
  }
  return block.start > context.now ? { kind: 'lock' } : { kind: 'correct' };
}

/** The event's new times: moved by as much as its block was (the block is the event's span). */
export function movedEventTimes(
  event: WireEventInstance,
  block: DayBlock,
  target: DropTarget,
): DropTarget {
  const shift = target.start - block.start;
  return { start: event.start + shift, end: event.end + shift };
}
