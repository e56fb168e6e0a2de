import { HOUR_MS, MINUTE_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import {
  capitalizeFirst,
  formatDate,
  formatDuration,
  formatHour,
  formatTime,
  hour12Of,
} from './format';

const NINE = Date.UTC(2026, 2, 10, 9, 0);

describe('agenda formatting', () => {
  it('follows the timeFormat option', () => {
    expect(hour12Of('12-hour clock')).toBe(true);
    expect(hour12Of('24-hour clock')).toBe(false);
    expect(hour12Of('local')).toBeUndefined();
  });

  it('writes times in 12 or 24 hours in the person zone', () => {
    expect(formatTime(NINE, { tag: 'en', timeZone: 'UTC', hour12: true })).toBe('9:00 AM');
    expect(formatTime(NINE, { tag: 'en', timeZone: 'UTC', hour12: false })).toBe('09:00');
    expect(formatTime(NINE, { tag: 'en', timeZone: 'Asia/Kolkata', hour12: false })).toBe('14:30');
    expect(formatHour(NINE, { tag: 'en', timeZone: 'UTC', hour12: true })).toBe('9 AM');
    expect(formatHour(NINE, { tag: 'en', timeZone: 'UTC', hour12: false })).toBe('09:00');
  });

  it('raises the first letter of a heading date only, as each language writes the rest', () => {
    const long = { weekday: 'long', month: 'long', day: 'numeric' } as const;
    const heading = (tag: string) =>
      capitalizeFirst(formatDate(NINE, { tag, timeZone: 'UTC' }, long), tag);
    expect(heading('es')).toBe('Martes, 10 de marzo');
    expect(heading('fr')).toBe('Mardi 10 mars');
    expect(heading('ru')).toBe('Вторник, 10 марта');
    expect(heading('en')).toBe('Tuesday, March 10');
    expect(heading('ja')).toBe(formatDate(NINE, { tag: 'ja', timeZone: 'UTC' }, long));
    expect(capitalizeFirst('', 'en')).toBe('');
  });

  it('starts the 24-hour day at 00, not 24', () => {
    const halfPastMidnight = Date.UTC(2026, 2, 10, 0, 30);
    const f = { tag: 'en', timeZone: 'UTC', hour12: false };
    expect(formatTime(halfPastMidnight, f)).toBe('00:30');
    expect(formatHour(halfPastMidnight, f)).toBe('00:30');
  });

  it('words durations in their largest two units', () => {
    expect(formatDuration(90 * MINUTE_MS, 'en')).toBe('1 hr 30 min');
    expect(formatDuration(26 * HOUR_MS + 5 * MINUTE_MS, 'en')).toBe('1 day 2 hr');
  });
});
