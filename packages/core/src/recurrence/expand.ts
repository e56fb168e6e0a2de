import { DAY_MS } from '../time/zone';
import type { FloatingSeries } from './floating-series';
import { floatingInstanceAt, floatingInstances } from './floating-series';
import type { RecurrenceRule } from './rule';
import { normalizeRecurrenceRule, parseByDay } from './rule';
import { fromFloating, toFloating } from './zone-offsets';

/**
 * A recurring item: its start (RFC 5545 DTSTART), its rule and the zone whose wall clock it keeps.
 * The start is an occurrence only when the rule yields it (see expandRecurrence).
 */
export interface RecurrenceSeries {
  /** The item's own start, ms: instance 0 when it is on the rule's pattern. */
  start: number;
  /** The item's own end, ms (equal to start for reminders); gives every instance its length. */
  end: number;
  rule: RecurrenceRule;
  timeZone: string;
  /**
   * All-day items keep their length in local days (a day instance on a 23-hour day lasts 23
   * hours); others keep their exact duration.
   */
  allDay?: boolean;
}

export interface ExpandRecurrenceInput extends RecurrenceSeries {
  windowStart: number;
  windowEnd: number;
  /** Instance numbers to skip (deleted or overridden instances). */
  exceptions?: readonly number[];
}

export interface RecurrenceInstance {
  start: number;
  end: number;
  /** 0 for the rule's first occurrence. */
  instanceNumber: number;
}

/** Time zones can move the wall clock by up to a day (Samoa, 2011): widen floating ranges. */
const ZONE_SLACK_MS = 2 * DAY_MS;

interface PreparedSeries {
  floating: FloatingSeries | null;
  limit: number;
  until: number;
  duration: number;
  /** Floating-time duration, for all-day items. */
  floatingDuration: number;
}

function prepare(series: RecurrenceSeries): PreparedSeries {
  const rule = normalizeRecurrenceRule(series.rule);
  const duration = Math.max(0, series.end - series.start);
  const dtstart = toFloating(series.start, series.timeZone);
  const floatingDuration = series.allDay
    ? Math.max(0, toFloating(series.start + duration, series.timeZone) - dtstart)
    : duration;
  const base = { duration, floatingDuration, until: rule.until > 0 ? rule.until : Infinity };
  if (rule.freq === 'none') return { ...base, floating: null, limit: 1 };
  const floating: FloatingSeries = {
    freq: rule.freq,
    interval: rule.interval,
    weekdays: rule.freq === 'WEEKLY' ? parseByDay(rule.byDay) : [],
    dtstart,
  };
  return { ...base, floating, limit: rule.count > 0 ? rule.count : Infinity };
}

function place(
  series: RecurrenceSeries,
  prepared: PreparedSeries,
  floating: number,
  instanceNumber: number,
): RecurrenceInstance {
  // The item's own start keeps its exact instant (a repeated wall-clock time may be the second).
  if (floating === prepared.floating?.dtstart) {
    return { start: series.start, end: Math.max(series.start, series.end), instanceNumber };
  }
  const start = fromFloating(floating, series.timeZone);
  const end = series.allDay
    ? fromFloating(floating + prepared.floatingDuration, series.timeZone)
    : start + prepared.duration;
  return { start, end: Math.max(start, end), instanceNumber };
}

function overlaps(instance: RecurrenceInstance, windowStart: number, windowEnd: number): boolean {
  return (
    instance.start < windowEnd && (instance.end > windowStart || instance.start >= windowStart)
  );
}

/**
 * The instances of a series that overlap [windowStart, windowEnd), sorted by start.
 * Instances keep the start's local wall-clock time in `timeZone` across daylight-saving
 * changes (a time skipped by a forward jump moves forward; a repeated time means its first
 * occurrence, as RFC 5545 reads them). The instances are exactly the rule's occurrences, as rrule
 * yields them: a start off the pattern (a WEEKLY byDay list without its weekday) is not one, and
 * instance 0 is then the first listed day the rule reaches after it. `until` bounds every instance.
 */
export function expandRecurrence(input: ExpandRecurrenceInput): RecurrenceInstance[] {
  const { windowStart, windowEnd, timeZone } = input;
  if (!(windowEnd > windowStart)) return [];
  const prepared = prepare(input);
  const skip = input.exceptions?.length ? new Set(input.exceptions) : null;
  if (!prepared.floating) {
    const only = { start: input.start, end: Math.max(input.start, input.end), instanceNumber: 0 };
    return overlaps(only, windowStart, windowEnd) && !skip?.has(0) ? [only] : [];
  }
  const lead = Math.max(prepared.duration, prepared.floatingDuration) + ZONE_SLACK_MS;
  const from = Math.max(prepared.floating.dtstart, toFloating(windowStart, timeZone) - lead);
  let to = toFloating(windowEnd, timeZone) + ZONE_SLACK_MS;
  if (prepared.until !== Infinity) to = Math.min(to, toFloating(prepared.until, timeZone) + DAY_MS);
  const out: RecurrenceInstance[] = [];
  for (const f of floatingInstances(prepared.floating, from, to, prepared.limit)) {
    if (skip?.has(f.instanceNumber)) continue;
    const instance = place(input, prepared, f.floating, f.instanceNumber);
    if (instance.start > prepared.until) break;
    if (overlaps(instance, windowStart, windowEnd)) out.push(instance);
  }
  return out;
}

/**
 * Instance `instanceNumber` of a series (0 is the rule's first occurrence), or null when the
 * series has no such instance (negative, past `count`, or starting after `until`). Exceptions are
 * the caller's concern.
 */
export function instanceAt(
  series: RecurrenceSeries,
  instanceNumber: number,
): RecurrenceInstance | null {
  if (!Number.isInteger(instanceNumber) || instanceNumber < 0) return null;
  const prepared = prepare(series);
  if (instanceNumber >= prepared.limit) return null;
  if (!prepared.floating) {
    return { start: series.start, end: Math.max(series.start, series.end), instanceNumber: 0 };
  }
  const floating = floatingInstanceAt(prepared.floating, instanceNumber);
  const instance = place(series, prepared, floating, instanceNumber);
  return instance.start > prepared.until ? null : instance;
}

/**
 * The number of the instance starting exactly at `start`, or null when none does.
 * Useful to recognise an instance from a stored start time.
 */
export function instanceNumberAt(series: RecurrenceSeries, start: number): number | null {
  const found = expandRecurrence({ ...series, windowStart: start, windowEnd: start + 1 });
  return found.find((i) => i.start === start)?.instanceNumber ?? null;
}

/** Whether the item's own start is one of its occurrences (not when off the rule's pattern). */
export function startsOnPattern(series: RecurrenceSeries): boolean {
  return instanceAt(series, 0)?.start === series.start;
}
