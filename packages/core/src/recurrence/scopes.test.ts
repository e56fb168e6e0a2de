import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, fromWallClock, toWallClock } from '../time/zone';
import { expandRecurrence, instanceAt } from './expand';
import type { RecurrenceRule } from './rule';
import type { StoredSeries } from './scopes';
import {
  deleteRecurringInstance,
  editRecurringInstance,
  offeredScopes,
  truncateSeries,
} from './scopes';

const TZ = 'Europe/Berlin';
const DAILY: RecurrenceRule = { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 };

function stored(rule: Partial<RecurrenceRule> = {}, exceptions: number[] = []): StoredSeries {
  // Wednesday 4 March 2026, 09:00-10:00 in Berlin (winter time).
  const start = fromWallClock({ year: 2026, month: 3, day: 4, hour: 9 }, TZ);
  return { start, end: start + HOUR_MS, rule: { ...DAILY, ...rule }, timeZone: TZ, exceptions };
}

function all(series: StoredSeries, days = 60) {
  return expandRecurrence({
    ...series,
    windowStart: series.start,
    windowEnd: series.start + days * DAY_MS,
  });
}

function hourOf(ms: number): number {
  return toWallClock(ms, TZ).hour;
}

describe('recurrence edit scopes', () => {
  it('offers the spec scopes', () => {
    expect(offeredScopes('update', false)).toEqual([0, 1, 2]);
    expect(offeredScopes('update', true)).toEqual([0, 2]);
    expect(offeredScopes('delete', false)).toEqual([0, 1]);
  });

  it('this one: an exception plus an override for that instance', () => {
    const series = stored({ count: 10 });
    const target = instanceAt(series, 3);
    if (!target) throw new Error('missing instance');
    const change = { start: target.start + HOUR_MS, end: target.end + 2 * HOUR_MS };
    const edit = editRecurringInstance(series, 3, change, 0);
    if (edit.scope !== 0) throw new Error('wrong scope');
    expect(edit).toEqual({
      scope: 0,
      series: { ...series, exceptions: [3] },
      override: { ...change, instanceNumber: 3 },
    });
    expect(all(edit.series).map((i) => i.instanceNumber)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]);
  });

  it('this and following with a count: the old series keeps n, the new one the rest', () => {
    const series = stored({ count: 10 }, [2, 7]);
    const target = instanceAt(series, 5);
    if (!target) throw new Error('missing instance');
    const edit = editRecurringInstance(
      series,
      5,
      { start: target.start + HOUR_MS, end: target.end + HOUR_MS },
      1,
    );
    if (edit.scope !== 1) throw new Error('wrong scope');
    expect(edit.series?.rule.count).toBe(5);
    expect(edit.series?.exceptions).toEqual([2]);
    expect(edit.following.rule.count).toBe(5);
    expect(edit.following.exceptions).toEqual([2]);
    const before = all(edit.series ?? series);
    const after = all(edit.following);
    expect(before.map((i) => i.instanceNumber)).toEqual([0, 1, 3, 4]);
    expect(after.map((i) => hourOf(i.start))).toEqual([10, 10, 10, 10]);
    // Together they still cover the original days (7 became the new series' 2, still skipped).
    expect(before.length + after.length).toBe(8);
  });

  it('this and following forever: the old series ends at the previous instance', () => {
    const series = stored();
    const fourth = instanceAt(series, 4);
    const third = instanceAt(series, 3);
    if (!fourth || !third) throw new Error('missing instance');
    const edit = editRecurringInstance(series, 4, { start: fourth.start, end: fourth.end }, 1);
    if (edit.scope !== 1) throw new Error('wrong scope');
    expect(edit.series?.rule.until).toBe(third.start);
    expect(all(edit.series ?? series)).toHaveLength(4);
    expect(edit.following.start).toBe(fourth.start);
    // Instance 0 leaves nothing of the old series.
    const first = editRecurringInstance(series, 0, { start: series.start, end: series.end }, 1);
    expect(first).toMatchObject({ scope: 1, series: null });
  });

  it('all: moving one instance moves the series by the same wall-clock distance', () => {
    // Instance 30 is in summer time; moving it from 09:00 to 11:30 moves the winter start too.
    const series = stored({}, [5]);
    const target = instanceAt(series, 30);
    if (!target) throw new Error('missing instance');
    const change = { start: target.start + 2.5 * HOUR_MS, end: target.start + 4 * HOUR_MS };
    const edit = editRecurringInstance(series, 30, change, 2);
    if (edit.scope !== 2) throw new Error('wrong scope');
    expect(toWallClock(edit.series.start, TZ)).toMatchObject({ day: 4, hour: 11, minute: 30 });
    expect(edit.series.end - edit.series.start).toBe(1.5 * HOUR_MS);
    expect(edit.series.exceptions).toEqual([5]);
    expect(instanceAt(edit.series, 30)).toEqual({ ...change, instanceNumber: 30 });
  });

  it('all: moving a weekly instance to another day moves the weekday list along', () => {
    const series = stored({ freq: 'WEEKLY', byDay: 'MO,WE' });
    const target = instanceAt(series, 1); // Monday 9 March
    if (!target) throw new Error('missing instance');
    const change = { start: target.start + DAY_MS, end: target.end + DAY_MS };
    const edit = editRecurringInstance(series, 1, change, 2);
    if (edit.scope !== 2) throw new Error('wrong scope');
    expect(edit.series.rule.byDay).toBe('TU,TH');
    expect(instanceAt(edit.series, 1)?.start).toBe(change.start);
  });

  it('all: a new rule drops exceptions whose numbers no longer mean the same day', () => {
    const series = stored({}, [2, 4]);
    const edit = editRecurringInstance(
      series,
      0,
      { start: series.start, end: series.end, rule: { ...DAILY, interval: 2 } },
      2,
    );
    expect(edit).toMatchObject({ scope: 2, droppedExceptions: [2, 4] });
  });

  it('delete: this one is an exception, this and following truncates, all removes', () => {
    const series = stored({ until: stored().start + 9 * DAY_MS });
    expect(deleteRecurringInstance(series, 2, 0)).toEqual({
      scope: 0,
      series: { ...series, exceptions: [2] },
    });
    const cut = deleteRecurringInstance(series, 6, 1);
    expect(cut.series && all(cut.series).map((i) => i.instanceNumber)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(deleteRecurringInstance(series, 6, 2)).toEqual({ scope: 2, series: null });
    expect(truncateSeries(series, 0)).toBeNull();
  });

  it('refuses an instance the series does not have', () => {
    const series = stored({ count: 3 });
    expect(() => deleteRecurringInstance(series, 3, 0)).toThrow(RangeError);
    expect(() => editRecurringInstance(series, -1, { start: 0, end: 0 }, 1)).toThrow(RangeError);
  });
});
