import { fromWallClock } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { shownByDay } from './RepeatPicker';

const zone = 'Europe/Berlin';
// Sunday 22 November 2026, 23:30 in Berlin (already Monday in Tokyo).
const sunday = fromWallClock({ year: 2026, month: 11, day: 22, hour: 23, minute: 30 }, zone);

describe('the weekday buttons of a weekly repeat', () => {
  it('show the start weekday as chosen while byDay is empty (Monday first)', () => {
    expect(shownByDay('', sunday, zone)).toEqual([6]);
    expect(shownByDay('', sunday, 'Asia/Tokyo')).toEqual([0]);
  });

  it('show the chosen days when there are some', () => {
    expect(shownByDay('MO,WE', sunday, zone)).toEqual([0, 2]);
  });
});
