import * as rruleModule from 'rrule';
import { DAY_MS } from '../time/zone';

/*
 * Instance starts in floating time (wall-clock fields read as UTC), numbered from 0 for the
 * rule's first occurrence. As in rrule, dtstart is an occurrence only when the rule yields it: a
 * WEEKLY byDay list without dtstart's weekday begins at the first listed day the rule reaches
 * after dtstart (docs/events-reminders-categories.md). rrule decides which days belong to the
 * pattern; the cost of asking it grows with the distance from dtstart, so every rule is treated as
 * periodic: a DAILY or WEEKLY pattern repeats exactly every `interval` days or weeks of floating
 * time, and a MONTHLY or YEARLY pattern every P months, where each period holds the same number k
 * of instances. Instance numbers of later periods are then arithmetic, and rrule is only asked
 * about one period.
 */

type RRuleModule = typeof rruleModule;
// Node loads rrule's CommonJS build (its exports sit on `default`); bundlers load the ES build.
const lib: RRuleModule =
  typeof (rruleModule as Partial<RRuleModule>).RRule === 'function'
    ? rruleModule
    : (rruleModule as unknown as { default: RRuleModule }).default;
const { RRule } = lib;
type RRuleOptions = ConstructorParameters<typeof RRule>[0];

export type RepeatingFreq = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

export interface FloatingSeries {
  freq: RepeatingFreq;
  interval: number;
  /** WEEKLY only: weekday indexes 0 (Monday) .. 6; empty means dtstart's weekday. */
  weekdays: readonly number[];
  /** The first instance, floating ms. */
  dtstart: number;
}

export interface FloatingInstance {
  floating: number;
  instanceNumber: number;
}

const FREQ = {
  DAILY: lib.Frequency.DAILY,
  WEEKLY: lib.Frequency.WEEKLY,
  MONTHLY: lib.Frequency.MONTHLY,
  YEARLY: lib.Frequency.YEARLY,
} as const;

/** 2024-01-01 was a Monday: a reference week for day-based patterns. */
const REFERENCE_MONDAY = Date.UTC(2024, 0, 1);
const MAX_CACHE = 20_000;

function rrule(options: RRuleOptions): InstanceType<typeof RRule> {
  return new RRule({ wkst: lib.RRule.MO, ...options }, true);
}

/** Weekday index 0 (Monday) .. 6 of a floating instant. */
export function floatingWeekday(floating: number): number {
  return (new Date(floating).getUTCDay() + 6) % 7;
}

function boundedSet<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= MAX_CACHE) cache.clear();
  cache.set(key, value);
  return value;
}

// ---------------------------------------------------------------------------------------------
// DAILY and WEEKLY: exact periods of floating time.

interface DayPattern {
  periodMs: number;
  /**
   * Occurrences in the first period, relative to dtstart, ascending; never empty (each listed
   * weekday falls once in any `interval` weeks). The first is above 0 when dtstart is off the
   * pattern.
   */
  offsets: number[];
}

const dayPatterns = new Map<string, DayPattern>();

function dayPattern(series: FloatingSeries): DayPattern {
  const weekday = floatingWeekday(series.dtstart);
  const weekdays = series.freq === 'WEEKLY' && series.weekdays.length ? series.weekdays : [];
  const key = `${series.freq}|${series.interval}|${weekdays.join(',')}|${weekday}`;
  const known = dayPatterns.get(key);
  if (known) return known;
  // The pattern relative to dtstart depends only on its weekday, so compute it in a fixed week.
  const origin = REFERENCE_MONDAY + weekday * DAY_MS;
  const periodMs = (series.freq === 'WEEKLY' ? 7 : 1) * series.interval * DAY_MS;
  const dates = rrule({
    freq: FREQ[series.freq],
    interval: series.interval,
    dtstart: new Date(origin),
    ...(weekdays.length ? { byweekday: [...weekdays] } : {}),
  }).between(new Date(origin), new Date(origin + periodMs - 1), true);
  const offsets = dates.map((d) => d.getTime() - origin);
  return boundedSet(dayPatterns, key, { periodMs, offsets });
}

function dayInstances(series: FloatingSeries, from: number, to: number, limit: number) {
  const { periodMs, offsets } = dayPattern(series);
  const out: FloatingInstance[] = [];
  const k = offsets.length;
  let period = Math.max(0, Math.floor((from - series.dtstart) / periodMs));
  for (; ; period += 1) {
    const periodStart = series.dtstart + period * periodMs;
    if (periodStart >= to) return out;
    for (let i = 0; i < k; i += 1) {
      const floating = periodStart + (offsets[i] ?? 0);
      const instanceNumber = period * k + i;
      if (floating >= to || instanceNumber >= limit) return out;
      if (floating >= from) out.push({ floating, instanceNumber });
    }
  }
}

function dayInstanceAt(series: FloatingSeries, instanceNumber: number): number {
  const { periodMs, offsets } = dayPattern(series);
  const k = offsets.length;
  return (
    series.dtstart + Math.floor(instanceNumber / k) * periodMs + (offsets[instanceNumber % k] ?? 0)
  );
}

// ---------------------------------------------------------------------------------------------
// MONTHLY and YEARLY: the 31st skips short months and February 29 waits for leap years, so the
// period is 1 year (or 4 years for the 29th), within which the count of instances is fixed.

interface MonthPattern {
  /** Period in months; the leap-year periods hold only between 1901 and 2099. */
  periodMonths: number;
  leapBound: boolean;
  perPeriod: number;
  options: RRuleOptions;
}

const monthPatterns = new Map<string, MonthPattern>();

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}

function monthIndex(floating: number): number {
  const d = new Date(floating);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

function monthStart(index: number): number {
  return Date.UTC(Math.floor(index / 12), index % 12, 1);
}

function seconds(floating: number): number {
  return Math.floor(floating / 1000) * 1000;
}

function countInFirstPeriod(series: FloatingSeries, options: RRuleOptions, months: number) {
  const first = seconds(series.dtstart);
  const end = monthStart(monthIndex(first) + months);
  const rule = rrule({ ...options, dtstart: new Date(first) });
  return rule.between(new Date(first), new Date(end - 1), true).length;
}

function monthPattern(series: FloatingSeries): MonthPattern {
  const key = `${series.freq}|${series.interval}|${series.dtstart}`;
  const known = monthPatterns.get(key);
  if (known) return known;
  const d = new Date(series.dtstart);
  const day = d.getUTCDate();
  const yearly = series.freq === 'YEARLY';
  const step = yearly ? 12 * series.interval : series.interval;
  const leapBound = day === 29 && (!yearly || d.getUTCMonth() === 1);
  const cycle = leapBound ? 48 : day > 28 || yearly ? 12 : 1;
  const periodMonths = lcm(step, cycle);
  const options: RRuleOptions = {
    freq: FREQ[series.freq],
    interval: series.interval,
    bymonthday: [day],
    ...(yearly ? { bymonth: [d.getUTCMonth() + 1] } : {}),
    byhour: [d.getUTCHours()],
    byminute: [d.getUTCMinutes()],
    bysecond: [d.getUTCSeconds()],
  };
  // Days 1-28 exist in every month, and a yearly date other than February 29 in every year.
  const oncePerPeriod = cycle === 1 || (yearly && !leapBound);
  const perPeriod = oncePerPeriod ? 1 : countInFirstPeriod(series, options, periodMonths);
  return boundedSet(monthPatterns, key, { periodMonths, leapBound, perPeriod, options });
}

function yearOfMonthIndex(index: number): number {
  return Math.floor(index / 12);
}

/** The number of whole periods that can be skipped before `targetMonth`. */
function periodsBefore(series: FloatingSeries, pattern: MonthPattern, targetMonth: number) {
  const startMonth = monthIndex(series.dtstart);
  const periods = Math.max(0, Math.floor((targetMonth - startMonth) / pattern.periodMonths));
  if (pattern.leapBound) {
    const years = [yearOfMonthIndex(startMonth), yearOfMonthIndex(targetMonth) + 1];
    if (years.some((y) => y < 1901 || y > 2099)) return 0;
  }
  return periods;
}

/** An rrule starting at the first day of period `periods` (with the series' own time fields). */
function ruleFromPeriod(series: FloatingSeries, pattern: MonthPattern, periods: number) {
  const dtstart =
    periods === 0
      ? seconds(series.dtstart)
      : monthStart(monthIndex(series.dtstart) + periods * pattern.periodMonths);
  return { rule: rrule({ ...pattern.options, dtstart: new Date(dtstart) }), dtstart };
}

/** Instances with floating start in [from, to), ignoring count (applied by the caller). */
function monthInstancesUncached(series: FloatingSeries, from: number, to: number) {
  const pattern = monthPattern(series);
  const periods = periodsBefore(series, pattern, monthIndex(from));
  const { rule, dtstart } = ruleFromPeriod(series, pattern, periods);
  const remainder = series.dtstart - seconds(series.dtstart);
  const out: FloatingInstance[] = [];
  const base = periods * pattern.perPeriod;
  rule.between(new Date(dtstart), new Date(to), true).forEach((date, i) => {
    const floating = date.getTime() + remainder;
    if (floating >= from && floating < to) out.push({ floating, instanceNumber: base + i });
  });
  return out;
}

/** Each rrule call has a fixed cost of tens of microseconds, so ask for about four months. */
const CHUNK_MS = 128 * DAY_MS;
const monthChunks = new Map<string, FloatingInstance[]>();

function monthInstances(series: FloatingSeries, from: number, to: number, limit: number) {
  const out: FloatingInstance[] = [];
  const key = `${series.freq}|${series.interval}|${series.dtstart}#`;
  const start = Math.max(from, series.dtstart);
  for (let chunk = Math.floor(start / CHUNK_MS); chunk * CHUNK_MS < to; chunk += 1) {
    let list = monthChunks.get(key + chunk);
    if (!list) {
      const chunkStart = Math.max(chunk * CHUNK_MS, series.dtstart);
      list = boundedSet(monthChunks, key + chunk, [
        ...monthInstancesUncached(series, chunkStart, (chunk + 1) * CHUNK_MS),
      ]);
    }
    for (const instance of list) {
      if (instance.instanceNumber >= limit) return out;
      if (instance.floating >= from && instance.floating < to) out.push(instance);
    }
  }
  return out;
}

function monthInstanceAt(series: FloatingSeries, instanceNumber: number): number {
  // The pattern takes its day, month and time from dtstart, so dtstart is always on it.
  if (instanceNumber === 0) return series.dtstart;
  const pattern = monthPattern(series);
  let periods = Math.floor(instanceNumber / pattern.perPeriod);
  const targetMonth = monthIndex(series.dtstart) + periods * pattern.periodMonths;
  periods = periodsBefore(series, pattern, targetMonth);
  const { rule } = ruleFromPeriod(series, pattern, periods);
  const wanted = instanceNumber - periods * pattern.perPeriod;
  const dates = rule.all((_date, i) => i <= wanted);
  const last = dates[wanted];
  if (!last) throw new RangeError('recurrence pattern ended unexpectedly');
  return last.getTime() + (series.dtstart - seconds(series.dtstart));
}

// ---------------------------------------------------------------------------------------------

/** Instances whose floating start is in [from, to), with instance numbers below `limit`. */
export function floatingInstances(
  series: FloatingSeries,
  from: number,
  to: number,
  limit: number,
): FloatingInstance[] {
  if (to <= from || limit <= 0) return [];
  return series.freq === 'DAILY' || series.freq === 'WEEKLY'
    ? dayInstances(series, from, to, limit)
    : monthInstances(series, from, to, limit);
}

/** The floating start of instance `instanceNumber` (count and until not applied). */
export function floatingInstanceAt(series: FloatingSeries, instanceNumber: number): number {
  return series.freq === 'DAILY' || series.freq === 'WEEKLY'
    ? dayInstanceAt(series, instanceNumber)
    : monthInstanceAt(series, instanceNumber);
}
