import type { BlockGroup, TimelineBlock } from './types';
import { WEEK_VIEW_MIN_BLOCK_MS } from './types';

export interface MergeOptions {
  /** BLOCK_MERGE_GAP_MS, or BLOCK_MERGE_GAP_DEBUG_MS in debug mode. */
  mergeGapMs: number;
}

/** A block with the ids of the blocks merged into it (its own first). */
export type MergedBlock<B extends TimelineBlock> = B & { mergedIds: string[] };

function byStart(a: TimelineBlock, b: TimelineBlock): number {
  return a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function mergeable(a: TimelineBlock, b: TimelineBlock, gapMs: number): boolean {
  return (
    a.task !== undefined &&
    a.task === b.task &&
    a.fixed === b.fixed &&
    a.event === b.event &&
    !a.isRest &&
    !b.isRest &&
    !a.isTravel &&
    !b.isTravel &&
    b.start - a.end < gapMs
  );
}

/**
 * Consecutive blocks of the same task with the same fixed flag, less than `mergeGapMs` apart,
 * become one block (spec: 60 s, 9 s in debug). Sessions split by a pause or a re-plan read as one.
 * Returns blocks sorted by start; each keeps the first block's id and fields.
 */
export function mergeAdjacentBlocks<B extends TimelineBlock>(
  blocks: readonly B[],
  { mergeGapMs }: MergeOptions,
): MergedBlock<B>[] {
  const out: MergedBlock<B>[] = [];
  for (const block of [...blocks].sort(byStart)) {
    const last = out[out.length - 1];
    if (last && mergeable(last, block, mergeGapMs)) {
      last.end = Math.max(last.end, block.end);
      last.mergedIds.push(block.id);
    } else {
      out.push({ ...block, mergedIds: [block.id] });
    }
  }
  return out;
}

/**
 * Groups of blocks whose times overlap (touching blocks do not overlap), sorted by start.
 * A group's start and end span its blocks.
 */
export function groupOverlappingBlocks<B extends TimelineBlock>(
  blocks: readonly B[],
): BlockGroup<B>[] {
  const groups: BlockGroup<B>[] = [];
  for (const block of [...blocks].sort(byStart)) {
    const last = groups[groups.length - 1];
    if (last && block.start < last.end) {
      last.blocks.push(block);
      last.end = Math.max(last.end, block.end);
    } else {
      groups.push({ id: block.id, start: block.start, end: block.end, blocks: [block] });
    }
  }
  return groups;
}

/** The week view shows no rests and nothing shorter than 3 minutes. */
export function filterForWeekView<B extends { start: number; end: number; isRest?: boolean }>(
  blocks: readonly B[],
): B[] {
  return blocks.filter((b) => !b.isRest && b.end - b.start >= WEEK_VIEW_MIN_BLOCK_MS);
}

/**
 * The group the client treats as current: the one holding the current block when its id is
 * known, else the one containing now.
 */
export function currentGroup<B extends TimelineBlock>(
  groups: readonly BlockGroup<B>[],
  now: number,
  currentBlockId?: string,
): BlockGroup<B> | null {
  if (currentBlockId !== undefined) {
    const holding = groups.find((g) => g.blocks.some((b) => b.id === currentBlockId));
    if (holding) return holding;
  }
  return groups.find((g) => g.start <= now && now < g.end) ?? null;
}

/**
 * How far now is through the current group: 0 at its start, 1 at its end and above 1 after it
 * (spec: at 1 or more the clock advances and the timeline reloads unless auto-extend is on).
 * Null when there is no current group.
 */
export function currentGroupProgress<B extends TimelineBlock>(
  groups: readonly BlockGroup<B>[],
  now: number,
  currentBlockId?: string,
): number | null {
  const group = currentGroup(groups, now, currentBlockId);
  if (!group) return null;
  const length = group.end - group.start;
  if (length <= 0) return now >= group.end ? 1 : 0;
  return Math.max(0, (now - group.start) / length);
}
