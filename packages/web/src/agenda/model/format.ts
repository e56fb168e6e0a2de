import { durationParts, startOfLocalDay } from '@planner/core';

export type Hour12 = boolean | undefined;

/** The user option timeFormat: 12 or 24 hours, or the locale's own habit for 'local'. */
export function hour12Of(timeFormat: string | undefined): Hour12 {
  if (timeFormat === '12-hour clock') return true;
  if (timeFormat === '24-hour clock') return false;
  return undefined;
}

/**
 * The clock options for Intl: `hour12: false` alone lets some locales count to 24 ("24:30" at
 * half past midnight in English), so the 24-hour clock is asked for as the h23 cycle.
 */
export function clockOptions(hour12: Hour12): Intl.DateTimeFormatOptions {
  if (hour12 === undefined) return {};
  return hour12 ? { hour12: true } : { hourCycle: 'h23' };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(tag, options);
    formatters.set(key, found);
  }
  return found;
}

export interface Formatting {
  tag: string;
  timeZone: string;
  hour12: Hour12;
}

export function formatTime(instant: number, f: Formatting): string {
  return formatter(f.tag, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: f.timeZone,
    ...clockOptions(f.hour12),
  }).format(instant);
}

/** An hour label of the week grid: "9 AM" or "09:00". */
export function formatHour(instant: number, f: Formatting): string {
  const twelve = f.hour12 ?? formatter(f.tag, { hour: 'numeric' }).resolvedOptions().hour12;
  return formatter(f.tag, {
    hour: 'numeric',
    ...(twelve ? {} : { minute: '2-digit' }),
    timeZone: f.timeZone,
    ...clockOptions(f.hour12),
  }).format(instant);
}

export function formatDate(
  instant: number,
  f: Pick<Formatting, 'tag' | 'timeZone'>,
  options: Intl.DateTimeFormatOptions,
): string {
  return formatter(f.tag, { ...options, timeZone: f.timeZone }).format(instant);
}

/** Whether two instants fall on one day in the person's zone. */
export function isSameLocalDay(a: number, b: number, timeZone: string): boolean {
  return startOfLocalDay(a, timeZone) === startOfLocalDay(b, timeZone);
}

/** A start on another day than today, with its day: "Wed, Mar 11, 8:05 AM". */
export function formatDayAndTime(instant: number, f: Formatting): string {
  return formatDate(instant, f, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...clockOptions(f.hour12),
  });
}

/** A time on the day of `now`: "3:00 PM"; on another day with the day: "Thu, Dec 3, 3:00 PM". */
export function formatWhen(instant: number, now: number, f: Formatting): string {
  return isSameLocalDay(instant, now, f.timeZone)
    ? formatTime(instant, f)
    : formatDayAndTime(instant, f);
}

/**
 * A date as a heading shows it: the first letter upper case, the rest as the locale writes it
 * ("domingo, 29 de noviembre" becomes "Domingo, 29 de noviembre"). CSS's `capitalize` would raise
 * every word ("29 De Noviembre"), which Spanish, French, Italian, Portuguese and Russian do not.
 */
export function capitalizeFirst(text: string, tag: string): string {
  const [first = '', ...rest] = text;
  return first.toLocaleUpperCase(tag) + rest.join('');
}

const units = new Map<string, Intl.NumberFormat>();

/** A duration in its largest two units, worded by the locale: "1 hr 30 min", "1時間30分". */
export function formatDuration(durationMs: number, tag: string): string {
  return durationParts(durationMs)
    .map(({ unit, value }) => {
      const key = `${tag}|${unit}`;
      let format = units.get(key);
      if (!format) {
        format = new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'short' });
        units.set(key, format);
      }
      return format.format(value);
    })
    .join(' ');
}
