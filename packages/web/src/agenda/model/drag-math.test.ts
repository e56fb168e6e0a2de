import { MINUTE_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { clampDragDelta, droppedTimes, timeAtY, weekDroppedTimes } from './drag-math';

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

describe('week drag math', () => {
  const DAY = 24 * H;
  // Three day columns, 100 px wide, the day 0:00 to 24:00 from 0 to 1152 px (48 px an hour).
  const columns = [0, 1, 2].map((i) => ({
    left: 60 + i * 100,
    right: 160 + i * 100,
    top: 0,
    bottom: 1152,
    start: i * DAY,
    end: (i + 1) * DAY,
  }));

  it('reads the day from the column under the block and the time from its top edge', () => {
    expect(weekDroppedTimes(columns, { top: 480, centerX: 210 }, 0, H)).toEqual({
      start: DAY + 10 * H,
      end: DAY + 11 * H,
    });
  });

  it('snaps to 5 minutes and takes the nearest column beside the grid', () => {
    // 10:07 snaps to 10:05; left of the first column is the first day.
    const top = (10 * 60 + 7) * (48 / 60);
    expect(weekDroppedTimes(columns, { top, centerX: 10 }, 0, 30 * MINUTE_MS)?.start).toBe(
      10 * H + 5 * MINUTE_MS,
    );
    expect(weekDroppedTimes(columns, { top: 0, centerX: 900 }, 0, H)?.start).toBe(2 * DAY);
  });

  it('moves a block by its box: the part after midnight keeps the start before it', () => {
    // The box of 0:00 to 1:00 belongs to a block that began at 23:00; it is dropped at 8:00.
    expect(weekDroppedTimes(columns, { top: 384, centerX: 210 }, H, 2 * H)).toEqual({
      start: DAY + 7 * H,
      end: DAY + 9 * H,
    });
  });

  it('lands nowhere without columns', () => {
    expect(weekDroppedTimes([], { top: 0, centerX: 0 }, 0, H)).toBeNull();
  });
});
