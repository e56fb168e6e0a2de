import { durationParts, type DurationDisplayUnit } from '@planner/core';
import type { TFunction } from 'i18next';
import type { PlannerPrefs } from './prefs';

type FormatPrefs = Pick<PlannerPrefs, 'timeZone' | 'hour12' | 'languageTag'>;

function format(ms: number, prefs: FormatPrefs, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(prefs.languageTag, {
    timeZone: prefs.timeZone,
    ...(options.hour !== undefined && prefs.hour12 !== undefined ? { hour12: prefs.hour12 } : {}),
    ...options,
  }).format(ms);
}

/** "Mon, 3 March 2025" in the person's zone. */
export function formatDate(ms: number, prefs: FormatPrefs): string {
  return format(ms, prefs, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** "14:05" or "2:05 PM" as the person's clock setting says. */
export function formatTime(ms: number, prefs: FormatPrefs): string {
  return format(ms, prefs, { hour: 'numeric', minute: '2-digit' });
}

export function formatDateTime(ms: number, prefs: FormatPrefs): string {
  return `${formatDate(ms, prefs)}, ${formatTime(ms, prefs)}`;
}

const UNIT_KEYS: Readonly<Record<DurationDisplayUnit, string>> = {
  second: 'editors:duration.seconds',
  minute: 'editors:duration.minutes',
  hour: 'editors:duration.hours',
  day: 'editors:duration.days',
};

/** A duration in its largest two units ("1 h 30 min"), as core's durationParts gives them. */
export function formatDuration(durationMs: number, t: TFunction): string {
  return durationParts(durationMs)
    .map((part) => t(UNIT_KEYS[part.unit], { count: part.value }))
    .join(' ');
}
