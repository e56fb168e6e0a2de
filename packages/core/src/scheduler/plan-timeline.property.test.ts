import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planTimeline } from './plan-timeline';
import {
  MINUTE,
  T0,
  buildEvent,
  buildRequest,
  buildTask,
  referenceFreeMinutes,
  referenceMinLate,
} from './test-support';
import type { PlanRequest, PlanResult, PlanTask, PlanTimeblock } from './types';

interface Profile {
  maxTasks: number;
  minHorizonMinutes: number;
  maxHorizonMinutes: number;
  /** How far past the horizon a deadline may fall. */
  deadlineSlack: number;
  maxTaskMinutes: number;
  maxEvents: number;
  maxEventMinutes: number;
}

const ROOMY: Profile = {
  maxTasks: 10,
  minHorizonMinutes: 0,
  maxHorizonMinutes: 600,
  deadlineSlack: 60,
  maxTaskMinutes: 150,
  maxEvents: 6,
  maxEventMinutes: 90,
};
/** Few minutes, many short gaps: where the 5-minute rule and deadlines collide. */
const CRAMPED: Profile = {
  maxTasks: 6,
  minHorizonMinutes: 40,
  maxHorizonMinutes: 100,
  deadlineSlack: 0,
  maxTaskMinutes: 25,
  maxEvents: 9,
  maxEventMinutes: 12,
};

/** Random small instances; every time is `now` plus whole minutes so minutes can be checked. */
function instance(profile: Profile): fc.Arbitrary<PlanRequest> {
  const { maxTasks, maxHorizonMinutes } = profile;
  return fc
    .record({
      nowMinute: fc.integer({ min: 0, max: 60 * 24 * 30 }),
      timezone: fc.constantFrom('UTC', 'Asia/Kolkata'),
      horizon: fc.integer({ min: profile.minHorizonMinutes, max: maxHorizonMinutes }),
      idle: fc.record({
        enabled: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
        start: fc.integer({ min: 0, max: 24 * 60 - 1 }),
        end: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      }),
      isPaused: fc.boolean(),
      tasks: fc.array(
        fc.record({
          minutes: fc.integer({ min: 0, max: profile.maxTaskMinutes }),
          fulfilled: fc.integer({ min: 0, max: 40 }),
          deadline: fc.option(
            fc.integer({ min: -30, max: maxHorizonMinutes + profile.deadlineSlack }),
            {
              nil: undefined,
            },
          ),
          created: fc.integer({ min: 0, max: 5 }),
          order: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
          isCompleted: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
        }),
        { maxLength: maxTasks },
      ),
      events: fc.array(
        fc.record({
          at: fc.integer({ min: -60, max: maxHorizonMinutes }),
          length: fc.integer({ min: 0, max: profile.maxEventMinutes }),
          top: fc.constantFrom(0, 0, 5, 15),
          bottom: fc.constantFrom(0, 0, 3, 10),
          allDay: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
        }),
        { maxLength: profile.maxEvents },
      ),
      blocks: fc.array(
        fc.record({
          at: fc.integer({ min: -120, max: maxHorizonMinutes }),
          length: fc.integer({ min: 0, max: 60 }),
          taskIndex: fc.integer({ min: -1, max: maxTasks - 1 }),
          fixed: fc.boolean(),
          isRest: fc.boolean(),
        }),
        { maxLength: 5 },
      ),
      taskLimit: fc.option(fc.integer({ min: 0, max: maxTasks }), { nil: undefined }),
    })
    .map((r) => {
      const now = T0 + r.nowMinute * MINUTE;
      const at = (minutes: number) => now + minutes * MINUTE;
      const tasks: PlanTask[] = r.tasks.map((t, i) => ({
        id: `t${i}`,
        timeScheduled: (t.minutes + t.fulfilled) * MINUTE,
        timeFulfilled: t.fulfilled * MINUTE,
        deadline: t.deadline === undefined ? -1 : Math.max(0, at(t.deadline)),
        createdAt: T0 - t.created * MINUTE,
        isCompleted: t.isCompleted,
        ...(t.order === undefined ? {} : { order: t.order }),
      }));
      // At most one block contains now: the first generated block that does is kept as is,
      // later ones are moved after now.
      let hasCurrent = false;
      const timeblocks: PlanTimeblock[] = r.blocks.map((b, i) => {
        let start = at(b.at);
        const containsNow = start <= now && start + b.length * MINUTE > now;
        if (containsNow && hasCurrent) start = at(1 + Math.abs(b.at));
        hasCurrent ||= containsNow;
        const task = b.taskIndex >= 0 && b.taskIndex < tasks.length ? `t${b.taskIndex}` : undefined;
        return {
          id: `b${i}`,
          start,
          end: start + b.length * MINUTE,
          fixed: b.fixed,
          isRest: b.isRest && task === undefined,
          ...(task === undefined ? {} : { task }),
        };
      });
      return buildRequest({
        now,
        timezone: r.timezone,
        horizonEnd: at(r.horizon),
        autoIdle: {
          enabled: r.idle.enabled,
          start: r.idle.start * MINUTE,
          end: r.idle.end * MINUTE,
        },
        state: { isPaused: r.isPaused, autoExtend: true },
        tasks,
        events: r.events.map((e, i) =>
          buildEvent({
            id: `e${i}`,
            start: at(e.at),
            end: at(e.at + e.length),
            travelTop: e.top * MINUTE,
            travelBottom: e.bottom * MINUTE,
            allDay: e.allDay,
          }),
        ),
        timeblocks,
        ...(r.taskLimit === undefined ? {} : { taskLimit: r.taskLimit }),
      });
    });
}

/**
 * Short gaps between short busy spans, with deadlines set where the free time just covers the
 * work due by then: the instances where planning in deadline order wastes a gap's last minutes
 * and another order keeps one more task on time.
 */
function tightDeadlines(): fc.Arbitrary<PlanRequest> {
  const pattern = fc.array(
    fc.record({ free: fc.integer({ min: 5, max: 20 }), busy: fc.integer({ min: 1, max: 10 }) }),
    { minLength: 2, maxLength: 6 },
  );
  const task = fc.record({
    minutes: fc.integer({ min: 1, max: 20 }),
    deadline: fc.integer({ min: 0, max: 150 }),
    isTight: fc.boolean(),
    slack: fc.integer({ min: 0, max: 4 }),
  });
  return fc
    .record({ pattern, tasks: fc.array(task, { minLength: 2, maxLength: 6 }) })
    .map(({ pattern, tasks }) => {
      const instantOfFreeMinutes = (amount: number) => {
        let left = amount;
        let at = 0;
        for (const p of pattern) {
          if (left <= p.free) return at + left;
          left -= p.free;
          at += p.free + p.busy;
        }
        return at + left;
      };
      let at = 0;
      const events = pattern.map((p, i) => {
        at += p.free;
        const event = buildEvent({
          id: `e${i}`,
          start: T0 + at * MINUTE,
          end: T0 + (at + p.busy) * MINUTE,
        });
        at += p.busy;
        return event;
      });
      let work = 0;
      return buildRequest({
        horizonEnd: T0 + (at + 30) * MINUTE,
        events,
        tasks: tasks.map((t, i) => {
          work += t.minutes;
          const deadline = t.isTight ? instantOfFreeMinutes(work) + t.slack : t.deadline;
          return buildTask({
            id: `t${i}`,
            timeScheduled: t.minutes * MINUTE,
            deadline: T0 + deadline * MINUTE,
          });
        }),
      });
    });
}

/** Remaining time per open task, computed the long way round. */
function expectedRemaining(request: PlanRequest): Map<string, number> {
  const current = request.timeblocks.find((b) => b.start <= request.now && request.now < b.end);
  const remaining = new Map<string, number>();
  for (const task of request.tasks) {
    if (task.isCompleted) continue;
    let left = task.timeScheduled - task.timeFulfilled;
    for (const b of request.timeblocks) {
      const kept = b.fixed || b.isRest || (b === current && !request.state.isPaused);
      if (b.task === task.id && kept && !b.isRest) {
        left -= Math.max(0, b.end - Math.max(b.start, request.now));
      }
    }
    if (left > 0) remaining.set(task.id, left);
  }
  return remaining;
}

/** The plan's late count equals the minimum over every order of the deadline tasks. */
function expectFewestLate(request: PlanRequest): void {
  const result = planTimeline(request);
  const remaining = expectedRemaining(request);
  const jobs = request.tasks
    .filter((t) => t.deadline !== -1 && remaining.has(t.id))
    .map((t) => ({
      minutes: (remaining.get(t.id) as number) / MINUTE,
      deadlineMinute: (t.deadline - request.now) / MINUTE,
    }));
  const horizonMinute = (request.horizonEnd - request.now) / MINUTE;
  const free = referenceFreeMinutes(request);
  expect(result.late.length).toBe(referenceMinLate(free, jobs, horizonMinute));
}

function blocksOf(result: PlanResult, taskId: string) {
  return result.timeblocks.filter((b) => b.task === taskId);
}

describe('planTimeline invariants on random instances', () => {
  it('never plans over busy time, before now, past the horizon or twice in one minute', () => {
    fc.assert(
      fc.property(instance(ROOMY), (request) => {
        const result = planTimeline(request);
        const free = referenceFreeMinutes(request);
        const used = free.map(() => false);
        let previousStart = -Infinity;
        for (const block of result.timeblocks) {
          expect(block.start).toBeGreaterThanOrEqual(previousStart);
          previousStart = block.start;
          expect(block.start).toBeGreaterThanOrEqual(request.now);
          expect(block.end).toBeLessThanOrEqual(request.horizonEnd);
          expect(block.end).toBeGreaterThan(block.start);
          for (let t = block.start; t < block.end; t += MINUTE) {
            const minute = (t - request.now) / MINUTE;
            expect(free[minute], `minute ${minute} is busy or too short a gap`).toBe(true);
            expect(used[minute], `minute ${minute} is planned twice`).toBe(false);
            used[minute] = true;
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('plans or reports every minute of remaining time, and keeps the 5-minute rule', () => {
    fc.assert(
      fc.property(instance(ROOMY), (request) => {
        const result = planTimeline(request);
        const remaining = expectedRemaining(request);
        const reported = new Set(result.unplanned.map((u) => u.task));
        expect(reported.size).toBe(result.unplanned.length);
        for (const task of request.tasks) {
          const blocks = blocksOf(result, task.id);
          const planned = blocks.reduce((sum, b) => sum + (b.end - b.start), 0);
          const unplanned = result.unplanned.find((u) => u.task === task.id);
          expect(planned + (unplanned?.remaining ?? 0)).toBe(remaining.get(task.id) ?? 0);
          if (unplanned?.reason === 'taskLimit') expect(blocks).toEqual([]);
          const isCut = unplanned !== undefined;
          blocks.forEach((b, i) => {
            const isLastPiece = i === blocks.length - 1 && !isCut;
            if (!isLastPiece) expect(b.end - b.start).toBeGreaterThanOrEqual(5 * MINUTE);
          });
        }
        const tracked = new Set(result.timeblocks.map((b) => b.task));
        for (const u of result.unplanned) if (u.reason === 'horizon') tracked.add(u.task);
        expect(tracked.size).toBeLessThanOrEqual(request.taskLimit ?? Infinity);
      }),
      { numRuns: 300 },
    );
  });

  it('reports exactly the tasks that finish after their deadline', () => {
    fc.assert(
      fc.property(instance(ROOMY), (request) => {
        const result = planTimeline(request);
        const expected = request.tasks
          .filter((task) => {
            if (task.deadline === -1) return false;
            const blocks = blocksOf(result, task.id);
            const unplanned = result.unplanned.find((u) => u.task === task.id);
            if (unplanned?.reason === 'taskLimit') return false;
            if (unplanned) return task.deadline < request.horizonEnd;
            const last = blocks[blocks.length - 1];
            return last !== undefined && last.end > task.deadline;
          })
          .map((t) => t.id);
        expect([...result.late].sort()).toEqual(expected.sort());
      }),
      { numRuns: 300 },
    );
  });

  it('makes no more tasks late than the best order found by brute force', () => {
    const small = fc.oneof(instance(CRAMPED), instance({ ...ROOMY, maxTasks: 6 })).map((r) => {
      const { taskLimit: _ignored, ...request } = r;
      return request;
    });
    fc.assert(fc.property(small, expectFewestLate), { numRuns: 400 });
  });

  it('keeps the fewest tasks late when deadlines are tight around short gaps', () => {
    fc.assert(fc.property(tightDeadlines(), expectFewestLate), { numRuns: 1000 });
  });
});
