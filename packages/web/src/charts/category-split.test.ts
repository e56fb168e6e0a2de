import { describe, expect, it } from 'vitest';
import type { PlainCategory } from '../categories/categories-api';
import { categoryShares, NO_CATEGORY_COLOR, topWithOthers, totalOf } from './category-split';
import { isNearBottom } from '../analysis/use-load-near-bottom';

const work = { id: 'work', title: 'Work', color: 'Blue-500', icon: '' } as PlainCategory;

describe('categoryShares', () => {
  const times = { work: 3_600_000, '': 1_800_000, gone: 600_000, empty: 0 };

  it('lists categories largest first, unknown ones kept so the parts add up', () => {
    const shares = categoryShares(times, [work]);
    expect(shares.map((s) => s.id)).toEqual(['work', '', 'gone']);
    expect(shares[1]?.color).toBe(NO_CATEGORY_COLOR);
    expect(totalOf(shares)).toBe(6_000_000);
  });

  it('filters to one category', () => {
    expect(totalOf(categoryShares(times, [work], 'work'))).toBe(3_600_000);
    expect(categoryShares(times, [work], 'study')).toEqual([]);
  });
});

describe('topWithOthers', () => {
  it('keeps the largest and sums the rest as others', () => {
    expect(topWithOthers({ a: 5, b: 9, c: 1, d: 2, e: 0 }, 2)).toEqual([
      { id: 'b', ms: 9 },
      { id: 'a', ms: 5 },
      { id: null, ms: 3 },
    ]);
    expect(topWithOthers({ a: 5 }, 2)).toEqual([{ id: 'a', ms: 5 }]);
  });

  it('names a single item left over instead of calling it others', () => {
    expect(topWithOthers({ a: 5, b: 9, c: 1 }, 2)).toEqual([
      { id: 'b', ms: 9 },
      { id: 'a', ms: 5 },
      { id: 'c', ms: 1 },
    ]);
  });
});

describe('isNearBottom', () => {
  it('is true within the last 20 % of the page', () => {
    expect(isNearBottom(0, 800, 1000)).toBe(true);
    expect(isNearBottom(0, 700, 1000)).toBe(false);
    expect(isNearBottom(100, 700, 1000)).toBe(true);
  });
});
