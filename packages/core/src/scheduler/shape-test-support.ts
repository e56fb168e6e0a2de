/** Checks that a plan keeps the shape limits, for the shape property tests and the CLI test. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { fromFloating, toFloating } from '../recurrence/index';
import { DAY_MS } from '../time/zone';
import { findCurrentBlock } from './current-block';
import { intervalsOf } from './stable-test-support';
import { planTimeline } from './plan-timeline';
import { MINUTE, T0, buildBlock, buildEvent, buildRequest, buildTask } from './test-support';
import type { Interval, PlanRequest, PlanResult, PlanShape } from './types';

function dayOf(instant: number, timeZone: string): number {
  return Math.floor(toFloating(instant, timeZone) / DAY_MS);
}

/** Task time per local day, walking each block across midnights. */
function perDay(blocks: readonly Interval[], timeZone: string): Map<number, number> {
  const used = new Map<number, number>();
  for (const b of blocks) {
    for (let start = b.start; start < b.end;) {
      const day = dayOf(start, timeZone);
      const end = Math.min(b.end, fromFloating((day + 1) * DAY_MS, timeZone));
      used.set(day, (used.get(day) ?? 0) + end - start);
      start = end;
    }
  }
  return used;
}

/** The task blocks already there: kept ones whole, history up to now. */
function existingOf(request: PlanRequest): Interval[] {
  const current = findCurrentBlock(request.timeblocks, request.now);
  return request.timeblocks.flatMap((b) => {
    if (b.task === undefined) return [];
    const kept = b.fixed || (b === current && !request.state.isPaused);
    const end = kept ? b.end : Math.min(b.end, request.now);
    return end > b.start ? [{ start: b.start, end }] : [];
  });
}

export function expectShapeHolds(request: PlanRequest, result: PlanResult): void {
  const shape = request.shape ?? {};
  const byTask = intervalsOf(result.timeblocks);
  const cut = new Set(result.unplanned.map((u) => u.task));
  const planned = [...byTask.entries()].flatMap(([task, list]) =>
    list.map((span, i) => ({ ...span, task, isLast: i === list.length - 1 && !cut.has(task) })),
  );
  for (const block of planned) {
    const length = block.end - block.start;
    if (shape.maxBlock !== undefined) expect(length).toBeLessThanOrEqual(shape.maxBlock);
    if (!block.isLast)
      expect(length).toBeGreaterThanOrEqual(Math.max(5 * MINUTE, shape.minBlock ?? 0));
  }
  const existing = existingOf(request);
  const all = [
    ...planned.map((b) => ({ ...b, isPlanned: true })),
    ...existing.map((b) => ({ ...b, isPlanned: false })),
  ].sort((a, b) => a.start - b.start);
  for (let i = 1; i < all.length; i += 1) {
    const before = all[i - 1] as (typeof all)[number];
    const after = all[i] as (typeof all)[number];
    if (!before.isPlanned && !after.isPlanned) continue;
    expect(after.start - before.end, 'time between two task blocks').toBeGreaterThanOrEqual(
      shape.buffer ?? 0,
    );
  }
  if (shape.dailyTaskCap !== undefined) {
    const before = perDay(existing, request.timezone);
    const plannedPerDay = perDay(planned, request.timezone);
    for (const [day, time] of plannedPerDay) {
      expect(time + (before.get(day) ?? 0), `task time on day ${day}`).toBeLessThanOrEqual(
        Math.max(shape.dailyTaskCap, before.get(day) ?? 0),
      );
      if ((before.get(day) ?? 0) >= shape.dailyTaskCap) expect(time).toBe(0);
    }
  }
}

/** Generated requests with shape limits; with `withPrevious`, a previous plan made without them. */
export function shapedInstance(withPrevious: boolean): fc.Arbitrary<PlanRequest> {
  const minutes = (min: number, max: number) => fc.integer({ min, max }).map((m) => m * MINUTE);
  return fc
    .record({
      nowMinute: fc.integer({ min: 0, max: 60 * 24 * 7 }),
      timezone: fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York'),
      horizonMinutes: fc.integer({ min: 60, max: 3 * 24 * 60 }),
      tasks: fc.array(
        fc.record({
          minutes: fc.integer({ min: 1, max: 240 }),
          deadline: fc.option(fc.integer({ min: 0, max: 2 * 24 * 60 }), { nil: undefined }),
          created: fc.integer({ min: 0, max: 30 }),
        }),
        { minLength: 1, maxLength: 7 },
      ),
      events: fc.array(
        fc.record({
          at: fc.integer({ min: -30, max: 2 * 24 * 60 }),
          length: fc.integer({ min: 1, max: 120 }),
        }),
        { maxLength: 6 },
      ),
      current: fc.option(
        fc.record({
          task: fc.nat(),
          before: fc.integer({ min: 1, max: 60 }),
          after: fc.integer({ min: 1, max: 60 }),
        }),
        { nil: undefined },
      ),
      fixed: fc.option(
        fc.record({
          task: fc.nat(),
          at: fc.integer({ min: 0, max: 600 }),
          length: fc.integer({ min: 5, max: 90 }),
        }),
        { nil: undefined },
      ),
      shape: fc.record(
        {
          dailyTaskCap: minutes(0, 600),
          buffer: minutes(0, 30),
          minBlock: minutes(0, 60),
          maxBlock: minutes(5, 150),
        },
        { requiredKeys: [] },
      ),
      settledMinutes: fc.integer({ min: 0, max: 240 }),
    })
    .map((r) => {
      const now = T0 + r.nowMinute * MINUTE;
      const at = (m: number) => now + m * MINUTE;
      const shape: PlanShape = { ...r.shape };
      if (shape.maxBlock !== undefined && shape.minBlock !== undefined)
        shape.maxBlock = Math.max(shape.maxBlock, shape.minBlock, 5 * MINUTE);
      const tasks = r.tasks.map((t, i) =>
        buildTask({
          id: `t${i}`,
          timeScheduled: t.minutes * MINUTE,
          deadline: t.deadline === undefined ? -1 : at(t.deadline),
          createdAt: T0 - t.created * MINUTE,
        }),
      );
      const timeblocks = [];
      if (r.current !== undefined) {
        const task = `t${r.current.task % tasks.length}`;
        timeblocks.push(
          buildBlock({
            id: 'current',
            task,
            start: at(-r.current.before),
            end: at(r.current.after),
          }),
        );
      }
      if (r.fixed !== undefined) {
        const task = `t${r.fixed.task % tasks.length}`;
        const start = at(Math.max(r.fixed.at, r.current?.after ?? 0));
        timeblocks.push(
          buildBlock({
            id: 'fixed',
            task,
            fixed: true,
            start,
            end: start + r.fixed.length * MINUTE,
          }),
        );
      }
      const base = buildRequest({
        now,
        timezone: r.timezone,
        horizonEnd: at(r.horizonMinutes),
        tasks,
        events: r.events.map((e, i) =>
          buildEvent({ id: `e${i}`, start: at(e.at), end: at(e.at + e.length) }),
        ),
        timeblocks,
      });
      if (!withPrevious) return { ...base, shape };
      // The previous plan was made without limits; the person has just set them.
      const previous = planTimeline(base).timeblocks.map((b, i) =>
        buildBlock({ id: `p${i}`, task: b.task, start: b.start, end: b.end }),
      );
      return {
        ...base,
        shape,
        settledUntil: at(r.settledMinutes),
        timeblocks: [...timeblocks, ...previous],
      };
    });
}
