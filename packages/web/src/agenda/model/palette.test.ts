import { CATEGORY_COLORS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { categoryColorHex } from '../../categories/category-style';
import { paletteHex } from './palette';

describe('palette', () => {
  it('gives the same colours as the shared category style', () => {
    for (const name of [...CATEGORY_COLORS, 'Nope', undefined]) {
      expect(paletteHex(name)).toBe(categoryColorHex(name));
    }
  });
});
