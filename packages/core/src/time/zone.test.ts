import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  atLocalTimeOfDay,
  fromWallClock,
  startOfLocalDay,
  toWallClock,
} from './zone';

describe('zone math', () => {
  it('finds the start of a 23-hour day in Berlin', () => {
    const noon = Date.UTC(2026, 2, 29, 10, 0); // 12:00 CEST on the spring-forward day
    const start = startOfLocalDay(noon, 'Europe/Berlin');
    expect(start).toBe(Date.UTC(2026, 2, 28, 23, 0));
    expect(addLocalDays(start, 1, 'Europe/Berlin') - start).toBe(23 * 3_600_000);
  });

  it('keeps wall-clock time across a 25-hour day in New York', () => {
    const nine = fromWallClock({ year: 2026, month: 10, day: 31, hour: 9 }, 'America/New_York');
    const next = addLocalDays(nine, 1, 'America/New_York');
    expect(toWallClock(next, 'America/New_York').hour).toBe(9);
    expect(next - nine).toBe(25 * 3_600_000);
  });

  it('reads a time of day as wall-clock time on a DST day', () => {
    const day = Date.UTC(2026, 2, 29, 10, 0);
    const six = atLocalTimeOfDay(day, 6 * 3_600_000, 'Europe/Berlin');
    expect(toWallClock(six, 'Europe/Berlin')).toMatchObject({ day: 29, hour: 6, minute: 0 });
  });

  it('handles the half-hour shift of Lord Howe', () => {
    const start = startOfLocalDay(Date.UTC(2026, 3, 5, 3, 0), 'Australia/Lord_Howe');
    expect(addLocalDays(start, 1, 'Australia/Lord_Howe') - start).toBe(24.5 * 3_600_000);
  });
});
