import { DAY_MS, fromWallClock, MINUTE_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { collapseEmptyRuns, trendPageDays, type TrendDay } from './trend';

const zone = 'Europe/Berlin';

function days(values: number[]): TrendDay[] {
  return values.map((ms, i) => ({ start: i * DAY_MS, end: (i + 1) * DAY_MS, ms }));
}

describe('the trend pages', () => {
  const now = fromWallClock({ year: 2025, month: 4, day: 10, hour: 9 }, zone);

  it('first shows the 30 local days up to today, oldest first', () => {
    const page = trendPageDays(now, 0, zone);
    expect(page).toHaveLength(30);
    expect(page[29]?.start).toBe(fromWallClock({ year: 2025, month: 4, day: 10 }, zone));
    expect(page[0]?.start).toBe(fromWallClock({ year: 2025, month: 3, day: 12 }, zone));
  });

  it('a day across the switch to summer time is 23 hours long', () => {
    const page = trendPageDays(now, 0, zone);
    const switchDay = page.find(
      (d) => d.start === fromWallClock({ year: 2025, month: 3, day: 30 }, zone),
    );
    expect(switchDay && switchDay.end - switchDay.start).toBe(23 * 60 * MINUTE_MS);
  });

  it('loading more continues right before the first page', () => {
    const first = trendPageDays(now, 0, zone);
    const second = trendPageDays(now, 1, zone);
    expect(second[29]?.end).toBe(first[0]?.start);
  });
});

describe('collapsing empty days', () => {
  it('keeps runs of up to 6 empty days as days', () => {
    const bars = collapseEmptyRuns(days([5, 0, 0, 0, 0, 0, 0, 5]));
    expect(bars.map((b) => b.kind)).toEqual(Array(8).fill('day'));
  });

  it('turns 7 or more empty days into one gap bar, at either end too', () => {
    const bars = collapseEmptyRuns(days([0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(bars.map((b) => (b.kind === 'gap' ? `gap${b.days}` : 'day'))).toEqual([
      'gap7',
      'day',
      'gap8',
    ]);
    const lastGap = bars[2];
    expect(lastGap && [lastGap.start, lastGap.end]).toEqual([8 * DAY_MS, 16 * DAY_MS]);
  });
});
