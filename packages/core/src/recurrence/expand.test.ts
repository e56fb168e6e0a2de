import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, fromWallClock, toWallClock } from '../time/zone';
import type { RecurrenceSeries } from './expand';
import { expandRecurrence, instanceAt, instanceNumberAt } from './expand';
import type { RecurrenceRule } from './rule';

const BERLIN = 'Europe/Berlin';

function rule(partial: Partial<RecurrenceRule>): RecurrenceRule {
  return { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0, ...partial };
}

function series(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number },
  partial: Partial<RecurrenceRule>,
  timeZone = BERLIN,
  durationMs = HOUR_MS,
): RecurrenceSeries {
  const start = fromWallClock(wall, timeZone);
  return { start, end: start + durationMs, rule: rule(partial), timeZone };
}

function localDates(instances: { start: number }[], timeZone = BERLIN): string[] {
  return instances.map((i) => {
    const w = toWallClock(i.start, timeZone);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
  });
}

function window(s: RecurrenceSeries, fromDays: number, toDays: number) {
  return { ...s, windowStart: s.start + fromDays * DAY_MS, windowEnd: s.start + toDays * DAY_MS };
}

describe('expandRecurrence', () => {
  it('yields the single instance of a non-recurring item when it overlaps', () => {
    const s = series({ year: 2026, month: 5, day: 4, hour: 9 }, { freq: 'none' });
    expect(expandRecurrence(window(s, -1, 1))).toEqual([
      { start: s.start, end: s.end, instanceNumber: 0 },
    ]);
    expect(expandRecurrence(window(s, 1, 2))).toEqual([]);
    expect(expandRecurrence({ ...window(s, -1, 1), exceptions: [0] })).toEqual([]);
  });

  it('numbers daily instances from the series start, also in a window years later', () => {
    const s = series({ year: 2020, month: 1, day: 1, hour: 9 }, {});
    const found = expandRecurrence({
      ...s,
      windowStart: fromWallClock({ year: 2025, month: 6, day: 23 }, BERLIN),
      windowEnd: fromWallClock({ year: 2025, month: 6, day: 26 }, BERLIN),
    });
    expect(found.map((i) => i.instanceNumber)).toEqual([2000, 2001, 2002]);
    expect(localDates(found)).toEqual(['2025-06-23 09:00', '2025-06-24 09:00', '2025-06-25 09:00']);
  });

  it('includes an instance that started before the window and is still running', () => {
    const s = series({ year: 2026, month: 5, day: 4, hour: 23 }, {}, BERLIN, 3 * HOUR_MS);
    const found = expandRecurrence({
      ...s,
      windowStart: s.start + DAY_MS + HOUR_MS,
      windowEnd: s.start + DAY_MS + 2 * HOUR_MS,
    });
    expect(found.map((i) => i.instanceNumber)).toEqual([1]);
  });

  it('honours interval, count and until', () => {
    const s = series({ year: 2026, month: 5, day: 4, hour: 9 }, { interval: 3, count: 4 });
    expect(expandRecurrence(window(s, 0, 60)).map((i) => i.instanceNumber)).toEqual([0, 1, 2, 3]);
    expect(localDates(expandRecurrence(window(s, 0, 60)))).toEqual([
      '2026-05-04 09:00',
      '2026-05-07 09:00',
      '2026-05-10 09:00',
      '2026-05-13 09:00',
    ]);
    const until = { ...s, rule: rule({ until: s.start + 2 * DAY_MS }) };
    expect(expandRecurrence(window(until, 0, 60))).toHaveLength(3);
    const untilEarly = { ...s, rule: rule({ until: s.start + 2 * DAY_MS - 1 }) };
    expect(expandRecurrence(window(untilEarly, 0, 60))).toHaveLength(2);
  });

  it('skips exceptions by instance number', () => {
    const s = series({ year: 2026, month: 5, day: 4, hour: 9 }, {});
    const found = expandRecurrence({ ...window(s, 0, 5), exceptions: [1, 3] });
    expect(found.map((i) => i.instanceNumber)).toEqual([0, 2, 4]);
  });

  it('expands weekly byDay lists from the first listed day after an off-list start', () => {
    // 2026-05-06 is a Wednesday; the rule asks for Mondays and Fridays every other week.
    const s = series(
      { year: 2026, month: 5, day: 6, hour: 18 },
      { freq: 'WEEKLY', interval: 2, byDay: 'MO,FR', count: 5 },
    );
    expect(localDates(expandRecurrence(window(s, 0, 60)))).toEqual([
      '2026-05-08 18:00',
      '2026-05-18 18:00',
      '2026-05-22 18:00',
      '2026-06-01 18:00',
      '2026-06-05 18:00',
    ]);
  });

  it('repeats weekly on the start weekday when byDay is empty', () => {
    const s = series({ year: 2026, month: 5, day: 6, hour: 18 }, { freq: 'WEEKLY' });
    const found = expandRecurrence(window(s, 0, 22));
    expect(found.map((i) => toWallClock(i.start, BERLIN).weekday)).toEqual([3, 3, 3, 3]);
  });

  it('skips months without a 31st for a monthly rule on the 31st', () => {
    const s = series({ year: 2026, month: 1, day: 31, hour: 10 }, { freq: 'MONTHLY' });
    const found = expandRecurrence(window(s, 0, 366));
    expect(localDates(found).map((d) => d.slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
      '2027-01-31',
    ]);
    expect(found.every((i) => toWallClock(i.start, BERLIN).hour === 10)).toBe(true);
  });

  it('numbers monthly instances on the 31st correctly many years later', () => {
    const s = series({ year: 2020, month: 1, day: 31, hour: 10 }, { freq: 'MONTHLY' });
    const late = expandRecurrence(window(s, 3650, 3700));
    // 7 months a year have a 31st; January 2030 is ten whole years (70 instances) in.
    expect(late.map((i) => i.instanceNumber)).toEqual([70]);
    expect(localDates(late)).toEqual(['2030-01-31 10:00']);
    expect(instanceAt(s, 70)?.start).toBe(late[0]?.start);
  });

  it('repeats February 29 only in leap years', () => {
    const s = series({ year: 2024, month: 2, day: 29, hour: 8 }, { freq: 'YEARLY' });
    const found = expandRecurrence(window(s, 0, 365 * 13));
    expect(localDates(found).map((d) => d.slice(0, 10))).toEqual([
      '2024-02-29',
      '2028-02-29',
      '2032-02-29',
      '2036-02-29',
    ]);
    expect(found.map((i) => i.instanceNumber)).toEqual([0, 1, 2, 3]);
    expect(instanceAt(s, 3)?.start).toBe(found[3]?.start);
  });

  it('keeps the 4-year rhythm of February 29 past 2100, which is not a leap year', () => {
    const s = series({ year: 2096, month: 2, day: 29, hour: 8 }, { freq: 'YEARLY' });
    const found = expandRecurrence(window(s, 0, 365 * 9));
    expect(localDates(found).map((d) => d.slice(0, 10))).toEqual(['2096-02-29', '2104-02-29']);
  });

  it('looks instances up by number and by start', () => {
    const s = series(
      { year: 2026, month: 5, day: 4, hour: 9 },
      { freq: 'WEEKLY', byDay: 'MO,TH', count: 10 },
    );
    const all = expandRecurrence(window(s, 0, 100));
    expect(all).toHaveLength(10);
    for (const instance of all) {
      expect(instanceAt(s, instance.instanceNumber)).toEqual(instance);
      expect(instanceNumberAt(s, instance.start)).toBe(instance.instanceNumber);
    }
    expect(instanceAt(s, 10)).toBeNull();
    expect(instanceAt(s, -1)).toBeNull();
    expect(instanceNumberAt(s, s.start + 1)).toBeNull();
  });

  it('keeps an all-day length in local days across a 23-hour day', () => {
    const start = fromWallClock({ year: 2026, month: 3, day: 27 }, BERLIN);
    const end = fromWallClock({ year: 2026, month: 3, day: 28 }, BERLIN);
    const s: RecurrenceSeries = { start, end, rule: rule({}), timeZone: BERLIN, allDay: true };
    const [, , sunday] = expandRecurrence(window(s, 0, 3));
    expect(sunday && (sunday.end - sunday.start) / HOUR_MS).toBe(23);
    expect(sunday && localDates([{ start: sunday.end }])).toEqual(['2026-03-30 00:00']);
  });
});
