/**
 * A start the rule does not yield (a WEEKLY byDay list without the start's weekday) is not an
 * occurrence: instances are exactly the rule's occurrences, numbered from 0
 * (docs/events-reminders-categories.md).
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, fromWallClock, toWallClock } from '../time/zone';
import type { RecurrenceSeries } from './expand';
import { expandRecurrence, instanceAt, instanceNumberAt, startsOnPattern } from './expand';
import type { RecurrenceRule } from './rule';
import { deleteRecurringInstance, editRecurringInstance } from './scopes';

const BERLIN = 'Europe/Berlin';
const WEEKLY: RecurrenceRule = { freq: 'WEEKLY', interval: 1, byDay: '', until: 0, count: 0 };

type Wall = { year: number; month: number; day: number; hour: number; minute?: number };

function weekly(wall: Wall, rule: Partial<RecurrenceRule>, hours = 2): RecurrenceSeries {
  const start = fromWallClock(wall, BERLIN);
  return { start, end: start + hours * HOUR_MS, rule: { ...WEEKLY, ...rule }, timeZone: BERLIN };
}

function expand(s: RecurrenceSeries, days: number, exceptions: number[] = []) {
  return expandRecurrence({
    ...s,
    windowStart: s.start,
    windowEnd: s.start + days * DAY_MS,
    exceptions,
  });
}

function local(ms: number): string {
  const w = toWallClock(ms, BERLIN);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

const dates = (instances: { start: number }[]) => instances.map((i) => local(i.start));

// Wednesday 2026-05-06, 10:00 in Berlin; the rule wants every other Saturday and Sunday.
const offPattern = weekly(
  { year: 2026, month: 5, day: 6, hour: 10 },
  { interval: 2, byDay: 'SA,SU' },
);

describe('a start off its weekly pattern', () => {
  it('is not an occurrence: instance 0 is the first listed day the rule reaches', () => {
    const found = expand(offPattern, 32);
    expect(dates(found)).toEqual([
      '2026-05-09 10:00',
      '2026-05-10 10:00',
      '2026-05-23 10:00',
      '2026-05-24 10:00',
      '2026-06-06 10:00',
    ]);
    expect(found.map((i) => i.instanceNumber)).toEqual([0, 1, 2, 3, 4]);
    expect(found.every((i) => i.end - i.start === 2 * HOUR_MS)).toBe(true);
    expect(startsOnPattern(offPattern)).toBe(false);
    expect(instanceNumberAt(offPattern, offPattern.start)).toBeNull();
  });

  it('looks instances up by number and by start with the same numbers', () => {
    for (const instance of expand(offPattern, 200)) {
      expect(instanceAt(offPattern, instance.instanceNumber)).toEqual(instance);
      expect(instanceNumberAt(offPattern, instance.start)).toBe(instance.instanceNumber);
    }
    expect(instanceAt(offPattern, 0)?.start).toBe(
      fromWallClock({ year: 2026, month: 5, day: 9, hour: 10 }, BERLIN),
    );
  });

  it('skips exceptions by the rule occurrence number', () => {
    expect(dates(expand(offPattern, 32, [0, 3]))).toEqual([
      '2026-05-10 10:00',
      '2026-05-23 10:00',
      '2026-06-06 10:00',
    ]);
  });

  it('counts only rule occurrences toward count', () => {
    const counted = { ...offPattern, rule: { ...offPattern.rule, count: 3 } };
    expect(dates(expand(counted, 100))).toEqual([
      '2026-05-09 10:00',
      '2026-05-10 10:00',
      '2026-05-23 10:00',
    ]);
    expect(instanceAt(counted, 2)).not.toBeNull();
    expect(instanceAt(counted, 3)).toBeNull();
  });

  it('ends at until, inclusive, and has no occurrence at all when until comes first', () => {
    const until = fromWallClock({ year: 2026, month: 5, day: 23, hour: 10 }, BERLIN);
    const bounded = { ...offPattern, rule: { ...offPattern.rule, until } };
    expect(dates(expand(bounded, 100))).toEqual([
      '2026-05-09 10:00',
      '2026-05-10 10:00',
      '2026-05-23 10:00',
    ]);
    expect(instanceAt(bounded, 3)).toBeNull();
    const early = { ...offPattern, rule: { ...offPattern.rule, until: offPattern.start + DAY_MS } };
    expect(expand(early, 100)).toEqual([]);
    expect(instanceAt(early, 0)).toBeNull();
  });

  it('keeps the wall-clock time across the spring-forward Sunday, skipped times moving on', () => {
    // Wednesday 2026-03-25; Berlin skips 02:00-03:00 on Sunday 2026-03-29.
    const morning = weekly({ year: 2026, month: 3, day: 25, hour: 9 }, { byDay: 'SA,SU' });
    const found = expand(morning, 12);
    expect(dates(found)).toEqual([
      '2026-03-28 09:00',
      '2026-03-29 09:00',
      '2026-04-04 09:00',
      '2026-04-05 09:00',
    ]);
    expect((found[1]?.start ?? 0) - (found[0]?.start ?? 0)).toBe(23 * HOUR_MS);
    const night = weekly({ year: 2026, month: 3, day: 25, hour: 2, minute: 30 }, { byDay: 'SU' });
    expect(dates(expand(night, 12))).toEqual(['2026-03-29 03:30', '2026-04-05 02:30']);
  });

  it('takes the first pass of a repeated time on the fall-back Sunday', () => {
    // Wednesday 2026-10-21; Berlin goes through 02:00-03:00 twice on Sunday 2026-10-25.
    const night = weekly({ year: 2026, month: 10, day: 21, hour: 2, minute: 30 }, { byDay: 'SU' });
    const [first, second] = expand(night, 12);
    expect(first && local(first.start)).toBe('2026-10-25 02:30');
    expect(first?.start).toBe(Date.UTC(2026, 9, 25, 0, 30));
    expect(second && second.start - (first?.start ?? 0)).toBe(7 * DAY_MS + HOUR_MS);
  });

  it('edits and deletes by the rule occurrence numbers', () => {
    const stored = { ...offPattern, exceptions: [] };
    const first = instanceAt(stored, 0);
    if (!first) throw new Error('missing instance');
    // All: one hour later from the first occurrence on; the numbering stays.
    const later = { start: first.start + HOUR_MS, end: first.end + HOUR_MS };
    const moved = editRecurringInstance({ ...stored, exceptions: [3] }, 0, later, 2);
    if (moved.scope !== 2) throw new Error('wrong scope');
    expect(moved.droppedExceptions).toEqual([]);
    expect(dates(expand(moved.series, 32, moved.series.exceptions))).toEqual([
      '2026-05-09 11:00',
      '2026-05-10 11:00',
      '2026-05-23 11:00',
      '2026-06-06 11:00',
    ]);
    // This and following from the first occurrence: nothing is left of the old series.
    expect(deleteRecurringInstance(stored, 0, 1)).toEqual({ scope: 1, series: null });
    const cut = deleteRecurringInstance(stored, 2, 1);
    expect(cut.series && dates(expand(cut.series, 60))).toEqual([
      '2026-05-09 10:00',
      '2026-05-10 10:00',
    ]);
  });
});

describe('a start on its weekly pattern', () => {
  it('is instance 0, at its exact instant', () => {
    // Saturday 2026-05-09.
    const s = weekly({ year: 2026, month: 5, day: 9, hour: 10 }, { interval: 2, byDay: 'SA,SU' });
    const found = expand(s, 20);
    expect(found[0]).toEqual({ start: s.start, end: s.end, instanceNumber: 0 });
    expect(dates(found)).toEqual([
      '2026-05-09 10:00',
      '2026-05-10 10:00',
      '2026-05-23 10:00',
      '2026-05-24 10:00',
    ]);
    expect(startsOnPattern(s)).toBe(true);
    expect(instanceNumberAt(s, s.start)).toBe(0);
  });

  it('keeps the second pass of a repeated time it was given', () => {
    // Sunday 2026-10-25 02:30 after the clocks went back (01:30 UTC), weekly on Sundays.
    const start = Date.UTC(2026, 9, 25, 1, 30);
    const s: RecurrenceSeries = {
      start,
      end: start + HOUR_MS,
      rule: { ...WEEKLY, byDay: 'SU' },
      timeZone: BERLIN,
    };
    const [first, second] = expand(s, 10);
    expect(first?.start).toBe(start);
    expect(second && local(second.start)).toBe('2026-11-01 02:30');
  });
});
