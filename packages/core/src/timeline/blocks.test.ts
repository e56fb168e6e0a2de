import { describe, expect, it } from 'vitest';
import { BLOCK_MERGE_GAP_DEBUG_MS, BLOCK_MERGE_GAP_MS } from '../rules/defaults';
import { HOUR_MS, MINUTE_MS } from '../time/zone';
import {
  currentGroupProgress,
  filterForWeekView,
  groupOverlappingBlocks,
  mergeAdjacentBlocks,
} from './blocks';
import { travelBlocks } from './travel';
import type { TimelineBlock } from './types';

const T0 = Date.UTC(2026, 4, 4, 7, 0);

function block(id: string, startMin: number, endMin: number, extra: Partial<TimelineBlock> = {}) {
  return {
    id,
    start: T0 + startMin * MINUTE_MS,
    end: T0 + endMin * MINUTE_MS,
    fixed: false,
    isRest: false,
    ...extra,
  } satisfies TimelineBlock;
}

describe('mergeAdjacentBlocks', () => {
  it('merges blocks of the same task and fixed flag less than 60 s apart', () => {
    const a = block('a', 0, 30, { task: 't1' });
    const b = { ...block('b', 0, 60, { task: 't1' }), start: a.end + 59_000 };
    const merged = mergeAdjacentBlocks([b, a], { mergeGapMs: BLOCK_MERGE_GAP_MS });
    expect(merged).toEqual([{ ...a, end: b.end, mergedIds: ['a', 'b'] }]);
  });

  it('keeps blocks apart at 60 s, across fixed flags, tasks, rests and events', () => {
    const a = block('a', 0, 30, { task: 't1' });
    const exactly = { ...block('b', 0, 60, { task: 't1' }), start: a.end + 60_000 };
    expect(mergeAdjacentBlocks([a, exactly], { mergeGapMs: BLOCK_MERGE_GAP_MS })).toHaveLength(2);
    const cases = [
      block('c', 30, 60, { task: 't1', fixed: true }),
      block('c', 30, 60, { task: 't2' }),
      block('c', 30, 60, { isRest: true }),
      block('c', 30, 60, { event: 'e1' }),
    ];
    for (const other of cases) {
      expect(mergeAdjacentBlocks([a, other], { mergeGapMs: BLOCK_MERGE_GAP_MS })).toHaveLength(2);
    }
    const rests = [block('r1', 0, 5, { isRest: true }), block('r2', 5, 10, { isRest: true })];
    expect(mergeAdjacentBlocks(rests, { mergeGapMs: BLOCK_MERGE_GAP_MS })).toHaveLength(2);
  });

  it('uses the 9 s gap in debug mode', () => {
    const a = block('a', 0, 30, { task: 't1' });
    const near = { ...block('b', 0, 60, { task: 't1' }), start: a.end + 8_000 };
    const far = { ...near, start: a.end + 9_000 };
    expect(mergeAdjacentBlocks([a, near], { mergeGapMs: BLOCK_MERGE_GAP_DEBUG_MS })).toHaveLength(
      1,
    );
    expect(mergeAdjacentBlocks([a, far], { mergeGapMs: BLOCK_MERGE_GAP_DEBUG_MS })).toHaveLength(2);
  });

  it('chains several pieces and keeps the latest end when they overlap', () => {
    const pieces = [
      block('a', 0, 20, { task: 't' }),
      block('b', 20, 25, { task: 't' }),
      block('c', 24, 40, { task: 't' }),
      block('d', 22, 23, { task: 't' }),
    ];
    const [only, ...rest] = mergeAdjacentBlocks(pieces, { mergeGapMs: BLOCK_MERGE_GAP_MS });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      id: 'a',
      end: T0 + 40 * MINUTE_MS,
      mergedIds: ['a', 'b', 'd', 'c'],
    });
  });
});

describe('groupOverlappingBlocks', () => {
  it('groups overlapping blocks and leaves touching ones apart', () => {
    const groups = groupOverlappingBlocks([
      block('late', 120, 150),
      block('a', 0, 60),
      block('b', 30, 90),
      block('c', 90, 100),
      block('d', 95, 96),
    ]);
    expect(groups.map((g) => [g.id, g.blocks.map((b) => b.id)])).toEqual([
      ['a', ['a', 'b']],
      ['c', ['c', 'd']],
      ['late', ['late']],
    ]);
    expect(groups[0]).toMatchObject({ start: T0, end: T0 + 90 * MINUTE_MS });
  });
});

describe('filterForWeekView', () => {
  it('drops rests and blocks under 3 minutes', () => {
    const kept = filterForWeekView([
      block('rest', 0, 60, { isRest: true }),
      block('short', 60, 62),
      block('three', 62, 65),
      block('long', 70, 130),
    ]);
    expect(kept.map((b) => b.id)).toEqual(['three', 'long']);
  });
});

describe('currentGroupProgress', () => {
  const groups = groupOverlappingBlocks([
    block('a', 0, 60),
    block('b', 30, 120),
    block('c', 180, 240),
  ]);

  it('runs from 0 at the group start to 1 at its end', () => {
    expect(currentGroupProgress(groups, T0)).toBe(0);
    expect(currentGroupProgress(groups, T0 + HOUR_MS)).toBe(0.5);
    expect(currentGroupProgress(groups, T0 + 150 * MINUTE_MS)).toBeNull();
  });

  it('goes past 1 for the group holding the current block once it has ended', () => {
    expect(currentGroupProgress(groups, T0 + 150 * MINUTE_MS, 'b')).toBe(1.25);
    expect(currentGroupProgress(groups, T0 + 2 * HOUR_MS, 'a')).toBe(1);
  });
});

describe('travelBlocks', () => {
  it('adds fixed travel blocks before and after timed events only', () => {
    const travel = travelBlocks([
      { id: 'e1', start: T0, end: T0 + HOUR_MS, travelTop: 15 * MINUTE_MS, travelBottom: 0 },
      {
        id: 'e2',
        start: T0,
        end: T0 + HOUR_MS,
        travelTop: 0,
        travelBottom: 5 * MINUTE_MS,
        instanceNumber: 3,
      },
      {
        id: 'e3',
        start: T0,
        end: T0 + HOUR_MS,
        travelTop: HOUR_MS,
        travelBottom: HOUR_MS,
        allDay: true,
      },
    ]);
    expect(travel).toEqual([
      {
        id: 'travel:e1:top',
        event: 'e1',
        start: T0 - 15 * MINUTE_MS,
        end: T0,
        fixed: true,
        isRest: false,
        isTravel: true,
      },
      {
        id: 'travel:e2:3:bottom',
        event: 'e2',
        start: T0 + HOUR_MS,
        end: T0 + 65 * MINUTE_MS,
        fixed: true,
        isRest: false,
        isTravel: true,
      },
    ]);
  });
});
