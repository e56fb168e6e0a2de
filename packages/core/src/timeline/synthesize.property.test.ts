import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toFloating } from '../recurrence/zone-offsets';
import { BLOCK_MERGE_GAP_MS } from '../rules/defaults';
import { DAY_MS, MINUTE_MS } from '../time/zone';
import { synthesizeTimeline } from './synthesize';
import type { TimelineBlock } from './types';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
// Around Berlin's and New York's spring changes of 2026.
const BASE = Date.UTC(2026, 2, 6);

const blockArb: fc.Arbitrary<TimelineBlock> = fc
  .record({
    startMin: fc.integer({ min: -600, max: 4 * 24 * 60 }),
    lengthMin: fc.integer({ min: 0, max: 600 }),
    task: fc.constantFrom('a', 'b', undefined),
    fixed: fc.boolean(),
    isRest: fc.boolean(),
  })
  .map((r) => ({
    id: `${r.startMin}-${r.lengthMin}-${r.task ?? 'x'}`,
    ...(r.task === undefined ? {} : { task: r.task }),
    start: BASE + r.startMin * MINUTE_MS,
    end: BASE + (r.startMin + r.lengthMin) * MINUTE_MS,
    fixed: r.fixed,
    isRest: r.isRest,
  }));

const inputArb = fc.record({
  blocks: fc.uniqueArray(blockArb, { maxLength: 30, selector: (b) => b.id }),
  timeZone: fc.constantFrom(...ZONES),
  fromMin: fc.integer({ min: 0, max: 24 * 60 }),
  days: fc.integer({ min: 0, max: 4 }),
  week: fc.boolean(),
});

describe('synthesizeTimeline properties', () => {
  it('tiles the window with groups and idle blocks, idle never crossing local midnight', () => {
    fc.assert(
      fc.property(inputArb, ({ blocks, timeZone, fromMin, days, week }) => {
        const windowStart = BASE + fromMin * MINUTE_MS;
        const windowEnd = windowStart + days * DAY_MS + 7 * MINUTE_MS;
        const result = synthesizeTimeline({
          blocks,
          windowStart,
          windowEnd,
          timeZone,
          now: windowStart,
          view: week ? 'week' : 'agenda',
        });
        // Clipped to the window, entries follow each other without gaps or overlaps.
        let cursor = windowStart;
        for (const entry of result.entries) {
          const start = Math.max(entry.start, windowStart);
          if (entry.type === 'idle') expect(start).toBe(cursor);
          else expect(start).toBeGreaterThanOrEqual(cursor);
          cursor = Math.max(cursor, Math.min(entry.end, windowEnd));
        }
        expect(cursor).toBe(windowEnd);
        for (const idle of result.idle) {
          const day = (ms: number) => Math.floor(toFloating(ms, timeZone) / DAY_MS);
          expect(day(idle.end - 1)).toBe(day(idle.start));
          expect(idle.kind === 'short').toBe(idle.quickAdd);
        }
        for (const group of result.groups) {
          const merged = group.blocks.flatMap((b) => b.mergedIds);
          expect(
            merged.every((id) => blocks.some((b) => b.id === id || id.startsWith('travel:'))),
          ).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('merging never changes the time covered by each task', () => {
    fc.assert(
      fc.property(inputArb, ({ blocks, timeZone }) => {
        const result = synthesizeTimeline({
          blocks,
          windowStart: BASE - DAY_MS,
          windowEnd: BASE + 6 * DAY_MS,
          timeZone,
          now: BASE,
        });
        const out = result.groups.flatMap((g) => g.blocks);
        for (const block of out) {
          const sources = block.mergedIds.flatMap((id) => blocks.filter((b) => b.id === id));
          expect(Math.min(...sources.map((b) => b.start))).toBe(block.start);
          expect(Math.max(...sources.map((b) => b.end))).toBe(block.end);
          for (let i = 1; i < sources.length; i += 1) {
            expect(sources[i]?.task).toBe(block.task);
            expect(sources[i]?.fixed).toBe(block.fixed);
          }
          // Each piece starts less than the merge gap after the pieces before it end.
          let reach = sources[0]?.end ?? block.start;
          for (const piece of sources.slice(1)) {
            expect(piece.start - reach).toBeLessThan(BLOCK_MERGE_GAP_MS);
            reach = Math.max(reach, piece.end);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
