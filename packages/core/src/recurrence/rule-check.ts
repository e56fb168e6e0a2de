import type { RecurrenceFreq, RecurrenceRule } from './rule';
import { RECURRENCE_FREQS, isWeekdayToken, normalizeRecurrenceRule, parseByDay } from './rule';

/** Message keys for rule problems (the UI translates them). */
export type RecurrenceRuleError =
  | 'invalid.recurrenceFreq'
  | 'invalid.recurrenceInterval'
  | 'invalid.recurrenceByDay'
  | 'invalid.recurrenceCount'
  | 'invalid.recurrenceUntil'
  | 'invalid.recurrenceEnd';

export type RecurrenceRuleCheck =
  { ok: true; rule: RecurrenceRule } | { ok: false; errors: RecurrenceRuleError[] };

function isWholeNumber(value: number): boolean {
  return Number.isSafeInteger(value);
}

function byDayErrors(byDay: string): boolean {
  if (byDay.trim() === '') return false;
  const tokens = byDay.split(',').map((t) => t.trim().toUpperCase());
  return tokens.some((t) => !isWeekdayToken(t)) || new Set(tokens).size !== tokens.length;
}

/**
 * Checks a rule as received (from the wire or an editor). byDay on a frequency other than
 * WEEKLY is not an error: the spec clears it, and so does the returned canonical rule.
 * With `start`, an `until` before the first instance is refused.
 */
export function checkRecurrenceRule(rule: RecurrenceRule, start?: number): RecurrenceRuleCheck {
  const errors: RecurrenceRuleError[] = [];
  if (!RECURRENCE_FREQS.includes(rule.freq)) errors.push('invalid.recurrenceFreq');
  if (!isWholeNumber(rule.interval) || rule.interval < 1) errors.push('invalid.recurrenceInterval');
  if (typeof rule.byDay !== 'string' || (rule.freq === 'WEEKLY' && byDayErrors(rule.byDay))) {
    errors.push('invalid.recurrenceByDay');
  }
  if (!isWholeNumber(rule.count) || rule.count < 0) errors.push('invalid.recurrenceCount');
  if (!isWholeNumber(rule.until)) errors.push('invalid.recurrenceUntil');
  else if (start !== undefined && rule.until > 0 && rule.until < start) {
    errors.push('invalid.recurrenceUntil');
  }
  if (rule.count > 0 && rule.until > 0) errors.push('invalid.recurrenceEnd');
  return errors.length ? { ok: false, errors } : { ok: true, rule: normalizeRecurrenceRule(rule) };
}

/** The label of a rule as data; the UI turns it into words ("Daily", "Every 2 weeks on ..."). */
export type RecurrenceLabel =
  | { kind: 'none' }
  | { kind: 'daily' }
  | { kind: 'weekly' }
  | { kind: 'monthly' }
  | { kind: 'yearly' }
  | { kind: 'custom'; freq: Exclude<RecurrenceFreq, 'none'>; interval: number; byDay: string };

const SIMPLE_LABELS = {
  DAILY: { kind: 'daily' },
  WEEKLY: { kind: 'weekly' },
  MONTHLY: { kind: 'monthly' },
  YEARLY: { kind: 'yearly' },
} as const satisfies Record<Exclude<RecurrenceFreq, 'none'>, RecurrenceLabel>;

/**
 * The spec's labels: every 1 day Daily, 1 week Weekly, 1 month Monthly, 1 year Yearly; any other
 * interval, or a week on more than one day, is custom and carries what the UI needs to say it.
 */
export function recurrenceLabel(rule: RecurrenceRule): RecurrenceLabel {
  const r = normalizeRecurrenceRule(rule);
  if (r.freq === 'none') return { kind: 'none' };
  if (r.interval === 1 && parseByDay(r.byDay).length <= 1) return { ...SIMPLE_LABELS[r.freq] };
  return { kind: 'custom', freq: r.freq, interval: r.interval, byDay: r.byDay };
}
