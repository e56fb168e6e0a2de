import { HOUR_MS, MINUTE_MS } from '@planner/core';
import type { TFunction } from 'i18next';
import type { PlannerPrefs } from '../editors/prefs';
import type { Frequency, Period } from './periods';

/**
 * Tracked time in hours and minutes ("958 h 5 min"): days would hide how much a year holds.
 * Needs the editors namespace (its duration words).
 */
export function formatTracked(ms: number, t: TFunction): string {
  const minutes = Math.round(ms / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(t('editors:duration.hours', { count: hours }));
  if (rest > 0 || hours === 0) parts.push(t('editors:duration.minutes', { count: rest }));
  return parts.join(' ');
}

export function formatPercent(part: number, whole: number, languageTag: string): string {
  const share = whole > 0 ? part / whole : 0;
  return new Intl.NumberFormat(languageTag, { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
}

function dateFormat(prefs: PlannerPrefs, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(prefs.languageTag, { timeZone: prefs.timeZone, ...options });
}

/** The period's own name: "Wed, 25 Nov 2026", "23–29 Nov 2026", "November 2026", "2026". */
export function periodName(frequency: Frequency, period: Period, prefs: PlannerPrefs): string {
  const last = period.end - HOUR_MS;
  if (frequency === 'day') {
    return dateFormat(prefs, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(period.start);
  }
  if (frequency === 'month') {
    return dateFormat(prefs, { month: 'long', year: 'numeric' }).format(period.start);
  }
  if (frequency === 'year') return dateFormat(prefs, { year: 'numeric' }).format(period.start);
  return dateFormat(prefs, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(
    period.start,
    last,
  );
}

/** How the current period is called in the list: today, this week, this month, this year. */
export const CURRENT_KEYS: Readonly<Record<Exclude<Frequency, 'custom'>, string>> = {
  day: 'list.today',
  week: 'list.thisWeek',
  month: 'list.thisMonth',
  year: 'list.thisYear',
};
