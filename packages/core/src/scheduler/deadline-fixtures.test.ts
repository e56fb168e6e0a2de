/**
 * Two generated week-long requests (37 and 39 open tasks, most with a deadline) from issue 11,
 * reported as "deadlines missed that could be met". Each has recurring events whose own start
 * falls on a weekday its WEEKLY rule leaves out. Such a start is not an occurrence (instances are
 * exactly the rule's occurrences; docs/events-reminders-categories.md), so it is not busy, and
 * every deadline is met.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expandRecurrence, isRecurring, parseByDay } from '../recurrence/index';
import { toWallClock } from '../time/zone';
import { computeTasksToPlan, planTimeline } from './plan-timeline';
import type { PlanEvent, PlanRequest, PlanResult } from './types';

const fixturePath = fileURLToPath(
  new URL('./fixtures/deadlines-all-meetable.ndjson', import.meta.url),
);
const requests = readFileSync(fixturePath, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as PlanRequest);

/** Whether a WEEKLY rule with a byDay list leaves out the weekday of the event's own start. */
function isStartOffPattern(event: PlanEvent, timeZone: string): boolean {
  const rule = event.recurrenceRule;
  if (!isRecurring(rule) || rule.freq !== 'WEEKLY' || rule.byDay === '') return false;
  const mondayFirst = (toWallClock(event.start, timeZone).weekday + 6) % 7;
  return !parseByDay(rule.byDay).includes(mondayFirst);
}

/** Ids of the deadline tasks whose last planned block ends after the deadline, or not planned. */
function missedDeadlines(request: PlanRequest, result: PlanResult): string[] {
  return computeTasksToPlan(request)
    .filter(({ task }) => task.deadline !== -1)
    .filter(({ task }) => {
      const blocks = result.timeblocks.filter((b) => b.task === task.id);
      const last = blocks[blocks.length - 1];
      const isCut = result.unplanned.some((u) => u.task === task.id);
      return isCut || last === undefined || last.end > task.deadline;
    })
    .map(({ task }) => task.id);
}

describe.each(requests.map((request, i) => [i + 1, request] as const))(
  'issue 11 request %i',
  (_, request) => {
    const offPattern = request.events.filter((e) => isStartOffPattern(e, request.timezone));

    it('has recurring events whose own start is off their weekly pattern', () => {
      expect(offPattern.length).toBeGreaterThan(0);
    });

    it('gives those events no instance on their own start day', () => {
      for (const event of offPattern) {
        const rule = event.recurrenceRule;
        if (!isRecurring(rule)) continue;
        const [first] = expandRecurrence({
          ...event,
          rule,
          timeZone: request.timezone,
          windowStart: event.start,
          windowEnd: request.horizonEnd,
        });
        const day = (ms: number) => toWallClock(ms, request.timezone).day;
        if (first) expect(day(first.start)).not.toBe(day(event.start));
      }
    });

    it('meets every deadline', () => {
      const result = planTimeline(request);
      expect(result.late).toEqual([]);
      expect(result.unplanned).toEqual([]);
      expect(missedDeadlines(request, result)).toEqual([]);
    });
  },
);
