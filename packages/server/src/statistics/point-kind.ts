import { addLocalDays, fromWallClock, HOUR_MS, startOfLocalDay, toWallClock } from '@planner/core';

/**
 * What kind of analysis a point is, read in the user's zone (docs/analysis.md, Guards):
 * - `short`: at most 25 hours (a local day, the longest being a fall-back day, or part of one);
 * - `week`: seven whole local days from a local midnight (any weekday: the first day of the week
 *   is a display setting and may change between two calls);
 * - `month` / `year`: a whole local calendar month or year;
 * - `custom`: anything else (a range of several days, or a whole day that is not one of the above).
 * The server cannot see which screen asked; these shapes are exactly what the list views ask for,
 * so anything else is a custom range.
 */
export type PointKind = 'short' | 'week' | 'month' | 'year' | 'custom';

const LONGEST_DAY_MS = 25 * HOUR_MS;

export function pointKind(start: number, end: number, timeZone: string): PointKind {
  if (end - start <= LONGEST_DAY_MS) return 'short';
  if (startOfLocalDay(start, timeZone) !== start) return 'custom';
  if (addLocalDays(start, 7, timeZone) === end) return 'week';
  const wall = toWallClock(start, timeZone);
  if (wall.day !== 1) return 'custom';
  if (fromWallClock({ year: wall.year, month: wall.month + 1, day: 1 }, timeZone) === end) {
    return 'month';
  }
  if (
    wall.month === 1 &&
    fromWallClock({ year: wall.year + 1, month: 1, day: 1 }, timeZone) === end
  ) {
    return 'year';
  }
  return 'custom';
}
