import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS, fromWallClock, toWallClock } from '../time/zone';
import { fromFloating, toFloating, zoneOffsetAt } from './zone-offsets';

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'America/Sao_Paulo',
  'America/Boa_Vista',
  'Africa/Casablanca',
  'Asia/Gaza',
  'Asia/Kathmandu',
  'UTC',
];

function wallAsFloating(instant: number, timeZone: string): number {
  const w = toWallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

const instants = fc.integer({ min: Date.UTC(1975, 0, 1), max: Date.UTC(2060, 0, 1) });
const zones = fc.constantFrom(...ZONES);

describe('zone offsets', () => {
  it('reads the same wall clock as the zone math for any instant', () => {
    fc.assert(
      fc.property(instants, zones, (instant, timeZone) => {
        expect(toFloating(instant, timeZone)).toBe(wallAsFloating(instant, timeZone));
      }),
      { numRuns: 3000 },
    );
  });

  it('round-trips every instant except the second pass of a repeated hour', () => {
    fc.assert(
      fc.property(instants, zones, (instant, timeZone) => {
        const back = fromFloating(toFloating(instant, timeZone), timeZone);
        if (back !== instant) {
          // The same wall-clock time happened earlier: RFC 5545 reads it as the first occurrence.
          expect(back).toBeLessThan(instant);
          expect(toFloating(back, timeZone)).toBe(toFloating(instant, timeZone));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with fromWallClock outside repeated hours', () => {
    fc.assert(
      fc.property(instants, zones, (instant, timeZone) => {
        const floating = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
        const d = new Date(floating);
        const mine = fromFloating(floating, timeZone);
        const theirs = fromWallClock(
          {
            year: d.getUTCFullYear(),
            month: d.getUTCMonth() + 1,
            day: d.getUTCDate(),
            hour: d.getUTCHours(),
            minute: d.getUTCMinutes(),
          },
          timeZone,
        );
        const repeated = toFloating(mine, timeZone) === toFloating(theirs, timeZone);
        if (mine !== theirs) expect(repeated && mine < theirs).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('resolves skipped and repeated wall-clock times as RFC 5545 says', () => {
    const berlin = 'Europe/Berlin';
    // 02:30 on the spring-forward night does not exist: read with the offset before the gap.
    expect(fromFloating(Date.UTC(2026, 2, 29, 2, 30), berlin)).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // 02:30 on the fall-back night happens twice: the first (summer time) one.
    expect(fromFloating(Date.UTC(2026, 9, 25, 2, 30), berlin)).toBe(Date.UTC(2026, 9, 25, 0, 30));
    const ny = 'America/New_York';
    expect(fromFloating(Date.UTC(2026, 10, 1, 1, 30), ny)).toBe(Date.UTC(2026, 10, 1, 5, 30));
    // Lord Howe moves by 30 minutes.
    const lh = 'Australia/Lord_Howe';
    expect(zoneOffsetAt(Date.UTC(2026, 0, 1), lh)).toBe(11 * HOUR_MS);
    expect(zoneOffsetAt(Date.UTC(2026, 6, 1), lh)).toBe(10.5 * HOUR_MS);
    // Samoa skipped 30 December 2011 entirely.
    expect(fromFloating(Date.UTC(2011, 11, 30, 10), 'Pacific/Apia')).toBe(
      Date.UTC(2011, 11, 30, 20),
    );
  });

  it('finds Brazil’s one-week summer time of October 2000', () => {
    const zone = 'America/Boa_Vista';
    expect(zoneOffsetAt(Date.UTC(2000, 9, 12), zone)).toBe(-3 * HOUR_MS);
    expect(zoneOffsetAt(Date.UTC(2000, 9, 1), zone)).toBe(-4 * HOUR_MS);
    expect(zoneOffsetAt(Date.UTC(2000, 9, 20), zone)).toBe(-4 * HOUR_MS);
  });

  it('rejects an unknown zone', () => {
    expect(() => toFloating(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
