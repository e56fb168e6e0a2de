import { describe, expect, it } from 'vitest';
import type { Chunk } from '../data/timeline-queries';
import { buildRecurringEvent, buildTask } from '../test-support';
import type { WireContainer, WireEventInstance } from '../types';
import { nextPlanned } from './next-planned';

const H = 3_600_000;
const DAY_START = Date.UTC(2026, 2, 10);
const NOW = DAY_START + 9 * H;

const block = { event: '', fixed: false, locking: '', isRest: false, group: 0, isTravel: false };

const task = (title: string, start: number, locking = ''): WireContainer => ({
  timeblock: {
    ...block,
    id: `planned:${title}:${start}`,
    task: buildTask({ id: title, title }),
    start,
    end: start + H,
    locking,
  },
});

const rest = (start: number): WireContainer => ({
  timeblock: { ...block, id: `rest:${start}`, start, end: start + H, isRest: true },
});

const event = (
  title: string,
  start: number,
  fields: Partial<WireEventInstance> = {},
): WireContainer => {
  const instance = buildRecurringEvent(start, H, { id: title, title, ...fields }).event;
  return {
    timeblock: { ...block, id: `event:${title}`, event: title, start, end: start + H, fixed: true },
    event: instance,
  };
};

const chunk = (start: number, end: number, containers: WireContainer[]): Chunk => ({
  start,
  end,
  containers,
  reminders: [],
});

describe('nextPlanned', () => {
  it('names the earliest task or event after now, across the loaded ranges', () => {
    const chunks = [
      chunk(DAY_START, DAY_START + 12 * H, [task('Done', NOW - 2 * H)]),
      chunk(DAY_START + 12 * H, DAY_START + 24 * H, [task('Emails', NOW + 4 * H)]),
      chunk(DAY_START, DAY_START + 24 * H, [event('Team meeting', NOW + 3.5 * H)]),
    ];
    expect(nextPlanned(chunks, NOW)).toEqual({
      kind: 'item',
      title: 'Team meeting',
      start: NOW + 3.5 * H,
    });
  });

  it('passes over rests, all-day events and tasks beyond the plan’s limits', () => {
    const chunks = [
      chunk(DAY_START, DAY_START + 24 * H, [
        rest(NOW + H),
        event('Holiday', NOW + H, { allDay: true }),
        task('Locked', NOW + 2 * H, 'horizon'),
        task('Emails', NOW + 4 * H),
      ]),
    ];
    expect(nextPlanned(chunks, NOW)).toEqual({ kind: 'item', title: 'Emails', start: NOW + 4 * H });
  });

  it('tells nothing ahead from not knowing what is ahead', () => {
    const today = chunk(DAY_START, DAY_START + 24 * H, [task('Done', NOW - 2 * H)]);
    expect(nextPlanned([today], NOW)).toEqual({ kind: 'nothing' });
    // Past a gap in the loaded time an earlier block may sit in the gap, so the later one is not
    // named; and yet something is planned.
    const later = chunk(DAY_START + 48 * H, DAY_START + 72 * H, [
      task('Later', DAY_START + 50 * H),
    ]);
    expect(nextPlanned([today, later], NOW)).toEqual({ kind: 'unknown' });
    expect(nextPlanned([later], NOW)).toEqual({ kind: 'unknown' });
    expect(nextPlanned([], NOW)).toEqual({ kind: 'unknown' });
  });
});
