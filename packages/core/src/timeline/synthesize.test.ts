import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS, fromWallClock, toWallClock } from '../time/zone';
import { fillIdleBlocks, nextLocalMidnight } from './idle';
import { synthesizeTimeline } from './synthesize';
import type { TimelineBlock } from './types';

const BERLIN = 'Europe/Berlin';

function at(day: number, hour: number, minute = 0, month = 3, timeZone = BERLIN): number {
  return fromWallClock({ year: 2026, month, day, hour, minute }, timeZone);
}

function task(id: string, start: number, end: number, extra: Partial<TimelineBlock> = {}) {
  return {
    id,
    task: id,
    start,
    end,
    fixed: false,
    isRest: false,
    ...extra,
  } satisfies TimelineBlock;
}

function local(ms: number, timeZone = BERLIN): string {
  const w = toWallClock(ms, timeZone);
  return `${w.day} ${w.hour}:${String(w.minute).padStart(2, '0')}`;
}

describe('fillIdleBlocks', () => {
  it('splits a gap across the 23-hour day per local day', () => {
    // Nothing planned from Saturday 28 March 12:00 to Monday 30 March 12:00 (Berlin).
    const idle = fillIdleBlocks([], {
      windowStart: at(28, 12),
      windowEnd: at(30, 12),
      timeZone: BERLIN,
    });
    expect(idle.map((i) => [local(i.start), local(i.end), (i.end - i.start) / HOUR_MS])).toEqual([
      ['28 12:00', '29 0:00', 12],
      ['29 0:00', '30 0:00', 23],
      ['30 0:00', '30 12:00', 12],
    ]);
    expect(idle.map((i) => i.kind)).toEqual(['long', 'long', 'long']);
    expect(idle.every((i) => i.isIdle && !i.quickAdd)).toBe(true);
  });

  it('splits the 25-hour day in New York and the 23.5-hour day of Lord Howe', () => {
    const ny = 'America/New_York';
    const nyStart = at(31, 0, 0, 10, ny);
    const nyIdle = fillIdleBlocks([], {
      windowStart: nyStart,
      windowEnd: nyStart + 73 * HOUR_MS,
      timeZone: ny,
    });
    expect(nyIdle.map((i) => (i.end - i.start) / HOUR_MS)).toEqual([24, 25, 24]);
    const lh = 'Australia/Lord_Howe';
    const lhStart = at(3, 0, 0, 10, lh);
    const lhIdle = fillIdleBlocks([], {
      windowStart: lhStart,
      windowEnd: lhStart + 71.5 * HOUR_MS,
      timeZone: lh,
    });
    expect(lhIdle.map((i) => (i.end - i.start) / HOUR_MS)).toEqual([24, 23.5, 24]);
  });

  it('marks a gap of 5 hours or less as a short, quick-add spot', () => {
    const blocks = [
      task('a', at(4, 8), at(4, 9)),
      task('b', at(4, 14), at(4, 15)),
      task('c', at(4, 20, 1), at(4, 21)),
    ];
    const idle = fillIdleBlocks(blocks, {
      windowStart: at(4, 8),
      windowEnd: at(4, 21),
      timeZone: BERLIN,
    });
    expect(idle.map((i) => [local(i.start), i.kind, i.quickAdd])).toEqual([
      ['4 9:00', 'short', true],
      ['4 15:00', 'long', false],
    ]);
  });

  it('finds the next local midnight, even where midnight is skipped', () => {
    expect(local(nextLocalMidnight(at(28, 23, 30), BERLIN))).toBe('29 0:00');
    // Santiago moved clocks from 00:00 to 01:00 on 6 September 2026: the day starts at 01:00.
    const santiago = 'America/Santiago';
    const midnight = nextLocalMidnight(at(5, 22, 0, 9, santiago), santiago);
    expect(local(midnight, santiago)).toBe('6 1:00');
  });
});

describe('synthesizeTimeline', () => {
  const now = at(4, 10, 30);
  const blocks = [
    task('t1', at(4, 9), at(4, 10)),
    { ...task('t1', at(4, 10), at(4, 11)), id: 't1-b', start: at(4, 10) + 30_000 },
    { id: 'ev', event: 'ev', start: at(4, 11), end: at(4, 12), fixed: true, isRest: false },
    task('t2', at(4, 11, 30), at(4, 13)),
    { id: 'rest', start: at(4, 13), end: at(4, 13, 30), fixed: false, isRest: true },
    task('tiny', at(4, 14), at(4, 14, 2)),
    { ...task('gone', at(4, 16), at(4, 16)) },
  ];

  it('composes merge, travel, groups, idle and progress for the agenda', () => {
    const result = synthesizeTimeline({
      blocks,
      events: [
        { id: 'ev', start: at(4, 11), end: at(4, 12), travelTop: 0, travelBottom: 15 * MINUTE_MS },
      ],
      windowStart: at(4, 0),
      windowEnd: at(5, 0),
      timeZone: BERLIN,
      now,
    });
    expect(result.groups.map((g) => g.blocks.map((b) => b.id))).toEqual([
      ['t1'],
      ['ev', 't2', 'travel:ev:bottom'],
      ['rest'],
      ['tiny'],
    ]);
    expect(result.groups[0]?.blocks[0]).toMatchObject({
      end: at(4, 11),
      mergedIds: ['t1', 't1-b'],
    });
    expect(result.idle.map((i) => [local(i.start), local(i.end), i.kind])).toEqual([
      ['4 0:00', '4 9:00', 'long'],
      ['4 13:30', '4 14:00', 'short'],
      ['4 14:02', '5 0:00', 'long'],
    ]);
    expect(result.entries.map((e) => (e.type === 'idle' ? 'idle' : e.group.id))).toEqual([
      'idle',
      't1',
      'ev',
      'rest',
      'idle',
      'tiny',
      'idle',
    ]);
    expect(result.currentGroupId).toBe('t1');
    expect(result.progress).toBe(0.75);
  });

  it('leaves rests and tiny blocks out of the week view and merges with the debug gap', () => {
    const result = synthesizeTimeline({
      blocks,
      windowStart: at(4, 0),
      windowEnd: at(5, 0),
      timeZone: BERLIN,
      now,
      view: 'week',
      debug: true,
    });
    const ids = result.groups.flatMap((g) => g.blocks.map((b) => b.id));
    expect(ids).toEqual(['t1', 't1-b', 'ev', 't2']);
    // The 30 s between t1's pieces is more than the debug gap: a (short) idle block of its own.
    expect(result.idle.map((i) => local(i.start))).toEqual(['4 0:00', '4 10:00', '4 13:00']);
  });

  it('has no current group or progress in free time', () => {
    const result = synthesizeTimeline({
      blocks,
      windowStart: at(4, 0),
      windowEnd: at(5, 0),
      timeZone: BERLIN,
      now: at(4, 20),
    });
    expect(result.progress).toBeNull();
    expect(result.currentGroupId).toBeNull();
  });
});
