import { describe, expect, it } from 'vitest';
import { mergeRanges, missingRanges, splitRange } from './timeline-ranges';

describe('timeline ranges', () => {
  it('merges overlapping and touching ranges', () => {
    expect(
      mergeRanges([
        { start: 5, end: 8 },
        { start: 0, end: 2 },
        { start: 2, end: 4 },
        { start: 7, end: 9 },
      ]),
    ).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 9 },
    ]);
  });

  it('finds nothing to load when the range is already loaded', () => {
    expect(missingRanges([{ start: 0, end: 10 }], { start: 2, end: 8 })).toEqual([]);
  });

  it('finds the holes and the edges', () => {
    expect(
      missingRanges(
        [
          { start: 2, end: 4 },
          { start: 6, end: 7 },
        ],
        { start: 0, end: 10 },
      ),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 4, end: 6 },
      { start: 7, end: 10 },
    ]);
  });

  it('splits long ranges', () => {
    expect(splitRange({ start: 0, end: 25 }, 10)).toEqual([
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 20, end: 25 },
    ]);
  });
});
