/** Why a task's blocks moved (docs/design.md, Stable re-plans). */
import { MIN_FRAGMENT_MS, isBlockKept } from './busy-time';
import { findCurrentBlock } from './current-block';
import { findEventCovering } from './event-spans';
import { isSameIntervals, mergeIntervals } from './intervals';
import type { Interval, MoveReason, MovedTask, PlanRequest, PlannedBlock } from './types';

/** Why part of a previous block can no longer be kept: what now covers it. */
export function lossReason(request: PlanRequest, lost: Interval, end: number): MoveReason {
  if (lost.start >= end) return { kind: 'horizon' };
  const current = findCurrentBlock(request.timeblocks, request.now);
  for (const block of request.timeblocks) {
    if (!isBlockKept(block, block === current, request.state.isPaused)) continue;
    if (block.start < lost.end && block.end > lost.start) return { kind: 'busy', block: block.id };
  }
  // A part no event overlaps was left in a gap under 5 minutes: the event next to it did that.
  const event =
    findEventCovering(request.events, request.timezone, lost.start, lost.end) ??
    findEventCovering(
      request.events,
      request.timezone,
      lost.start - MIN_FRAGMENT_MS,
      lost.end + MIN_FRAGMENT_MS,
    );
  return event === undefined ? { kind: 'busy' } : { kind: 'busy', event };
}

/** The first part of `span` outside `kept` (sorted), if any. */
export function firstLost(span: Interval, kept: readonly Interval[]): Interval | undefined {
  let cursor = span.start;
  for (const part of kept) {
    if (part.end <= span.start || part.start >= span.end) continue;
    if (part.start > cursor) return { start: cursor, end: part.start };
    cursor = Math.max(cursor, part.end);
  }
  return cursor < span.end ? { start: cursor, end: span.end } : undefined;
}

/**
 * One entry per task (present in the request) whose intervals differ from its previous ones,
 * with its recorded reason; `fallback` for a planned task without one.
 */
export function listMoved(
  request: PlanRequest,
  previous: ReadonlyMap<string, Interval[]>,
  blocks: readonly PlannedBlock[],
  reasons: ReadonlyMap<string, MoveReason>,
  fallback: MoveReason,
  tracked: { has(task: string): boolean },
): MovedTask[] {
  const planned = new Map<string, Interval[]>();
  for (const block of blocks) {
    const list = planned.get(block.task) ?? [];
    list.push(block);
    planned.set(block.task, list);
  }
  const moved: MovedTask[] = [];
  for (const task of request.tasks) {
    const before = previous.get(task.id);
    if (before === undefined) continue;
    const after = mergeIntervals(planned.get(task.id) ?? []);
    if (isSameIntervals(before, after)) continue;
    // A task no longer planned (done, or no time left) changed itself.
    const reason = reasons.get(task.id) ?? (tracked.has(task.id) ? fallback : { kind: 'changed' });
    moved.push({ task: task.id, reason });
  }
  return moved;
}
