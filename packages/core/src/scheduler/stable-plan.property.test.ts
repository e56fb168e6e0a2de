/**
 * Stable re-plans on generated instances (docs/design.md, Stable re-plans): after each kind of
 * change, only forced moves, each with its reason, and never a late task more than the fewest.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCurrentBlock } from './current-block';
import { planTimeline } from './plan-timeline';
import {
  expectMovedListed,
  expectOnlyForcedMoves,
  intervalsOf,
  previousOf,
  scenarios,
  withoutPrevious,
} from './stable-test-support';
import type { Scenario } from './stable-test-support';
import { MINUTE, referenceFreeMinutes, referenceMinLate } from './test-support';
import type { Interval, PlanResult } from './types';

function expectFewestLate(scenario: Scenario, result: PlanResult): void {
  const scratch = planTimeline(withoutPrevious(scenario.after));
  expect(result.late.length).toBe(scratch.late.length);
}

describe('stable re-plans on roomy instances', () => {
  it('move nothing but what a new event covers and the changed task, each with its reason', () => {
    fc.assert(
      fc.property(scenarios({ isTight: false }, planTimeline), (scenario) => {
        const result = planTimeline(scenario.after);
        expect(result.late).toEqual([]);
        expectMovedListed(scenario, result);
        expectOnlyForcedMoves(scenario, result);
        for (const { reason } of result.moved) expect(reason.kind).not.toBe('deadline');
        if (scenario.kind === 'time') expect(result.moved).toEqual([]);
      }),
      { numRuns: 400 },
    );
  }, 30_000);

  it('keep a lengthened task on its old blocks and a shortened one on their start', () => {
    fc.assert(
      fc.property(scenarios({ isTight: false }, planTimeline, ['lengthen', 'shorten']), (s) => {
        const result = planTimeline(s.after);
        if (s.changedTask === undefined) return;
        const before = previousOf(s.after).get(s.changedTask) ?? [];
        const after = intervalsOf(result.timeblocks).get(s.changedTask) ?? [];
        const covered = (span: Interval) =>
          span.end - span.start < 5 * MINUTE ||
          after.some((a) => a.start <= span.start && a.end >= span.end);
        // A piece under 5 minutes was the task's last and cannot stay one: it may move.
        if (s.kind === 'lengthen') expect(before.every(covered)).toBe(true);
        else if (after.length > 0) expect(after[0]?.start).toBe(before[0]?.start);
      }),
      { numRuns: 200 },
    );
  }, 30_000);
});

describe('stable re-plans on tight instances', () => {
  it('never leave more tasks late than the fewest, and list every move with its reason', () => {
    fc.assert(
      fc.property(scenarios({ isTight: true }, planTimeline), (scenario) => {
        const result = planTimeline(scenario.after);
        expectFewestLate(scenario, result);
        expectMovedListed(scenario, result);
        expectOnlyForcedMoves(scenario, result);
      }),
      { numRuns: 500 },
    );
  }, 30_000);

  it('make room for a new task due soon only by moving tasks due later', () => {
    fc.assert(
      fc.property(scenarios({ isTight: true }, planTimeline, ['addWithDeadline']), (scenario) => {
        const result = planTimeline(scenario.after);
        const { after } = scenario;
        const due = after.tasks.find((t) => t.id === 'new')?.deadline ?? -1;
        const dueNoLater = (id: string) => {
          const deadline = after.tasks.find((t) => t.id === id)?.deadline ?? -1;
          return id !== 'new' && deadline !== -1 && deadline <= due;
        };
        const moved = result.moved.filter(
          ({ task }) => dueNoLater(task) && !result.late.includes(task),
        );
        if (moved.length > 0) {
          // Only when the fewest late need it: pinning the previous blocks of every task due
          // no later than the new one leaves more tasks late.
          const pinned = after.timeblocks.map((b) =>
            b.task !== undefined && dueNoLater(b.task) && b.start >= after.now
              ? { ...b, fixed: true }
              : b,
          );
          const alternative = planTimeline({ ...after, timeblocks: pinned });
          const previous = intervalsOf(
            pinned.flatMap((b) =>
              b.fixed && b.task !== undefined ? [{ ...b, task: b.task }] : [],
            ),
          );
          const pinnedLate = after.tasks.filter((t) => {
            const last = previous.get(t.id)?.at(-1);
            return last !== undefined && t.deadline !== -1 && last.end > t.deadline;
          });
          const lateThen = new Set([...alternative.late, ...pinnedLate.map((t) => t.id)]);
          expect(lateThen.size).toBeGreaterThan(result.late.length);
        }
        expectFewestLate(scenario, result);
      }),
      { numRuns: 500 },
    );
  }, 30_000);

  it('match the brute-force fewest late on small instances', () => {
    fc.assert(
      fc.property(scenarios({ isTight: true }, planTimeline), (scenario) => {
        const { after } = scenario;
        const open = after.tasks.filter((t) => !t.isCompleted && t.deadline !== -1);
        fc.pre(open.length <= 6 && after.timeblocks.every((b) => b.start >= after.now));
        const result = planTimeline(after);
        const current = findCurrentBlock(after.timeblocks, after.now);
        const ahead = (id: string) => (current?.task === id ? current.end - after.now : 0);
        const jobs = open
          .map((t) => ({
            minutes: (t.timeScheduled - t.timeFulfilled - ahead(t.id)) / MINUTE,
            deadlineMinute: (t.deadline - after.now) / MINUTE,
          }))
          .filter((j) => j.minutes > 0);
        const free = referenceFreeMinutes(after);
        const horizonMinute = (after.horizonEnd - after.now) / MINUTE;
        expect(result.late.length).toBe(referenceMinLate(free, jobs, horizonMinute));
      }),
      { numRuns: 200 },
    );
  }, 30_000);
});
