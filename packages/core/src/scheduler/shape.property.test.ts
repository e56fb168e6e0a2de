/**
 * Shape limits on generated instances (docs/design.md, Shape limits): every plan keeps the daily
 * cap, the buffer and the block lengths, from scratch and when re-planning a previous plan, and
 * leaves no more tasks late than the best plan order placed under the same limits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCurrentBlock } from './current-block';
import { computeBusyIntervals, computeFreeIntervals } from './busy-time';
import { intervalsOf } from './stable-test-support';
import { fewestLateOverOrders } from './test-support';
import { expectShapeHolds, shapedInstance } from './shape-test-support';
import { planTimeline } from './plan-timeline';
import { ShapedAxis, existingTaskBlocks, shapeGaps } from './shape';
import type { PlanRequest } from './types';

/** The fewest late tasks over every order of the deadline tasks, placed under the same limits. */
function fewestLateUnderShape(request: PlanRequest): number {
  const gaps = computeFreeIntervals(
    computeBusyIntervals(request, request.horizonEnd),
    request.now,
    request.horizonEnd,
  );
  const shape = request.shape ?? {};
  const axis = new ShapedAxis(
    shapeGaps(gaps, existingTaskBlocks(request), shape, request.timezone),
    shape,
    request.now,
  );
  const current = findCurrentBlock(request.timeblocks, request.now);
  const ahead = (id: string) =>
    request.timeblocks
      .filter((b) => b.task === id && (b.fixed || b === current))
      .reduce((sum, b) => sum + b.end - Math.max(b.start, request.now), 0);
  const jobs = request.tasks
    .filter((t) => t.deadline !== -1)
    .map((t) => ({ left: t.timeScheduled - t.timeFulfilled - ahead(t.id), deadline: t.deadline }))
    .filter((j) => j.left > 0);
  return fewestLateOverOrders(
    jobs,
    request.now,
    (at, job) => {
      const placed = axis.place(at, job.left);
      return placed.unplaced > 0 ? null : placed.end;
    },
    (job) => job.deadline < request.horizonEnd,
  );
}

describe('shape limits', () => {
  it('hold on every plan from scratch, and every minute of work is planned or reported', () => {
    fc.assert(
      fc.property(shapedInstance(false), (request) => {
        const result = planTimeline(request);
        expectShapeHolds(request, result);
        const current = findCurrentBlock(request.timeblocks, request.now);
        for (const task of request.tasks) {
          const ahead = request.timeblocks
            .filter((b) => b.task === task.id && (b.fixed || b === current))
            .reduce((sum, b) => sum + b.end - Math.max(b.start, request.now), 0);
          const planned = (intervalsOf(result.timeblocks).get(task.id) ?? []).reduce(
            (s, b) => s + b.end - b.start,
            0,
          );
          const unplanned = result.unplanned.find((u) => u.task === task.id)?.remaining ?? 0;
          expect(planned + unplanned).toBe(Math.max(0, task.timeScheduled - ahead));
        }
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('hold when re-planning a plan made without them, and every moved task has a reason', () => {
    fc.assert(
      fc.property(shapedInstance(true), (request) => {
        const result = planTimeline(request);
        expectShapeHolds(request, result);
        // The previous block at now, if any, is the current session: it stays in both.
        const current = findCurrentBlock(request.timeblocks, request.now);
        const scratch = planTimeline({
          ...request,
          timeblocks: request.timeblocks.filter((b) => !b.id.startsWith('p') || b === current),
        });
        // Kept blocks can make plans no single plan order makes, so possibly fewer late.
        expect(result.late.length).toBeLessThanOrEqual(scratch.late.length);
        for (const { reason } of result.moved)
          expect(['shape', 'deadline', 'changed', 'busy']).toContain(reason.kind);
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('leave no more tasks late than the best plan order under the same limits', () => {
    const small = shapedInstance(false).filter(
      (r) => r.tasks.filter((t) => t.deadline !== -1).length <= 5,
    );
    fc.assert(
      fc.property(small, (request) => {
        expect(planTimeline(request).late.length).toBe(fewestLateUnderShape(request));
      }),
      { numRuns: 200 },
    );
  }, 30_000);
});
