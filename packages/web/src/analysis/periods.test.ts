import { HOUR_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import {
  customRange,
  decodeInstant,
  detailPath,
  encodeInstant,
  isHistoryDone,
  pagePeriods,
  parseDetail,
  periodContaining,
  shiftPeriod,
  withinHistory,
} from './periods';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const hours = (p: { start: number; end: number }) => (p.end - p.start) / HOUR_MS;

describe('periods across the 2026 clock changes', () => {
  it('gives Berlin a 23-hour 29 March and a 25-hour 25 October', () => {
    const spring = periodContaining('day', Date.UTC(2026, 2, 29, 12), BERLIN, 'MON');
    expect(spring).toEqual({ start: Date.UTC(2026, 2, 28, 23), end: Date.UTC(2026, 2, 29, 22) });
    expect(hours(spring)).toBe(23);
    const fall = periodContaining('day', Date.UTC(2026, 9, 25, 12), BERLIN, 'MON');
    expect(fall).toEqual({ start: Date.UTC(2026, 9, 24, 22), end: Date.UTC(2026, 9, 25, 23) });
    expect(hours(fall)).toBe(25);
  });

  it('gives New York a 23-hour 8 March and a 25-hour 1 November', () => {
    expect(hours(periodContaining('day', Date.UTC(2026, 2, 8, 17), NEW_YORK, 'SUN'))).toBe(23);
    const fall = periodContaining('day', Date.UTC(2026, 10, 1, 17), NEW_YORK, 'SUN');
    expect(fall.start).toBe(Date.UTC(2026, 10, 1, 4));
    expect(hours(fall)).toBe(25);
  });

  it('starts weeks on the first day of the week, at local midnight, 167 or 169 hours long', () => {
    // Thursday 26 March 2026 in Berlin.
    const thursday = Date.UTC(2026, 2, 26, 10);
    const monday = periodContaining('week', thursday, BERLIN, 'MON');
    expect(monday.start).toBe(Date.UTC(2026, 2, 22, 23));
    expect(hours(monday)).toBe(167);
    const sunday = periodContaining('week', thursday, BERLIN, 'SUN');
    expect(sunday.start).toBe(Date.UTC(2026, 2, 21, 23));
    const saturday = periodContaining('week', thursday, BERLIN, 'SAT');
    expect(saturday.start).toBe(Date.UTC(2026, 2, 20, 23));
    // The New York week holding 1 November from Sunday is 169 hours.
    const fallWeek = periodContaining('week', Date.UTC(2026, 10, 3, 15), NEW_YORK, 'SUN');
    expect(fallWeek.start).toBe(Date.UTC(2026, 10, 1, 4));
    expect(hours(fallWeek)).toBe(169);
  });

  it('steps months and years by the calendar', () => {
    const march = periodContaining('month', Date.UTC(2026, 2, 15), BERLIN, 'MON');
    expect(march).toEqual({ start: Date.UTC(2026, 1, 28, 23), end: Date.UTC(2026, 2, 31, 22) });
    expect(shiftPeriod('month', march, -3, BERLIN).start).toBe(Date.UTC(2025, 10, 30, 23));
    const year = periodContaining('year', Date.UTC(2026, 5, 1), NEW_YORK, 'SUN');
    expect(year).toEqual({ start: Date.UTC(2026, 0, 1, 5), end: Date.UTC(2027, 0, 1, 5) });
  });
});

describe('pagePeriods', () => {
  const now = Date.UTC(2026, 10, 25, 12);

  it('pages newest first: 15 days, 10 weeks, 10 months, 2 years, each following on', () => {
    const days = pagePeriods('day', now, 0, BERLIN, 'MON');
    expect(days).toHaveLength(15);
    expect(days[0]?.start).toBe(Date.UTC(2026, 10, 24, 23));
    expect(days.every((d, i) => i === 0 || d.end === days[i - 1]?.start)).toBe(true);
    const second = pagePeriods('day', now, 1, BERLIN, 'MON');
    expect(second[0]?.end).toBe(days[14]?.start);
    expect(pagePeriods('week', now, 0, BERLIN, 'MON')).toHaveLength(10);
    expect(pagePeriods('month', now, 0, BERLIN, 'MON')).toHaveLength(10);
    const years = pagePeriods('year', now, 0, BERLIN, 'MON');
    expect(years.map((y) => new Date(y.end).getUTCFullYear())).toEqual([2026, 2025]);
  });

  it('runs through the October change with a 25-hour day in a page of days', () => {
    const october = pagePeriods('day', Date.UTC(2026, 9, 30, 12), 0, BERLIN, 'MON');
    expect(october.map(hours)).toContain(25);
    expect(october.filter((d) => hours(d) !== 24)).toHaveLength(1);
  });
});

describe('detail addresses', () => {
  it('writes instants in base 32 and reads them back', () => {
    const start = Date.UTC(2026, 10, 24, 23);
    expect(encodeInstant(start)).toBe(start.toString(32));
    expect(decodeInstant(encodeInstant(start))).toBe(start);
    expect(decodeInstant('xyz')).toBeNull();
    expect(decodeInstant('')).toBeNull();
    expect(decodeInstant('zzzzzzzzzzzzz')).toBeNull();
  });

  it('accepts only real periods of the zone, and whole days for custom', () => {
    const day = periodContaining('day', Date.UTC(2026, 10, 25, 12), BERLIN, 'MON');
    const parse = (path: string) => {
      const [, , frequency, startBase32, endBase32] = path.split('/');
      return parseDetail({ frequency, startBase32, endBase32 }, BERLIN, 'MON');
    };
    expect(parse(detailPath('day', day))).toEqual({ frequency: 'day', period: day });
    expect(parse(detailPath('month', day))).toBeNull();
    expect(parse(detailPath('day', day).replace('/day/', '/decade/'))).toBeNull();
    expect(parse(detailPath('custom', day))).toEqual({ frequency: 'custom', period: day });
    expect(parse(detailPath('custom', { start: day.start + HOUR_MS, end: day.end }))).toBeNull();
    expect(parse(detailPath('day', { start: day.end, end: day.start }))).toBeNull();
  });
});

describe('customRange', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  const dayStart = (d: number) => Date.UTC(2026, 10, d - 1, 23);

  it('covers whole days from the start day to the end day', () => {
    const range = customRange(dayStart(10) + 5 * HOUR_MS, dayStart(12), now, BERLIN);
    expect(range.period).toEqual({ start: dayStart(10), end: dayStart(13) });
  });

  it('moves the start to the day before an end that is before it', () => {
    const range = customRange(dayStart(20), dayStart(12), now, BERLIN);
    expect(range.startDay).toBe(dayStart(11));
    expect(range.period).toEqual({ start: dayStart(11), end: dayStart(13) });
  });

  it('allows no day after today', () => {
    const range = customRange(dayStart(20), dayStart(28), now, BERLIN);
    expect(range.endDay).toBe(dayStart(25));
    expect(range.period.end).toBe(dayStart(26));
  });
});

describe('the start of the history', () => {
  const day = (d: number, sum = 0) => ({
    start: Date.UTC(2026, 9, d),
    end: Date.UTC(2026, 9, d + 1),
    sum,
  });
  const createdAt = Date.UTC(2026, 9, 24, 10);

  it('hides the empty days before the account at the end, not those between times', () => {
    const points = [day(26), day(25, 5), day(24), day(23), day(22, 9), day(21), day(20)];
    expect(withinHistory(points, createdAt)).toEqual(points.slice(0, 5));
    expect(withinHistory([day(26), day(25)], createdAt)).toEqual([day(26), day(25)]);
  });

  it("ends after a page's worth of empty periods before the account", () => {
    const empties = (n: number) => Array.from({ length: n }, (_, i) => day(23 - i));
    expect(isHistoryDone('day', [day(26), ...empties(14)], createdAt)).toBe(false);
    expect(isHistoryDone('day', [day(26), ...empties(15)], createdAt)).toBe(true);
    expect(isHistoryDone('week', [day(26), ...empties(10)], createdAt)).toBe(true);
    // Unknown (0): only 1970 ends a list.
    expect(isHistoryDone('day', [day(26), ...empties(20)], 0)).toBe(false);
  });
});
