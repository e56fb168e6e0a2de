import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, fromWallClock, toWallClock } from '../time/zone';
import type { RecurrenceInstance, RecurrenceSeries } from './expand';
import { expandRecurrence } from './expand';
import type { RecurrenceRule } from './rule';

const DAILY: RecurrenceRule = { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 };

function dailyAt(
  timeZone: string,
  wall: { year: number; month: number; day: number; hour: number; minute?: number },
  rule: RecurrenceRule = DAILY,
): RecurrenceSeries {
  const start = fromWallClock(wall, timeZone);
  return { start, end: start + HOUR_MS, rule, timeZone };
}

function days(series: RecurrenceSeries, count: number): RecurrenceInstance[] {
  return expandRecurrence({
    ...series,
    windowStart: series.start,
    windowEnd: series.start + count * DAY_MS - HOUR_MS,
  });
}

function clock(instance: RecurrenceInstance, timeZone: string): string {
  const w = toWallClock(instance.start, timeZone);
  return `${w.month}-${w.day} ${w.hour}:${String(w.minute).padStart(2, '0')}`;
}

function gaps(instances: RecurrenceInstance[]): number[] {
  return instances.slice(1).map((x, i) => (x.start - (instances[i]?.start ?? 0)) / HOUR_MS);
}

describe('recurrence across daylight-saving changes', () => {
  it('keeps 09:00 in Berlin across the 23-hour and the 25-hour day', () => {
    const spring = dailyAt('Europe/Berlin', { year: 2026, month: 3, day: 27, hour: 9 });
    const found = days(spring, 4);
    expect(found.map((i) => clock(i, 'Europe/Berlin'))).toEqual([
      '3-27 9:00',
      '3-28 9:00',
      '3-29 9:00',
      '3-30 9:00',
    ]);
    expect(gaps(found)).toEqual([24, 23, 24]);
    expect(found.every((i) => i.end - i.start === HOUR_MS)).toBe(true);
    const autumn = days(dailyAt('Europe/Berlin', { year: 2026, month: 10, day: 24, hour: 9 }), 3);
    expect(gaps(autumn)).toEqual([25, 24]);
  });

  it('moves a skipped 02:30 forward and reads a repeated 02:30 as the first one', () => {
    const tz = 'Europe/Berlin';
    const spring = days(dailyAt(tz, { year: 2026, month: 3, day: 28, hour: 2, minute: 30 }), 3);
    expect(spring.map((i) => clock(i, tz))).toEqual(['3-28 2:30', '3-29 3:30', '3-30 2:30']);
    const autumn = days(dailyAt(tz, { year: 2026, month: 10, day: 24, hour: 2, minute: 30 }), 3);
    expect(autumn[1]?.start).toBe(Date.UTC(2026, 9, 25, 0, 30)); // 02:30 summer time
    expect(autumn.map((i) => clock(i, tz))).toEqual(['10-24 2:30', '10-25 2:30', '10-26 2:30']);
  });

  it('keeps a weekly Monday 08:15 in New York across both changes', () => {
    const tz = 'America/New_York';
    const weekly: RecurrenceRule = { ...DAILY, freq: 'WEEKLY', byDay: 'MO' };
    const series = dailyAt(tz, { year: 2026, month: 2, day: 23, hour: 8, minute: 15 }, weekly);
    const found = expandRecurrence({
      ...series,
      windowStart: series.start,
      windowEnd: fromWallClock({ year: 2026, month: 11, day: 10 }, tz),
    });
    expect(found).toHaveLength(38);
    expect(
      new Set(
        found.map((i) => toWallClock(i.start, tz).hour * 60 + toWallClock(i.start, tz).minute),
      ),
    ).toEqual(new Set([8 * 60 + 15]));
    expect(new Set(gaps(found))).toEqual(new Set([168, 167, 169]));
  });

  it('repeats exactly every 24 hours in Kolkata, which has no daylight saving', () => {
    const tz = 'Asia/Kolkata';
    const found = days(dailyAt(tz, { year: 2026, month: 3, day: 1, hour: 20, minute: 30 }), 300);
    expect(found).toHaveLength(300);
    expect(new Set(gaps(found))).toEqual(new Set([24]));
    expect(found.every((i) => clock(i, tz).endsWith(' 20:30'))).toBe(true);
  });

  it('follows the 30-minute shift of Lord Howe', () => {
    const tz = 'Australia/Lord_Howe';
    // Daylight saving ends on 5 April 2026 (02:00 back to 01:30) and starts on 4 October 2026.
    const april = days(dailyAt(tz, { year: 2026, month: 4, day: 4, hour: 10 }), 3);
    expect(april.map((i) => clock(i, tz))).toEqual(['4-4 10:00', '4-5 10:00', '4-6 10:00']);
    expect(gaps(april)).toEqual([24.5, 24]);
    const october = days(dailyAt(tz, { year: 2026, month: 10, day: 3, hour: 10 }), 3);
    expect(gaps(october)).toEqual([23.5, 24]);
    // 02:15 does not exist on 4 October: it moves forward by the 30-minute jump.
    const skipped = days(dailyAt(tz, { year: 2026, month: 10, day: 3, hour: 2, minute: 15 }), 3);
    expect(skipped.map((i) => clock(i, tz))).toEqual(['10-3 2:15', '10-4 2:45', '10-5 2:15']);
    // 01:45 happens twice on 5 April: the first, daylight-saving one (UTC+11).
    const repeated = days(dailyAt(tz, { year: 2026, month: 4, day: 4, hour: 1, minute: 45 }), 3);
    expect(repeated[1]?.start).toBe(Date.UTC(2026, 3, 4, 14, 45));
  });

  it('keeps monthly instances on their local day and time across changes', () => {
    const tz = 'America/New_York';
    const monthly = dailyAt(
      tz,
      { year: 2026, month: 1, day: 15, hour: 7, minute: 5 },
      {
        ...DAILY,
        freq: 'MONTHLY',
      },
    );
    const found = expandRecurrence({
      ...monthly,
      windowStart: monthly.start,
      windowEnd: monthly.start + 400 * DAY_MS,
    });
    expect(found).toHaveLength(14);
    expect(found.every((i) => clock(i, tz).endsWith(' 7:05'))).toBe(true);
    expect(found.every((i) => toWallClock(i.start, tz).day === 15)).toBe(true);
    const offsets = new Set(found.map((i) => (i.start % DAY_MS) / MINUTE_MS));
    expect(offsets).toEqual(new Set([12 * 60 + 5, 11 * 60 + 5]));
  });
});
