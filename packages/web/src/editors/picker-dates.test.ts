import { fromWallClock } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { toPickerDate, withPickedDay, withPickedTime } from './picker-dates';

// Vitest runs the web project in UTC; the person's zone here is another one.
const zone = 'Asia/Kolkata';

describe('picker dates in the person zone', () => {
  it('shows the wall clock of the person zone, not the device zone', () => {
    const ms = fromWallClock({ year: 2025, month: 3, day: 30, hour: 9, minute: 15 }, zone);
    const shown = toPickerDate(ms, zone);
    expect([shown.getDate(), shown.getHours(), shown.getMinutes()]).toEqual([30, 9, 15]);
  });

  it('a picked day keeps the time of day, a picked time keeps the day', () => {
    const ms = fromWallClock({ year: 2025, month: 3, day: 30, hour: 9, minute: 15 }, zone);
    expect(withPickedDay(ms, new Date(2025, 3, 2), zone)).toBe(
      fromWallClock({ year: 2025, month: 4, day: 2, hour: 9, minute: 15 }, zone),
    );
    expect(withPickedTime(ms, new Date(2000, 0, 1, 17, 45), zone)).toBe(
      fromWallClock({ year: 2025, month: 3, day: 30, hour: 17, minute: 45 }, zone),
    );
  });

  it('keeps wall-clock times across a daylight-saving change', () => {
    const berlin = 'Europe/Berlin';
    const before = fromWallClock({ year: 2025, month: 3, day: 29, hour: 10 }, berlin);
    const after = withPickedDay(before, new Date(2025, 2, 31), berlin);
    expect(after).toBe(fromWallClock({ year: 2025, month: 3, day: 31, hour: 10 }, berlin));
  });

  it('ignores an unreadable date', () => {
    expect(withPickedDay(0, new Date(Number.NaN), zone)).toBeNull();
    expect(withPickedTime(0, null, zone)).toBeNull();
  });
});
