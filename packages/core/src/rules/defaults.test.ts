import { describe, expect, it } from 'vitest';
import { fromWallClock, HOUR_MS, MINUTE_MS, toWallClock } from '../time/zone';
import {
  APP_VERSION,
  blockMergeGapMs,
  datePickerBounds,
  defaultRestMs,
  defaultTaskDeadline,
  defaultTimelineWindow,
  PLANNING_CONSTANTS,
  TIMELINE_API_VERSION,
  timeScheduledOnReopen,
  weekViewWindow,
} from './defaults';

describe('defaultTaskDeadline', () => {
  it('is 23:59 local, 7 days from today', () => {
    const now = fromWallClock(
      { year: 2026, month: 6, day: 1, hour: 10, minute: 17 },
      'Asia/Kolkata',
    );
    const deadline = defaultTaskDeadline(now, 'Asia/Kolkata');
    expect(toWallClock(deadline, 'Asia/Kolkata')).toMatchObject({
      month: 6,
      day: 8,
      hour: 23,
      minute: 59,
      second: 0,
    });
  });

  it('keeps 23:59 across the spring-forward night in Berlin', () => {
    const now = fromWallClock(
      { year: 2026, month: 3, day: 25, hour: 0, minute: 30 },
      'Europe/Berlin',
    );
    const deadline = defaultTaskDeadline(now, 'Europe/Berlin');
    expect(toWallClock(deadline, 'Europe/Berlin')).toMatchObject({
      month: 4,
      day: 1,
      hour: 23,
      minute: 59,
    });
  });

  it('keeps 23:59 across the fall-back night in New York, late in the evening', () => {
    const now = fromWallClock(
      { year: 2026, month: 10, day: 29, hour: 23, minute: 58 },
      'America/New_York',
    );
    const deadline = defaultTaskDeadline(now, 'America/New_York');
    expect(toWallClock(deadline, 'America/New_York')).toMatchObject({
      month: 11,
      day: 5,
      hour: 23,
      minute: 59,
    });
  });

  it('handles the 30-minute shift of Lord Howe', () => {
    const zone = 'Australia/Lord_Howe';
    const now = fromWallClock({ year: 2026, month: 4, day: 1, hour: 12 }, zone);
    expect(toWallClock(defaultTaskDeadline(now, zone), zone)).toMatchObject({
      month: 4,
      day: 8,
      hour: 23,
      minute: 59,
    });
  });
});

describe('rest, reopen and merge defaults', () => {
  it('offers 5 minutes after done, 1 hour elsewhere', () => {
    expect(defaultRestMs(true)).toBe(5 * MINUTE_MS);
    expect(defaultRestMs(false)).toBe(HOUR_MS);
  });

  it('gives a reopened task with nothing scheduled 1 hour', () => {
    expect(timeScheduledOnReopen(0)).toBe(HOUR_MS);
    expect(timeScheduledOnReopen(20 * MINUTE_MS)).toBe(20 * MINUTE_MS);
  });

  it('merges blocks across gaps under 60 s, 9 s in debug', () => {
    expect(blockMergeGapMs(false)).toBe(60_000);
    expect(blockMergeGapMs(true)).toBe(9_000);
  });

  it('carries the versions and the section 9 values', () => {
    expect(APP_VERSION).toBe('1.3.143');
    expect(TIMELINE_API_VERSION).toBe(4);
    expect(PLANNING_CONSTANTS).toMatchObject({
      pollingIntervalMs: 5000,
      doneTasksPageSize: 30,
      restStepMs: 30 * MINUTE_MS,
      autoExtendStepMs: 30 * MINUTE_MS,
      reopenDefaultMs: 30 * MINUTE_MS,
      taskDurationMaxMs: 259_200_000,
      historyEditLimitMs: 24 * HOUR_MS,
      dragSnapMs: 5 * MINUTE_MS,
      appVersion: '1.3.143',
    });
  });
});

describe('windows', () => {
  const zone = 'Europe/Berlin';

  it('loads from the start of yesterday to the end of the 7th day ahead', () => {
    const now = fromWallClock({ year: 2026, month: 3, day: 27, hour: 15 }, zone);
    const { start, end } = defaultTimelineWindow(now, zone);
    expect(toWallClock(start, zone)).toMatchObject({ month: 3, day: 26, hour: 0 });
    expect(toWallClock(end, zone)).toMatchObject({ month: 4, day: 4, hour: 0 });
    expect(end - start).toBe(9 * 24 * HOUR_MS - HOUR_MS);
  });

  it('loads the week view from a week before to two weeks after the week start', () => {
    const weekStart = fromWallClock({ year: 2026, month: 3, day: 23 }, zone);
    const { start, end } = weekViewWindow(weekStart, zone);
    expect(toWallClock(start, zone)).toMatchObject({ month: 3, day: 16, hour: 0 });
    expect(toWallClock(end, zone)).toMatchObject({ month: 4, day: 6, hour: 0 });
  });

  it('bounds date pickers from 90 days back to the end of 2048-12-31', () => {
    const now = fromWallClock({ year: 2026, month: 6, day: 1, hour: 15 }, zone);
    const { start, end } = datePickerBounds(now, zone);
    expect(toWallClock(start, zone)).toMatchObject({ year: 2026, month: 3, day: 3, hour: 0 });
    expect(toWallClock(end, zone)).toMatchObject({
      year: 2048,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
      second: 59,
    });
  });
});
