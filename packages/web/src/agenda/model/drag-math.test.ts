import { MINUTE_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { clampDragDelta, droppedTimes, timeAtY } from './drag-math';

const H = 3_600_000;
const spans = [
  { top: 0, bottom: 60, start: 9 * H, end: 10 * H },
  // A day header sits between 60 and 100.
  { top: 100, bottom: 148, start: 10 * H, end: 18 * H },
];

describe('drag math', () => {
  it('reads the time inside the entry under the position', () => {
    expect(timeAtY(spans, 30)).toBe(9.5 * H);
    expect(timeAtY(spans, 124)).toBe(14 * H);
  });

  it('takes the next entry start between entries and clamps at the ends', () => {
    expect(timeAtY(spans, 80)).toBe(10 * H);
    expect(timeAtY(spans, -20)).toBe(9 * H);
    expect(timeAtY(spans, 500)).toBe(18 * H);
    expect(timeAtY([], 10)).toBeNull();
  });

  it('snaps the dropped start to 5 minutes and keeps the length', () => {
    const dropped = droppedTimes(spans, 31, 45 * MINUTE_MS);
    expect(dropped).toEqual({ start: 9.5 * H, end: 9.5 * H + 45 * MINUTE_MS });
  });

  it('keeps the block between 15 % and 85 % of the window height', () => {
    expect(clampDragDelta(400, -390, 1000)).toBe(-250);
    expect(clampDragDelta(400, 600, 1000)).toBe(450);
    expect(clampDragDelta(400, 100, 1000)).toBe(100);
  });
});
