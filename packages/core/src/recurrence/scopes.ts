import { DAY_MS } from '../time/zone';
import type { RecurrenceInstance, RecurrenceSeries } from './expand';
import { instanceAt } from './expand';
import { floatingWeekday } from './floating-series';
import type { RecurrenceRule } from './rule';
import { formatByDay, normalizeRecurrenceRule, parseByDay, samePattern } from './rule';
import { fromFloating, toFloating } from './zone-offsets';

/** Which instances a change covers: this one (0), this and following (1), all (2). */
export type RecurrenceScope = 0 | 1 | 2;
export const SCOPE_THIS: RecurrenceScope = 0;
export const SCOPE_FOLLOWING: RecurrenceScope = 1;
export const SCOPE_ALL: RecurrenceScope = 2;

/** A series as stored: its start, rule, zone, and the instance numbers it skips. */
export interface StoredSeries extends RecurrenceSeries {
  exceptions: number[];
}

/** The new times (and optionally the new rule) the user gave one instance. */
export interface InstanceChange {
  start: number;
  end: number;
  rule?: RecurrenceRule;
}

export type SeriesEdit =
  | {
      scope: 0;
      /** The series with the instance added to its exceptions. */
      series: StoredSeries;
      /** A standalone item to store for that instance (same root, its instanceNumber). */
      override: RecurrenceInstance;
    }
  | {
      scope: 1;
      /** The series cut before the instance; null when nothing is left (instance 0): delete it. */
      series: StoredSeries | null;
      /** A new series starting at the edited instance. */
      following: StoredSeries;
    }
  | {
      scope: 2;
      series: StoredSeries;
      /** Exceptions whose numbers no longer name the same instances: their overrides go too. */
      droppedExceptions: number[];
    };

export type SeriesDelete =
  | { scope: 0; series: StoredSeries }
  | { scope: 1; series: StoredSeries | null }
  | { scope: 2; series: null };

/**
 * The scopes a recurring item's dialog offers: "this and following" only when an update keeps the
 * instance's start date, and a delete does not offer "all" (spec, Event).
 */
export function offeredScopes(
  action: 'update' | 'delete',
  startDateChanged: boolean,
): RecurrenceScope[] {
  if (action === 'delete') return [SCOPE_THIS, SCOPE_FOLLOWING];
  return startDateChanged ? [SCOPE_THIS, SCOPE_ALL] : [SCOPE_THIS, SCOPE_FOLLOWING, SCOPE_ALL];
}

function requireInstance(series: RecurrenceSeries, instanceNumber: number): RecurrenceInstance {
  const found = instanceAt(series, instanceNumber);
  if (!found) throw new RangeError(`the series has no instance ${instanceNumber}`);
  return found;
}

function withException(series: StoredSeries, instanceNumber: number): StoredSeries {
  const exceptions = [...new Set([...series.exceptions, instanceNumber])].sort((a, b) => a - b);
  return { ...series, exceptions };
}

/** The series ending just before instance `instanceNumber` (null when that is the first). */
export function truncateSeries(series: StoredSeries, instanceNumber: number): StoredSeries | null {
  requireInstance(series, instanceNumber);
  if (instanceNumber === 0) return null;
  const rule = normalizeRecurrenceRule(series.rule);
  const cut =
    rule.count > 0
      ? { ...rule, count: instanceNumber }
      : { ...rule, until: requireInstance(series, instanceNumber - 1).start };
  const exceptions = series.exceptions.filter((n) => n < instanceNumber);
  return { ...series, rule: cut, exceptions };
}

function localDayDelta(from: number, to: number, timeZone: string): number {
  const day = (ms: number) => Math.floor(toFloating(ms, timeZone) / DAY_MS);
  return day(to) - day(from);
}

function splitSeries(series: StoredSeries, n: number, change: InstanceChange): SeriesEdit {
  const old = requireInstance(series, n);
  const rule = normalizeRecurrenceRule(change.rule ?? series.rule);
  const original = normalizeRecurrenceRule(series.rule);
  const keepsNumbers =
    samePattern(rule, original) && localDayDelta(old.start, change.start, series.timeZone) === 0;
  const count = rule.count > 0 && rule.count === original.count ? rule.count - n : rule.count;
  const following: StoredSeries = {
    ...series,
    start: change.start,
    end: Math.max(change.start, change.end),
    rule: { ...rule, count },
    exceptions: keepsNumbers ? series.exceptions.filter((e) => e > n).map((e) => e - n) : [],
  };
  return { scope: 1, series: truncateSeries(series, n), following };
}

/** Whether instance numbers still name the same instances after the start moves by `days`. */
function numbersSurviveMove(rule: RecurrenceRule, from: number, to: number): boolean {
  if (rule.freq === 'DAILY' || rule.freq === 'WEEKLY' || rule.freq === 'none') return true;
  const shortSafe = (f: number) => {
    const d = new Date(f);
    return d.getUTCDate() <= 28 && !(d.getUTCMonth() === 1 && d.getUTCDate() === 29);
  };
  return shortSafe(from) && shortSafe(to);
}

/** All-day items keep their length in local days, not hours. */
function floatingLength(change: InstanceChange, timeZone: string): number {
  return Math.max(0, toFloating(change.end, timeZone) - toFloating(change.start, timeZone));
}

function moveWholeSeries(series: StoredSeries, n: number, change: InstanceChange): SeriesEdit {
  const { timeZone } = series;
  const old = requireInstance(series, n);
  const original = normalizeRecurrenceRule(series.rule);
  const requested = normalizeRecurrenceRule(change.rule ?? original);
  // The edit is given on instance n; the series moves by the same wall-clock distance.
  const delta = toFloating(change.start, timeZone) - toFloating(old.start, timeZone);
  const fromF = toFloating(series.start, timeZone);
  const start = old.start === series.start ? change.start : fromFloating(fromF + delta, timeZone);
  const length = Math.max(0, change.end - change.start);
  const end = series.allDay
    ? fromFloating(toFloating(start, timeZone) + floatingLength(change, timeZone), timeZone)
    : start + length;
  let rule = requested;
  let keepsNumbers = samePattern(requested, original);
  if (keepsNumbers && requested.freq === 'WEEKLY' && requested.byDay !== '') {
    const shift = floatingWeekday(fromF + delta) - floatingWeekday(fromF);
    rule = { ...requested, byDay: formatByDay(parseByDay(requested.byDay).map((d) => d + shift)) };
  }
  keepsNumbers = keepsNumbers && numbersSurviveMove(original, fromF, fromF + delta);
  return {
    scope: 2,
    series: { ...series, start, end, rule, exceptions: keepsNumbers ? series.exceptions : [] },
    droppedExceptions: keepsNumbers ? [] : [...series.exceptions],
  };
}

/**
 * What to store when instance `instanceNumber` of a series is changed to `change` with `scope`:
 * 0 adds an exception and returns the override instance; 1 splits the series at the instance;
 * 2 changes the series so that instance lands where the user put it (wall-clock shift, weekday
 * list shifted along when the day moves).
 */
export function editRecurringInstance(
  series: StoredSeries,
  instanceNumber: number,
  change: InstanceChange,
  scope: RecurrenceScope,
): SeriesEdit {
  if (scope === SCOPE_THIS) {
    requireInstance(series, instanceNumber);
    const override = {
      start: change.start,
      end: Math.max(change.start, change.end),
      instanceNumber,
    };
    return { scope: 0, series: withException(series, instanceNumber), override };
  }
  if (scope === SCOPE_FOLLOWING) return splitSeries(series, instanceNumber, change);
  return moveWholeSeries(series, instanceNumber, change);
}

/** What to store when instance `instanceNumber` is deleted with `scope` (2: the whole series). */
export function deleteRecurringInstance(
  series: StoredSeries,
  instanceNumber: number,
  scope: RecurrenceScope,
): SeriesDelete {
  if (scope === SCOPE_THIS) {
    requireInstance(series, instanceNumber);
    return { scope: 0, series: withException(series, instanceNumber) };
  }
  if (scope === SCOPE_FOLLOWING)
    return { scope: 1, series: truncateSeries(series, instanceNumber) };
  return { scope: 2, series: null };
}
