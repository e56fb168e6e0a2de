/**
 * Room to breathe (docs/design.md, Shape limits): a daily cap on task time, a buffer between task
 * blocks, a shortest and a longest block. The free time is shaped before planning (the buffer
 * around existing task blocks, each local day's cap as a budget of free time), and ShapedAxis
 * places a task as the planner's axis does, with the buffer and the block limits.
 */
import { fromFloating, toFloating } from '../recurrence/index';
import { DAY_MS } from '../time/zone';
import { MIN_FRAGMENT_MS, isBlockKept } from './busy-time';
import { findCurrentBlock } from './current-block';
import { BEYOND_AXIS, FreeAxis } from './free-axis';
import type { Piece } from './free-axis';
import { mergeIntervals, subtractIntervals } from './intervals';
import type { Interval, PlanRequest, PlanShape, PlannedBlock } from './types';

export function hasShape(shape: PlanShape | undefined): shape is PlanShape {
  return (
    shape !== undefined &&
    (shape.dailyTaskCap !== undefined ||
      shape.buffer !== undefined ||
      shape.minBlock !== undefined ||
      shape.maxBlock !== undefined)
  );
}

/** A piece shorter than this is made only as its task's last piece. */
export function shortestPiece(shape: PlanShape): number {
  return Math.max(MIN_FRAGMENT_MS, shape.minBlock ?? 0);
}

/** The local day (a day number) an instant falls in, and where each day starts. */
function dayOf(instant: number, timeZone: string): number {
  return Math.floor(toFloating(instant, timeZone) / DAY_MS);
}

function dayStart(day: number, timeZone: string): number {
  return fromFloating(day * DAY_MS, timeZone);
}

/** Task time per local day in `blocks`. */
export function usagePerDay(blocks: readonly Interval[], timeZone: string): Map<number, number> {
  const used = new Map<number, number>();
  for (const block of blocks) {
    let start = block.start;
    while (start < block.end) {
      const day = dayOf(start, timeZone);
      const end = Math.min(block.end, dayStart(day + 1, timeZone));
      used.set(day, (used.get(day) ?? 0) + (end - start));
      start = end;
    }
  }
  return used;
}

/**
 * The free gaps shaped for planning: no closer than the buffer to a task block already there
 * (`taskBlocks`), and each local day holding no more free time than its cap leaves (the day's
 * earliest free time is kept). Parts under 5 minutes stay idle, as gaps do.
 */
export function shapeGaps(
  gaps: readonly Interval[],
  taskBlocks: readonly Interval[],
  shape: PlanShape,
  timeZone: string,
): Interval[] {
  const buffer = shape.buffer ?? 0;
  const around = mergeIntervals(
    taskBlocks.map((b) => ({ start: b.start - buffer, end: b.end + buffer })),
  );
  const free = subtractIntervals(gaps, around, MIN_FRAGMENT_MS);
  const cap = shape.dailyTaskCap;
  if (cap === undefined) return free;
  const used = usagePerDay(taskBlocks, timeZone);
  const shaped: Interval[] = [];
  const budget = new Map<number, number>();
  for (const gap of free) {
    let start = gap.start;
    while (start < gap.end) {
      const day = dayOf(start, timeZone);
      const end = Math.min(gap.end, dayStart(day + 1, timeZone));
      const left = budget.get(day) ?? Math.max(0, cap - (used.get(day) ?? 0));
      const take = Math.min(left, end - start);
      if (take > 0) {
        shaped.push({ start, end: start + take });
        budget.set(day, left - take);
      } else budget.set(day, left);
      start = end;
    }
  }
  // Pieces of one gap split at midnight join again; pieces under 5 minutes stay idle.
  return mergeIntervals(shaped).filter((g) => g.end - g.start >= MIN_FRAGMENT_MS);
}

/**
 * The planner's axis over shaped gaps. Positions are free time laid end to end as in FreeAxis;
 * placing differs: a task starts no earlier than the buffer after the previous task's end, no
 * piece is longer than the longest block (a piece cut there is followed by a break of the
 * buffer, at least 5 minutes), pieces are split across gaps with the buffer between them, and
 * none is shorter than the shortest block unless it finishes the task.
 */
export class ShapedAxis extends FreeAxis {
  private readonly gaps: readonly Interval[];
  private readonly reach: Float64Array;
  private readonly buffer: number;
  private readonly shortest: number;
  private readonly longest: number;

  /** `now`: a task placed from here is the first, with no task before it to keep a buffer from. */
  constructor(
    gaps: readonly Interval[],
    shape: PlanShape,
    private readonly now: number,
  ) {
    super(gaps);
    this.gaps = gaps;
    this.buffer = shape.buffer ?? 0;
    this.shortest = shortestPiece(shape);
    this.longest = shape.maxBlock ?? Infinity;
    this.reach = new Float64Array(gaps.length);
    let total = 0;
    gaps.forEach((gap, i) => {
      total += gap.end - gap.start;
      this.reach[i] = total;
    });
  }

  /** The first gap ending after `t`. */
  private gapAfter(t: number): number {
    let lo = 0;
    let hi = this.gaps.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.gaps[mid] as Interval).end > t) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The earliest instant at axis position `p` (a gap's end when p is where it ends). */
  private instantAt(p: number): number {
    let lo = 0;
    let hi = this.reach.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.reach[mid] as number) >= p) hi = mid;
      else lo = mid + 1;
    }
    const gap = this.gaps[lo];
    if (gap === undefined) return Infinity;
    return gap.end - ((this.reach[lo] as number) - p);
  }

  /**
   * Places a task needing `duration` after a previous task that ended at `after` (or none, at
   * -Infinity): its pieces, what did not fit, and where it ended.
   */
  private simulate(after: number, duration: number) {
    const pieces: Piece[] = [];
    let t = after === -Infinity ? -Infinity : after + this.buffer;
    let left = duration;
    let gap = this.gapAfter(t);
    while (left > 0 && gap < this.gaps.length) {
      const { start, end } = this.gaps[gap] as Interval;
      const at = Math.max(t, start);
      const length = Math.min(left, end - at, this.longest);
      if (length <= 0 || (length < left && length < this.shortest)) {
        gap += 1;
        continue;
      }
      pieces.push({ start: at, end: at + length });
      left -= length;
      const isCutByLongest = length === this.longest && at + length < end;
      t = at + length + (isCutByLongest ? Math.max(this.buffer, MIN_FRAGMENT_MS) : this.buffer);
      if (left > 0) gap = this.gapAfter(t);
    }
    const last = pieces[pieces.length - 1];
    return { pieces, unplaced: left, end: last === undefined ? after : last.end };
  }

  override get isPlain(): boolean {
    return false;
  }

  override finishAfter(from: number, duration: number): number {
    if (from === BEYOND_AXIS) return BEYOND_AXIS;
    const placed = this.simulate(from === 0 ? -Infinity : this.instantAt(from), duration);
    return placed.unplaced > 0 ? BEYOND_AXIS : this.position(placed.end);
  }

  /** `x` is where the previous task ended, or now for the first task. */
  override place(x: number, duration: number): { pieces: Piece[]; unplaced: number; end: number } {
    const placed = this.simulate(x <= this.now ? -Infinity : x, duration);
    return placed.pieces.length === 0 ? { ...placed, end: x } : placed;
  }
}

/**
 * The task blocks already in the request that count for the cap and keep the buffer: kept ones
 * (fixed, the current session) whole, and history up to now. The previous plan is not among them.
 */
export function existingTaskBlocks(request: PlanRequest): Interval[] {
  const current = findCurrentBlock(request.timeblocks, request.now);
  const blocks: Interval[] = [];
  for (const block of request.timeblocks) {
    if (block.task === undefined || block.isRest || block.end <= block.start) continue;
    const isKept = isBlockKept(block, block === current, request.state.isPaused);
    const end = isKept ? block.end : Math.min(block.end, request.now);
    if (end > block.start) blocks.push({ start: block.start, end });
  }
  return blocks;
}

/**
 * The tasks whose planned blocks break a shape limit: a block longer than the longest, one
 * shorter than the shortest that does not finish its task, two task blocks closer than the
 * buffer, a day over its cap. `planned` holds each task's blocks merged; `cut` the tasks the
 * horizon cut short (their last block does not finish them).
 */
export function shapeViolations(
  planned: readonly PlannedBlock[],
  existing: readonly Interval[],
  shape: PlanShape,
  timeZone: string,
  cut: ReadonlySet<string>,
): Set<string> {
  const bad = new Set<string>();
  const shortest = shortestPiece(shape);
  const lastOf = new Map<string, PlannedBlock>();
  for (const block of planned) {
    const last = lastOf.get(block.task);
    if (last === undefined || block.start > last.start) lastOf.set(block.task, block);
  }
  for (const block of planned) {
    const length = block.end - block.start;
    if (shape.maxBlock !== undefined && length > shape.maxBlock) bad.add(block.task);
    const isFinishing = lastOf.get(block.task) === block && !cut.has(block.task);
    if (length < shortest && !isFinishing) bad.add(block.task);
  }
  const buffer = shape.buffer ?? 0;
  if (buffer > 0) {
    const all = [
      ...planned.map((b) => ({ ...b, isPlanned: true })),
      ...existing.map((b) => ({ ...b, task: '', isPlanned: false })),
    ].sort((a, b) => a.start - b.start);
    for (let i = 1; i < all.length; i += 1) {
      const before = all[i - 1] as (typeof all)[number];
      const after = all[i] as (typeof all)[number];
      if (after.start - before.end >= buffer) continue;
      if (before.isPlanned) bad.add(before.task);
      if (after.isPlanned) bad.add(after.task);
    }
  }
  const cap = shape.dailyTaskCap;
  if (cap !== undefined) {
    const used = usagePerDay([...existing, ...planned], timeZone);
    for (const block of planned) {
      if ([...usagePerDay([block], timeZone).keys()].some((day) => (used.get(day) ?? 0) > cap))
        bad.add(block.task);
    }
  }
  return bad;
}
