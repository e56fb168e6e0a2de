/** Recurrence frequencies as the spec names them; 'none' means a single occurrence. */
export type RecurrenceFreq = 'none' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

export const RECURRENCE_FREQS: readonly RecurrenceFreq[] = [
  'none',
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'YEARLY',
];

/** The spec's RecurrenceRule (RFC 5545 RRULE subset). */
export interface RecurrenceRule {
  freq: RecurrenceFreq;
  /** Every `interval` days/weeks/months/years; 1 or more. */
  interval: number;
  /** Comma list of SU, MO, TU, WE, TH, FR, SA ("MO,WE"), or "" (only with WEEKLY). */
  byDay: string;
  /** Last allowed instance start (inclusive, ms); 0 or less: none. */
  until: number;
  /** Number of instances including the first; 0: none. */
  count: number;
}

export type RecurrenceEndKind = 'FOREVER' | 'UNTIL' | 'COUNT';

export const RECURRENCE_END_KINDS: readonly RecurrenceEndKind[] = ['FOREVER', 'UNTIL', 'COUNT'];

/** Weekday tokens in RFC 5545 order starting Monday (the index rrule uses). */
export const WEEKDAY_TOKENS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayToken = (typeof WEEKDAY_TOKENS)[number];

export const NO_RECURRENCE: RecurrenceRule = {
  freq: 'none',
  interval: 1,
  byDay: '',
  until: 0,
  count: 0,
};

export function isWeekdayToken(token: string): token is WeekdayToken {
  return (WEEKDAY_TOKENS as readonly string[]).includes(token);
}

/** The weekday indexes (0 Monday .. 6 Sunday) of a byDay list, sorted, unknown tokens dropped. */
export function parseByDay(byDay: string): number[] {
  const days = new Set<number>();
  for (const raw of byDay.split(',')) {
    const index = (WEEKDAY_TOKENS as readonly string[]).indexOf(raw.trim().toUpperCase());
    if (index >= 0) days.add(index);
  }
  return [...days].sort((a, b) => a - b);
}

/** A byDay string from weekday indexes (0 Monday .. 6 Sunday), in week order. */
export function formatByDay(days: readonly number[]): string {
  const unique = [...new Set(days.map((d) => ((d % 7) + 7) % 7))].sort((a, b) => a - b);
  return unique.map((d) => WEEKDAY_TOKENS[d]).join(',');
}

export function isRecurring(rule: RecurrenceRule | null | undefined): rule is RecurrenceRule {
  return !!rule && rule.freq !== 'none' && RECURRENCE_FREQS.includes(rule.freq);
}

export function recurrenceEndKind(rule: RecurrenceRule): RecurrenceEndKind {
  if (rule.count > 0) return 'COUNT';
  if (rule.until > 0) return 'UNTIL';
  return 'FOREVER';
}

/**
 * The rule in canonical form: interval a whole number of at least 1, byDay kept only for WEEKLY
 * and written in week order, negative or fractional count and until read as none.
 * Expansion always works on the canonical form, so lenient input never breaks it.
 */
export function normalizeRecurrenceRule(rule: RecurrenceRule): RecurrenceRule {
  if (!isRecurring(rule)) return { ...NO_RECURRENCE };
  const interval = Number.isFinite(rule.interval) ? Math.max(1, Math.floor(rule.interval)) : 1;
  const count = Number.isFinite(rule.count) && rule.count > 0 ? Math.floor(rule.count) : 0;
  const until = Number.isFinite(rule.until) && rule.until > 0 ? Math.floor(rule.until) : 0;
  const byDay = rule.freq === 'WEEKLY' ? formatByDay(parseByDay(rule.byDay)) : '';
  return { freq: rule.freq, interval, byDay, until, count };
}

/** True when two rules describe the same pattern of instance starts (ends aside). */
export function samePattern(a: RecurrenceRule, b: RecurrenceRule): boolean {
  const x = normalizeRecurrenceRule(a);
  const y = normalizeRecurrenceRule(b);
  return x.freq === y.freq && x.interval === y.interval && x.byDay === y.byDay;
}
