import { describe, expect, it } from 'vitest';
import { planTimeline } from './plan-timeline';
import { MINUTE, T0, buildBlock, buildRequest, buildTask } from './test-support';
import type { PlanRequest } from './types';

const HOUR = 60 * MINUTE;
const at = (hours: number) => T0 + hours * HOUR;

/**
 * The server's case: rest until 08:00, now just after 07:00 (the settled window reaches 09:00 and
 * a hair), a previous plan Sunday 08-09, Someday 09-10, Later 10-11, and a new one-hour task due
 * at 10:00. Freeing Someday's hour is enough: it is the only task that should move.
 */
function newTaskDueAtTen(): PlanRequest {
  const now = at(7) + 4;
  const previous = [
    buildBlock({ id: 'p1', task: 'sunday', start: at(8), end: at(9) }),
    buildBlock({ id: 'p2', task: 'someday', start: at(9), end: at(10) }),
    buildBlock({ id: 'p3', task: 'later', start: at(10), end: at(11) }),
  ];
  return buildRequest({
    now,
    autoIdle: { enabled: true, start: 22 * HOUR, end: 8 * HOUR },
    tasks: [
      buildTask({ id: 'sunday', deadline: at(24), createdAt: now - 3 }),
      buildTask({ id: 'someday', createdAt: now - 2 }),
      buildTask({ id: 'later', createdAt: now - 1 }),
      buildTask({ id: 'urgent', deadline: at(10), createdAt: now }),
    ],
    timeblocks: previous,
  });
}

describe('a stable re-plan moves the fewest previous blocks', () => {
  it('a new task due inside the settled window displaces only the task without a deadline', () => {
    const result = planTimeline(newTaskDueAtTen());
    expect(result.late).toEqual([]);
    const startOf = (task: string) => result.timeblocks.find((b) => b.task === task)?.start;
    expect(startOf('urgent')).toBe(at(9));
    expect(startOf('sunday')).toBe(at(8));
    expect(startOf('later')).toBe(at(10));
    expect(result.moved?.map((m) => m.task)).toEqual(['someday']);
  });

  it('the same outside the settled window', () => {
    const result = planTimeline({ ...newTaskDueAtTen(), settledUntil: at(7) });
    expect(result.late).toEqual([]);
    expect(result.moved?.map((m) => m.task)).toEqual(['someday']);
  });
});
