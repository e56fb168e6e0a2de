import { fromWallClock } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { blockTimes } from './block-times';

const BERLIN = 'Europe/Berlin';
const at = (month: number, day: number, hour: number, minute = 0) =>
  fromWallClock({ year: 2026, month, day, hour, minute }, BERLIN);
const twelve = { tag: 'en', timeZone: BERLIN, hour12: true };

describe('block times', () => {
  it('says the times alone within one day', () => {
    expect(blockTimes({ start: at(12, 10, 9), end: at(12, 10, 10) }, twelve)).toEqual({
      start: '9:00 AM',
      end: '10:00 AM',
    });
  });

  it('says the weekdays of a block that ends on another day', () => {
    const yoga = { start: at(12, 10, 10, 10), end: at(12, 11, 11, 10) };
    expect(blockTimes(yoga, twelve)).toEqual({ start: 'Thu 10:10 AM', end: 'Fri 11:10 AM' });
    expect(blockTimes(yoga, { ...twelve, hour12: false })).toEqual({
      start: 'Thu 10:10',
      end: 'Fri 11:10',
    });
    // Each language orders weekday and time its own way.
    expect(blockTimes(yoga, { tag: 'de', timeZone: BERLIN, hour12: false }).start).toBe(
      'Do., 10:10',
    );
  });

  it('keeps a block that ends at midnight in its day', () => {
    expect(blockTimes({ start: at(12, 10, 23), end: at(12, 11, 0) }, twelve)).toEqual({
      start: '11:00 PM',
      end: '12:00 AM',
    });
  });

  it('says the dates of a block a week or more long, whose weekdays repeat', () => {
    const retreat = { start: at(12, 7, 9), end: at(12, 14, 12) };
    expect(blockTimes(retreat, twelve)).toEqual({
      start: 'Mon, Dec 7, 9:00 AM',
      end: 'Mon, Dec 14, 12:00 PM',
    });
  });
});
