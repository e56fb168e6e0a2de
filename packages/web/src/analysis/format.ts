import { HOUR_MS } from '@planner/core';
import type { PlannerPrefs } from '../editors/prefs';
import type { Frequency, Period } from './periods';

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
