import { describe, expect, it } from 'vitest';
import { planTimeline } from './plan-timeline';
import { MINUTE, T0, buildEvent, buildRequest, buildTask } from './test-support';
import type { PlanResult } from './types';

const HOUR = 60 * MINUTE;
/** An instant `m` minutes after T0 (Monday 2026-06-01 00:00 UTC). */
const at = (m: number) => T0 + m * MINUTE;
/** The plan as [task, start minute, end minute] rows, easier to read than instants. */
const rows = (result: PlanResult) =>
  result.timeblocks.map((b) => [b.task, (b.start - T0) / MINUTE, (b.end - T0) / MINUTE]);

describe('planTimeline placement', () => {
  it('plans open tasks back to back from now, oldest first', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [
          buildTask({ id: 'young', timeScheduled: 30 * MINUTE, createdAt: at(-10) }),
          buildTask({ id: 'old', timeScheduled: 45 * MINUTE, createdAt: at(-100) }),
        ],
      }),
    );
    expect(rows(result)).toEqual([
      ['old', 0, 45],
      ['young', 45, 75],
    ]);
    expect(result.unplanned).toEqual([]);
    expect(result.late).toEqual([]);
  });

  it('splits a task across the gaps around an event', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [buildTask({ id: 'a', timeScheduled: 90 * MINUTE })],
        events: [buildEvent({ id: 'meeting', start: at(60), end: at(120) })],
      }),
    );
    expect(rows(result)).toEqual([
      ['a', 0, 60],
      ['a', 120, 150],
    ]);
  });

  it('makes no piece under 5 minutes unless it is the last, and leaves short gaps idle', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [
          buildTask({ id: 'a', timeScheduled: 57 * MINUTE, createdAt: at(-3) }),
          buildTask({ id: 'b', timeScheduled: 20 * MINUTE, createdAt: at(-2) }),
          buildTask({ id: 'c', timeScheduled: 2 * MINUTE, createdAt: at(-1) }),
        ],
        events: [
          buildEvent({ id: 'e1', start: at(60), end: at(64) }),
          buildEvent({ id: 'e2', start: at(68), end: at(90) }),
        ],
      }),
    );
    // After a, 3 minutes are left before e1: b would start with a 3-minute piece, so it starts
    // after e2 (the 4-minute gap between the events is too short to use). c follows b: the
    // plan never goes back to fill the 3 minutes.
    expect(rows(result)).toEqual([
      ['a', 0, 57],
      ['b', 90, 110],
      ['c', 110, 112],
    ]);
  });

  it('lets a task end with a short last piece', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [buildTask({ id: 'a', timeScheduled: 62 * MINUTE })],
        events: [buildEvent({ id: 'e', start: at(60), end: at(90) })],
      }),
    );
    expect(rows(result)).toEqual([
      ['a', 0, 60],
      ['a', 90, 92],
    ]);
  });

  it('does not plan completed tasks or tasks with no time left', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [
          buildTask({ id: 'done', isCompleted: true }),
          buildTask({ id: 'spent', timeScheduled: HOUR, timeFulfilled: HOUR }),
          buildTask({ id: 'over', timeScheduled: HOUR, timeFulfilled: 2 * HOUR }),
          buildTask({ id: 'open', timeScheduled: 10 * MINUTE }),
        ],
      }),
    );
    expect(rows(result)).toEqual([['open', 0, 10]]);
    expect(result.unplanned).toEqual([]);
  });

  it('is deterministic whatever the order of the input lists', () => {
    const tasks = [
      buildTask({ id: 'b', timeScheduled: 20 * MINUTE, createdAt: at(-5) }),
      buildTask({ id: 'a', timeScheduled: 20 * MINUTE, createdAt: at(-5) }),
      buildTask({ id: 'd', timeScheduled: 30 * MINUTE, deadline: at(300) }),
      buildTask({ id: 'c', timeScheduled: 30 * MINUTE, deadline: at(300) }),
    ];
    const events = [
      buildEvent({ id: 'x', start: at(25), end: at(40) }),
      buildEvent({ id: 'y', start: at(70), end: at(75) }),
    ];
    const forward = planTimeline(buildRequest({ tasks, events }));
    const backward = planTimeline(
      buildRequest({ tasks: [...tasks].reverse(), events: [...events].reverse() }),
    );
    expect(backward).toEqual(forward);
    expect(forward.timeblocks.map((b) => b.task)).toEqual(['c', 'c', 'd', 'd', 'a', 'b']);
  });
});

describe('planTimeline ordering', () => {
  it('plans tasks with a deadline first, earliest first', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [
          buildTask({ id: 'free', timeScheduled: 10 * MINUTE, createdAt: at(-1000) }),
          buildTask({ id: 'later', timeScheduled: 10 * MINUTE, deadline: at(600) }),
          buildTask({ id: 'sooner', timeScheduled: 10 * MINUTE, deadline: at(300) }),
        ],
      }),
    );
    expect(result.timeblocks.map((b) => b.task)).toEqual(['sooner', 'later', 'free']);
  });

  it('uses the order key instead of creation time, and the id on ties', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [
          buildTask({ id: 'oldest', timeScheduled: 10 * MINUTE, createdAt: at(-1000) }),
          buildTask({ id: 'moved', timeScheduled: 10 * MINUTE, createdAt: at(-1), order: 0 }),
          buildTask({ id: 'tie-b', timeScheduled: 10 * MINUTE, createdAt: at(-500) }),
          buildTask({ id: 'tie-a', timeScheduled: 10 * MINUTE, createdAt: at(-500) }),
        ],
      }),
    );
    expect(result.timeblocks.map((b) => b.task)).toEqual(['moved', 'oldest', 'tie-a', 'tie-b']);
  });
});

describe('planTimeline deadlines', () => {
  it('keeps as many deadlines as possible and plans the late task after the others', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [
          buildTask({ id: 'big', timeScheduled: 50 * MINUTE, deadline: at(60) }),
          buildTask({ id: 'small1', timeScheduled: 20 * MINUTE, deadline: at(30) }),
          buildTask({ id: 'small2', timeScheduled: 20 * MINUTE, deadline: at(40) }),
          buildTask({ id: 'free', timeScheduled: 10 * MINUTE }),
        ],
      }),
    );
    expect(rows(result)).toEqual([
      ['small1', 0, 20],
      ['small2', 20, 40],
      ['big', 40, 90],
      ['free', 90, 100],
    ]);
    expect(result.late).toEqual(['big']);
  });

  it('reorders deadline tasks when deadline order would waste the end of a gap', () => {
    // In deadline order 'long' ends at 8 and 'short' cannot start with a 2-minute piece, so it
    // would end at 24 (late); planning 'short' first keeps both on time.
    const result = planTimeline(
      buildRequest({
        tasks: [
          buildTask({ id: 'long', timeScheduled: 8 * MINUTE, deadline: at(22) }),
          buildTask({ id: 'short', timeScheduled: 4 * MINUTE, deadline: at(23) }),
        ],
        events: [buildEvent({ id: 'e', start: at(10), end: at(20) })],
      }),
    );
    expect(rows(result)).toEqual([
      ['short', 0, 4],
      ['long', 4, 10],
      ['long', 20, 22],
    ]);
    expect(result.late).toEqual([]);
  });

  it('plans and reports a task whose deadline has already passed', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [
          buildTask({ id: 'overdue', timeScheduled: 30 * MINUTE, deadline: at(-60) }),
          buildTask({ id: 'due', timeScheduled: 30 * MINUTE, deadline: at(30) }),
        ],
      }),
    );
    expect(rows(result)).toEqual([
      ['due', 0, 30],
      ['overdue', 30, 60],
    ]);
    expect(result.late).toEqual(['overdue']);
  });
});

describe('planTimeline limits', () => {
  it('plans only the first tasks in plan order under a task limit', () => {
    const result = planTimeline(
      buildRequest({
        taskLimit: 2,
        tasks: [
          buildTask({ id: 'c', timeScheduled: 10 * MINUTE, createdAt: at(-1) }),
          buildTask({ id: 'b', timeScheduled: 15 * MINUTE, createdAt: at(-2) }),
          buildTask({ id: 'a', timeScheduled: 20 * MINUTE, deadline: at(500) }),
        ],
      }),
    );
    expect(result.timeblocks.map((b) => b.task)).toEqual(['a', 'b']);
    expect(result.unplanned).toEqual([{ task: 'c', remaining: 10 * MINUTE, reason: 'taskLimit' }]);
  });

  it('reports what does not fit before the horizon with the time left over', () => {
    const result = planTimeline(
      buildRequest({
        horizonEnd: at(100),
        tasks: [
          buildTask({ id: 'a', timeScheduled: 60 * MINUTE, createdAt: at(-2) }),
          buildTask({ id: 'b', timeScheduled: 60 * MINUTE, createdAt: at(-1) }),
          buildTask({ id: 'c', timeScheduled: 5 * MINUTE, createdAt: at(0) }),
        ],
      }),
    );
    expect(rows(result)).toEqual([
      ['a', 0, 60],
      ['b', 60, 100],
    ]);
    expect(result.unplanned).toEqual([
      { task: 'b', remaining: 20 * MINUTE, reason: 'horizon' },
      { task: 'c', remaining: 5 * MINUTE, reason: 'horizon' },
    ]);
  });

  it('counts a deadline task cut by the horizon as late when its deadline is before it', () => {
    const result = planTimeline(
      buildRequest({
        horizonEnd: at(60),
        tasks: [
          buildTask({ id: 'soon', timeScheduled: 90 * MINUTE, deadline: at(50) }),
          buildTask({ id: 'far', timeScheduled: 30 * MINUTE, deadline: at(500) }),
        ],
      }),
    );
    expect(rows(result)).toEqual([
      ['far', 0, 30],
      ['soon', 30, 60],
    ]);
    expect(result.unplanned).toEqual([{ task: 'soon', remaining: 60 * MINUTE, reason: 'horizon' }]);
    expect(result.late).toEqual(['soon']);
  });

  it('plans nothing when the horizon is not after now', () => {
    const result = planTimeline(
      buildRequest({ horizonEnd: T0, tasks: [buildTask({ id: 'a', timeScheduled: HOUR })] }),
    );
    expect(result.timeblocks).toEqual([]);
    expect(result.unplanned).toEqual([{ task: 'a', remaining: HOUR, reason: 'horizon' }]);
  });
});
