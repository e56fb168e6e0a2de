import {
  addLocalDays,
  fromWallClock,
  INSTANT_MAX,
  INSTANT_MIN,
  startOfLocalDay,
  toWallClock,
} from '@planner/core';

/** The list views; a detail may also be `custom` (any range of whole days). */
export type ListFrequency = 'day' | 'week' | 'month' | 'year';
export type Frequency = ListFrequency | 'custom';

export const LIST_FREQUENCIES: readonly ListFrequency[] = ['day', 'week', 'month', 'year'];

/** Periods per page of the lists (accounts spec, section 9). */
export const PAGE_SIZES: Readonly<Record<ListFrequency, number>> = {
  day: 15,
  week: 10,
  month: 10,
  year: 2,
};

export interface Period {
  start: number;
  end: number;
}

export function isListFrequency(value: string | undefined): value is ListFrequency {
  return (LIST_FREQUENCIES as readonly string[]).includes(value ?? '');
}

export function isFrequency(value: string | undefined): value is Frequency {
  return value === 'custom' || isListFrequency(value);
}

/** Month and year views need monthlyYearlyAnalysis, custom ranges customAnalysis. */
export function needsFeature(
  frequency: Frequency,
): 'monthlyYearlyAnalysis' | 'customAnalysis' | null {
  if (frequency === 'month' || frequency === 'year') return 'monthlyYearlyAnalysis';
  return frequency === 'custom' ? 'customAnalysis' : null;
}

/**
 * UserOptions.firstDayOfWeek (MON, SAT, SUN) as a weekday number, 0 being Sunday: also date-fns'
 * weekStartsOn.
 */
export function weekStartsOn(firstDayOfWeek: string): 0 | 1 | 6 {
  if (firstDayOfWeek === 'SUN') return 0;
  return firstDayOfWeek === 'SAT' ? 6 : 1;
}

/** The start of the period `n` periods after the one starting at `start` (n may be negative). */
function shiftStart(frequency: ListFrequency, start: number, n: number, timeZone: string): number {
  if (frequency === 'day') return addLocalDays(start, n, timeZone);
  if (frequency === 'week') return addLocalDays(start, 7 * n, timeZone);
  const wall = toWallClock(start, timeZone);
  if (frequency === 'month') {
    return fromWallClock({ year: wall.year, month: wall.month + n, day: 1 }, timeZone);
  }
  return fromWallClock({ year: wall.year + n, month: 1, day: 1 }, timeZone);
}

/**
 * The local day, week (from the person's first day of the week), month or year holding
 * `instant`. Local days are 23 or 25 hours long on daylight-saving days, so periods are computed
 * on the wall clock, never by adding fixed milliseconds.
 */
export function periodContaining(
  frequency: ListFrequency,
  instant: number,
  timeZone: string,
  firstDayOfWeek: string,
): Period {
  const wall = toWallClock(instant, timeZone);
  let start: number;
  if (frequency === 'day') start = startOfLocalDay(instant, timeZone);
  else if (frequency === 'week') {
    const back = (wall.weekday - weekStartsOn(firstDayOfWeek) + 7) % 7;
    start = startOfLocalDay(addLocalDays(instant, -back, timeZone), timeZone);
  } else if (frequency === 'month') {
    start = fromWallClock({ year: wall.year, month: wall.month, day: 1 }, timeZone);
  } else start = fromWallClock({ year: wall.year, month: 1, day: 1 }, timeZone);
  return { start, end: shiftStart(frequency, start, 1, timeZone) };
}

/** The period `n` periods after `period` (before it when negative). */
export function shiftPeriod(
  frequency: ListFrequency,
  period: Period,
  n: number,
  timeZone: string,
): Period {
  const start = shiftStart(frequency, period.start, n, timeZone);
  return { start, end: shiftStart(frequency, start, 1, timeZone) };
}

/** Page `page` of a list, newest first: page 0 starts with the period holding now. */
export function pagePeriods(
  frequency: ListFrequency,
  now: number,
  page: number,
  timeZone: string,
  firstDayOfWeek: string,
): Period[] {
  const current = periodContaining(frequency, now, timeZone, firstDayOfWeek);
  const size = PAGE_SIZES[frequency];
  return Array.from({ length: size }, (_, i) =>
    shiftPeriod(frequency, current, -(page * size + i), timeZone),
  );
}

/** Lists stop at the oldest instant the server takes (1970). */
export function isBeforeHistory(period: Period): boolean {
  return period.start < INSTANT_MIN;
}

/** A period wholly before the account was made, with no time in it. */
function isEmptyBeforeAccount(point: Period & { sum: number }, createdAt: number): boolean {
  return point.end <= createdAt && point.sum === 0;
}

/** How many such periods end the list (newest first). */
function emptyTailBeforeAccount(
  points: readonly (Period & { sum: number })[],
  createdAt: number,
): number {
  let count = 0;
  while (count < points.length) {
    const point = points[points.length - 1 - count];
    if (!point || !isEmptyBeforeAccount(point, createdAt)) break;
    count += 1;
  }
  return count;
}

/**
 * Whether a list has reached the start of the account's history: a page's worth of periods in a
 * row before the account was made, and empty. Time before it is listed (past events a synced
 * calendar brought, records added for earlier days), across gaps shorter than a page (a weekend,
 * a holiday); a new account reads at most two pages.
 */
export function isHistoryDone(
  frequency: ListFrequency,
  points: readonly (Period & { sum: number })[],
  createdAt: number,
): boolean {
  return emptyTailBeforeAccount(points, createdAt) >= PAGE_SIZES[frequency];
}

/** The points a list shows: not the empty periods before the account was made at its end. */
export function withinHistory<T extends Period & { sum: number }>(
  points: readonly T[],
  createdAt: number,
): readonly T[] {
  return points.slice(0, points.length - emptyTailBeforeAccount(points, createdAt));
}

/** Instants in detail addresses are milliseconds in base 32 (digits 0-9 and a-v). */
export function encodeInstant(ms: number): string {
  return ms.toString(32);
}

export function decodeInstant(text: string | undefined): number | null {
  if (!text || !/^[0-9a-v]{1,12}$/u.test(text)) return null;
  const ms = parseInt(text, 32);
  return ms >= INSTANT_MIN && ms <= INSTANT_MAX ? ms : null;
}

export function detailPath(frequency: Frequency, period: Period): string {
  return `/analysis/${frequency}/${encodeInstant(period.start)}/${encodeInstant(period.end)}`;
}

/** The address parameters of a custom range: `/analysis/custom?start=…&end=…`. */
export function customSearch(period: Period): { start: string; end: string } {
  return { start: encodeInstant(period.start), end: encodeInstant(period.end) };
}

/** The custom analysis showing a range (the way back from its detail). */
export function customPath(period: Period): string {
  return `/analysis/custom?${new URLSearchParams(customSearch(period)).toString()}`;
}

/** A custom range read back: whole local days, at least one; null otherwise. */
function wholeDays(start: number | null, end: number | null, timeZone: string): Period | null {
  if (start === null || end === null || !(end > start)) return null;
  const isWholeDays =
    startOfLocalDay(start, timeZone) === start && startOfLocalDay(end, timeZone) === end;
  return isWholeDays ? { start, end } : null;
}

/** The range of a custom analysis address (`customPath`), or null. */
export function parseCustomSearch(search: URLSearchParams, timeZone: string): Period | null {
  const read = (name: string) => decodeInstant(search.get(name) ?? undefined);
  return wholeDays(read('start'), read('end'), timeZone);
}

/**
 * A detail address read back: null when a part is not valid. A day, week, month or year must be
 * exactly such a period in the person's zone (an address from another zone or a hand-made range
 * is not one); a custom range must be whole local days, at least one.
 */
export function parseDetail(
  params: { frequency?: string; startBase32?: string; endBase32?: string },
  timeZone: string,
  firstDayOfWeek: string,
): { frequency: Frequency; period: Period } | null {
  const { frequency } = params;
  const start = decodeInstant(params.startBase32);
  const end = decodeInstant(params.endBase32);
  if (!isFrequency(frequency) || start === null || end === null || !(end > start)) return null;
  if (frequency === 'custom') {
    const period = wholeDays(start, end, timeZone);
    return period ? { frequency, period } : null;
  }
  const period = periodContaining(frequency, start, timeZone, firstDayOfWeek);
  const isPeriod = period.start === start && period.end === end;
  // A week from another first day of the week is still seven whole days: keep it.
  const isWeek =
    frequency === 'week' &&
    startOfLocalDay(start, timeZone) === start &&
    addLocalDays(start, 7, timeZone) === end;
  return isPeriod || isWeek ? { frequency, period: { start, end } } : null;
}

/**
 * The custom range of two picked days (any instant within each): no day after today; when the
 * end day is before the start day, the start becomes the day before the end. The range runs
 * from the start day's midnight to the midnight after the end day.
 */
export function customRange(
  startDay: number,
  endDay: number,
  now: number,
  timeZone: string,
): { startDay: number; endDay: number; period: Period } {
  const today = startOfLocalDay(now, timeZone);
  const end = Math.min(startOfLocalDay(endDay, timeZone), today);
  let start = Math.min(startOfLocalDay(startDay, timeZone), today);
  if (end < start) start = addLocalDays(end, -1, timeZone);
  return { startDay: start, endDay: end, period: { start, end: addLocalDays(end, 1, timeZone) } };
}
