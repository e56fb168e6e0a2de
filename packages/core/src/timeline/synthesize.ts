import type { MergedBlock } from './blocks';
import {
  currentGroup,
  currentGroupProgress,
  filterForWeekView,
  groupOverlappingBlocks,
  mergeAdjacentBlocks,
} from './blocks';
import { fillIdleBlocks } from './idle';
import type { TravelSource } from './travel';
import { travelBlocks } from './travel';
import type { BlockGroup, IdleBlock, TimelineBlock } from './types';
import { BLOCK_MERGE_GAP_DEBUG_MS, BLOCK_MERGE_GAP_MS } from '../rules/defaults';

export interface SynthesizeTimelineInput<B extends TimelineBlock> {
  blocks: readonly B[];
  /** Events (instances) in the window, for their travel blocks. */
  events?: readonly TravelSource[];
  windowStart: number;
  windowEnd: number;
  timeZone: string;
  now: number;
  /** The current block from the timeline state, when known. */
  currentBlockId?: string;
  view?: 'agenda' | 'week';
  /** Debug mode merges with the 9 s gap instead of 60 s. */
  debug?: boolean;
  minIdleMs?: number;
}

export type SynthesizedBlock<B extends TimelineBlock> = MergedBlock<B> | MergedBlock<TimelineBlock>;

export type TimelineEntry<B extends TimelineBlock> =
  | { type: 'group'; start: number; end: number; group: BlockGroup<SynthesizedBlock<B>> }
  | { type: 'idle'; start: number; end: number; idle: IdleBlock };

export interface SynthesizedTimeline<B extends TimelineBlock> {
  groups: BlockGroup<SynthesizedBlock<B>>[];
  idle: IdleBlock[];
  /** Groups and idle blocks in time order: what the agenda lists. */
  entries: TimelineEntry<B>[];
  currentGroupId: string | null;
  /** See currentGroupProgress; null when nothing is current. */
  progress: number | null;
}

function inWindow(b: { start: number; end: number }, start: number, end: number): boolean {
  return b.end > b.start && b.end > start && b.start < end;
}

function interleave<B extends TimelineBlock>(
  groups: BlockGroup<SynthesizedBlock<B>>[],
  idle: IdleBlock[],
): TimelineEntry<B>[] {
  const entries: TimelineEntry<B>[] = [
    ...groups.map((group) => ({
      type: 'group' as const,
      start: group.start,
      end: group.end,
      group,
    })),
    ...idle.map((i) => ({ type: 'idle' as const, start: i.start, end: i.end, idle: i })),
  ];
  return entries.sort((a, b) => a.start - b.start || (a.type === 'idle' ? 1 : -1));
}

/**
 * The agenda's view of a timeline window: deleted (zero-length) blocks dropped, travel blocks
 * added, blocks of one task merged, the week-view filter when asked, overlapping blocks grouped,
 * the gaps filled with idle blocks per local day, and the current group's progress.
 */
export function synthesizeTimeline<B extends TimelineBlock>(
  input: SynthesizeTimelineInput<B>,
): SynthesizedTimeline<B> {
  const { windowStart, windowEnd, timeZone } = input;
  const visible: (B | TimelineBlock)[] = input.blocks.filter((b) =>
    inWindow(b, windowStart, windowEnd),
  );
  const travel = travelBlocks(input.events ?? []).filter((b) =>
    inWindow(b, windowStart, windowEnd),
  );
  const mergeGapMs = input.debug ? BLOCK_MERGE_GAP_DEBUG_MS : BLOCK_MERGE_GAP_MS;
  const merged = mergeAdjacentBlocks([...visible, ...travel], { mergeGapMs });
  const shown = input.view === 'week' ? filterForWeekView(merged) : merged;
  const groups = groupOverlappingBlocks(shown);
  const idle = fillIdleBlocks(groups, {
    windowStart,
    windowEnd,
    timeZone,
    ...(input.minIdleMs === undefined ? {} : { minIdleMs: input.minIdleMs }),
  });
  const current = currentGroup(groups, input.now, input.currentBlockId);
  return {
    groups,
    idle,
    entries: interleave(groups, idle),
    currentGroupId: current?.id ?? null,
    progress: currentGroupProgress(groups, input.now, input.currentBlockId),
  };
}
