import { describe, expect, it } from 'vitest';
import type { RecurrenceRule } from './rule';
import { isRecurring, normalizeRecurrenceRule, recurrenceEndKind } from './rule';
import { checkRecurrenceRule, recurrenceLabel } from './rule-check';

const base: RecurrenceRule = { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 };

describe('recurrence rule checks', () => {
  it('accepts a good rule and returns it in canonical form', () => {
    const weekly = { ...base, freq: 'WEEKLY' as const, byDay: 'fr, MO' };
    expect(checkRecurrenceRule(weekly)).toEqual({
      ok: true,
      rule: { ...weekly, byDay: 'MO,FR' },
    });
  });

  it('clears byDay on a frequency other than WEEKLY instead of refusing it', () => {
    const check = checkRecurrenceRule({ ...base, freq: 'MONTHLY', byDay: 'MO' });
    expect(check).toEqual({ ok: true, rule: { ...base, freq: 'MONTHLY', byDay: '' } });
  });

  it('names every problem with a message key', () => {
    const bad = { freq: 'HOURLY', interval: 0, byDay: 'MO,XX', until: 1.5, count: -1 };
    // The freq is not one of the spec's, so byDay is not read as a weekly list.
    expect(checkRecurrenceRule(bad as unknown as RecurrenceRule)).toEqual({
      ok: false,
      errors: [
        'invalid.recurrenceFreq',
        'invalid.recurrenceInterval',
        'invalid.recurrenceCount',
        'invalid.recurrenceUntil',
      ],
    });
    expect(checkRecurrenceRule({ ...base, freq: 'WEEKLY', byDay: 'MO,MO' })).toEqual({
      ok: false,
      errors: ['invalid.recurrenceByDay'],
    });
    expect(checkRecurrenceRule({ ...base, interval: 2.5 })).toMatchObject({ ok: false });
  });

  it('refuses both an until and a count, and an until before the start', () => {
    expect(checkRecurrenceRule({ ...base, until: 5_000, count: 3 })).toEqual({
      ok: false,
      errors: ['invalid.recurrenceEnd'],
    });
    expect(checkRecurrenceRule({ ...base, until: 5_000 }, 6_000)).toEqual({
      ok: false,
      errors: ['invalid.recurrenceUntil'],
    });
    expect(checkRecurrenceRule({ ...base, until: -1 }, 6_000)).toMatchObject({ ok: true });
  });

  it('reports the end kind as data', () => {
    expect(recurrenceEndKind(base)).toBe('FOREVER');
    expect(recurrenceEndKind({ ...base, until: -1 })).toBe('FOREVER');
    expect(recurrenceEndKind({ ...base, until: 10 })).toBe('UNTIL');
    expect(recurrenceEndKind({ ...base, count: 1 })).toBe('COUNT');
  });

  it('normalizes lenient input so expansion never breaks on it', () => {
    expect(normalizeRecurrenceRule({ ...base, interval: 0, count: -3, until: Number.NaN })).toEqual(
      base,
    );
    expect(isRecurring({ ...base, freq: 'none' })).toBe(false);
    expect(isRecurring(null)).toBe(false);
  });
});

describe('recurrenceLabel', () => {
  it('gives the spec labels for an interval of 1', () => {
    expect(recurrenceLabel(base)).toEqual({ kind: 'daily' });
    expect(recurrenceLabel({ ...base, freq: 'WEEKLY' })).toEqual({ kind: 'weekly' });
    expect(recurrenceLabel({ ...base, freq: 'WEEKLY', byDay: 'TU' })).toEqual({ kind: 'weekly' });
    expect(recurrenceLabel({ ...base, freq: 'MONTHLY' })).toEqual({ kind: 'monthly' });
    expect(recurrenceLabel({ ...base, freq: 'YEARLY', count: 4 })).toEqual({ kind: 'yearly' });
    expect(recurrenceLabel({ ...base, freq: 'none' })).toEqual({ kind: 'none' });
  });

  it('describes other rules as custom data, never as a sentence', () => {
    expect(recurrenceLabel({ ...base, interval: 3 })).toEqual({
      kind: 'custom',
      freq: 'DAILY',
      interval: 3,
      byDay: '',
    });
    expect(recurrenceLabel({ ...base, freq: 'WEEKLY', byDay: 'WE,MO' })).toEqual({
      kind: 'custom',
      freq: 'WEEKLY',
      interval: 1,
      byDay: 'MO,WE',
    });
  });
});
