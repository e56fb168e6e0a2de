import { PLANNING_CONSTANTS, snapDragTime } from '@planner/core';

/** An entry of the day view as laid out on screen: its box (px) and the time it stands for. */
export interface LaidOutSpan {
  top: number;
  bottom: number;
  start: number;
  end: number;
}

/**
 * The time at a vertical position of the day view. Entries have heights that are not
 * proportional to their length (a long break is one row), so the time is read inside the entry
 * under the position; between entries (a day header) it is the next entry's start.
 */
export function timeAtY(spans: readonly LaidOutSpan[], y: number): number | null {
  const sorted = [...spans].sort((a, b) => a.top - b.top);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return null;
  if (y <= first.top) return first.start;
  for (const span of sorted) {
    if (y < span.top) return span.start;
    if (y < span.bottom) {
      const ratio = (y - span.top) / Math.max(1, span.bottom - span.top);
      return span.start + ratio * (span.end - span.start);
    }
  }
  return last.end;
}

/** The new times of a dragged block whose top edge is at `y`: snapped to 5 minutes. */
export function droppedTimes(
  spans: readonly LaidOutSpan[],
  y: number,
  durationMs: number,
): { start: number; end: number } | null {
  const at = timeAtY(spans, y);
  if (at === null) return null;
  const start = snapDragTime(at);
  return { start, end: start + durationMs };
}

const { topRatio, bottomRatio } = PLANNING_CONSTANTS.dragWindowBounds;

/** The drag offset that keeps the dragged block's top between 15 % and 85 % of the window. */
export function clampDragDelta(rectTop: number, deltaY: number, windowHeight: number): number {
  const min = windowHeight * topRatio - rectTop;
  const max = windowHeight * bottomRatio - rectTop;
  return Math.min(max, Math.max(min, deltaY));
}

/** A day column of the week view as laid out on screen (px) and the day it stands for. */
export interface LaidOutColumn {
  left: number;
  right: number;
  top: number;
  bottom: number;
  start: number;
  end: number;
}

/**
 * The new times of a block dragged in the week view: the column is the one under the block's
 * horizontal centre (the nearest at the edges), the time is read from the top edge inside it.
 * `offsetMs` is how far into the block the dragged box starts (a block over midnight has a box
 * per day), so the block's own start moves by the same amount as the box.
 */
export function weekDroppedTimes(
  columns: readonly LaidOutColumn[],
  box: { top: number; centerX: number },
  offsetMs: number,
  durationMs: number,
): { start: number; end: number } | null {
  let column: LaidOutColumn | undefined;
  let distance = Infinity;
  for (const candidate of columns) {
    const away =
      box.centerX < candidate.left
        ? candidate.left - box.centerX
        : Math.max(0, box.centerX - candidate.right);
    if (away < distance) {
      column = candidate;
      distance = away;
    }
  }
  if (!column) return null;
  const ratio = (box.top - column.top) / Math.max(1, column.bottom - column.top);
  const at = column.start + Math.min(1, Math.max(0, ratio)) * (column.end - column.start);
  const start = snapDragTime(at - offsetMs);
  return { start, end: start + durationMs };
}
