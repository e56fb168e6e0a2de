import { grey } from '@mui/material/colors';
import type { PlainCategory } from '../categories/categories-api';
import { categoryColorHex } from '../categories/category-style';

/** A category's share of a point, with what the screen shows for it. */
export interface CategoryShare {
  id: string;
  ms: number;
  /** Null for time without a category, or of a category since deleted. */
  category: PlainCategory | null;
  color: string;
}

/** "All categories" in the filter. */
export const ALL_CATEGORIES = '*';

export const NO_CATEGORY_COLOR = grey[500];

/**
 * The categories of a point, largest first; with a filter, only that category. Times of
 * categories the person no longer has are kept (under a generic name), so the parts add up to
 * the total.
 */
export function categoryShares(
  categories: Readonly<Record<string, number>>,
  known: readonly PlainCategory[],
  filter: string = ALL_CATEGORIES,
): CategoryShare[] {
  const byId = new Map(known.map((c) => [c.id, c]));
  return Object.entries(categories)
    .filter(([id, ms]) => ms > 0 && (filter === ALL_CATEGORIES || id === filter))
    .map(([id, ms]) => {
      const category = byId.get(id) ?? null;
      return {
        id,
        ms,
        category,
        color: category ? categoryColorHex(category.color) : NO_CATEGORY_COLOR,
      };
    })
    .sort((a, b) => b.ms - a.ms || a.id.localeCompare(b.id));
}

export function totalOf(shares: readonly CategoryShare[]): number {
  return shares.reduce((sum, share) => sum + share.ms, 0);
}

/**
 * The largest `count` items, the rest summed as one "others" entry (id null). A single item left
 * over is shown by name: it takes the row "others" would, and says more.
 */
export function topWithOthers(
  values: Readonly<Record<string, number>>,
  count: number,
): { id: string | null; ms: number }[] {
  const sorted = Object.entries(values)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const named = sorted.length === count + 1 ? sorted.length : count;
  const top = sorted.slice(0, named).map(([id, ms]) => ({ id, ms }));
  const rest = sorted.slice(named).reduce((sum, [, ms]) => sum + ms, 0);
  return rest > 0 ? [...top, { id: null, ms: rest }] : top;
}
