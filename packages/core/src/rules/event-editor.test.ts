import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../time/zone';
import {
  addNotification,
  canAddNotification,
  clampPreparationMinutes,
  defaultNewEventTimes,
  isLongEvent,
  nextNotificationOffset,
  preparationMinutes,
  preparationMs,
  withEventEnd,
  withEventStart,
} from './event-editor';

const t0 = Date.UTC(2026, 5, 1, 9);
const times = { start: t0, end: t0 + 2 * HOUR_MS };

describe('event start and end', () => {
  it('keeps the end when the start stays before it', () => {
    expect(withEventStart(times, times.end - 1)).toEqual({ start: times.end - 1, end: times.end });
  });

  it('pushes the end to start + 1 h when the start reaches or passes it', () => {
    expect(withEventStart(times, times.end)).toEqual({
      start: times.end,
      end: times.end + HOUR_MS,
    });
    const late = times.end + 5 * HOUR_MS;
    expect(withEventStart(times, late)).toEqual({ start: late, end: late + HOUR_MS });
  });

  it('keeps the start when the end stays after it', () => {
    expect(withEventEnd(times, t0 + 1)).toEqual({ start: t0, end: t0 + 1 });
  });

  it('pulls the start to end - 1 h when the end reaches or passes it', () => {
    expect(withEventEnd(times, t0)).toEqual({ start: t0 - HOUR_MS, end: t0 });
    expect(withEventEnd(times, t0 - HOUR_MS)).toEqual({
      start: t0 - 2 * HOUR_MS,
      end: t0 - HOUR_MS,
    });
  });
});

describe('defaultNewEventTimes', () => {
  it('starts 90 and ends 120 minutes after now rounded up to 5 minutes', () => {
    const now = Date.UTC(2026, 5, 1, 14, 2, 13);
    const base = Date.UTC(2026, 5, 1, 14, 5);
    expect(defaultNewEventTimes(now)).toEqual({
      start: base + 90 * MINUTE_MS,
      end: base + 120 * MINUTE_MS,
    });
  });

  it('does not round a time already on a 5-minute mark', () => {
    const now = Date.UTC(2026, 5, 1, 14, 5);
    expect(defaultNewEventTimes(now).start).toBe(now + 90 * MINUTE_MS);
  });
});

describe('isLongEvent', () => {
  it('warns from 24 h, never for all-day events', () => {
    expect(isLongEvent({ start: t0, end: t0 + 24 * HOUR_MS - 1, allDay: false })).toBe(false);
    expect(isLongEvent({ start: t0, end: t0 + 24 * HOUR_MS, allDay: false })).toBe(true);
    expect(isLongEvent({ start: t0, end: t0 + 48 * HOUR_MS, allDay: true })).toBe(false);
  });
});

describe('notifications', () => {
  const m = MINUTE_MS;

  it('tries 15, 30, 60, 90, 120 minutes in order, first unused, else 0', () => {
    expect(nextNotificationOffset([])).toBe(15 * m);
    expect(nextNotificationOffset([15 * m])).toBe(30 * m);
    expect(nextNotificationOffset([30 * m, 15 * m, 0])).toBe(60 * m);
    expect(nextNotificationOffset([15 * m, 30 * m, 60 * m, 90 * m, 120 * m])).toBe(0);
  });

  it('allows at most 5', () => {
    let offsets: number[] = [];
    for (let i = 0; i < 7; i++) offsets = addNotification(offsets);
    expect(offsets).toEqual([15 * m, 30 * m, 60 * m, 90 * m, 120 * m]);
    expect(canAddNotification(offsets)).toBe(false);
    expect(canAddNotification(offsets.slice(1))).toBe(true);
    expect(addNotification([0, 5 * m, 15 * m, 30 * m])).toEqual([0, 5 * m, 15 * m, 30 * m, 60 * m]);
  });
});

describe('preparation minutes', () => {
  it('is at least 0, in steps of 5', () => {
    expect(clampPreparationMinutes(-10)).toBe(0);
    expect(clampPreparationMinutes(0)).toBe(0);
    expect(clampPreparationMinutes(7)).toBe(5);
    expect(clampPreparationMinutes(8)).toBe(10);
    expect(clampPreparationMinutes(Number.NaN)).toBe(0);
    expect(clampPreparationMinutes(1e9)).toBe(24 * 60);
  });

  it('converts to and from the stored milliseconds', () => {
    expect(preparationMs(15)).toBe(15 * MINUTE_MS);
    expect(preparationMinutes(30 * MINUTE_MS)).toBe(30);
  });
});
