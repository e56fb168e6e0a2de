/**
 * The controls (docs/design.md, Planning) that the engine decides: what the current block, a pause, a rest,
 * locked blocks, travel time and the auto-idle window do to the plan.
 */
import { describe, expect, it } from 'vitest';
import { findCurrentBlock } from './current-block';
import { planTimeline } from './plan-timeline';
import { MINUTE, T0, buildBlock, buildEvent, buildRequest, buildTask } from './test-support';
import type { PlanResult } from './types';

const HOUR = 60 * MINUTE;
const at = (m: number) => T0 + m * MINUTE;
const rows = (result: PlanResult) =>
  result.timeblocks.map((b) => [b.task, (b.start - T0) / MINUTE, (b.end - T0) / MINUTE]);

const session = buildBlock({ id: 'session', task: 'a', start: at(-10), end: at(20) });
const twoTasks = [
  buildTask({ id: 'a', timeScheduled: HOUR, timeFulfilled: 10 * MINUTE, createdAt: at(-200) }),
  buildTask({ id: 'b', timeScheduled: 30 * MINUTE, createdAt: at(-100) }),
];

describe('the current block', () => {
  it('is the block now falls in', () => {
    const blocks = [
      buildBlock({ id: 'past', start: at(-60), end: at(-10) }),
      session,
      buildBlock({ id: 'next', start: at(20), end: at(40) }),
    ];
    expect(findCurrentBlock(blocks, T0)?.id).toBe('session');
    expect(findCurrentBlock(blocks, at(20))?.id).toBe('next');
    expect(findCurrentBlock(blocks, at(-65))).toBeUndefined();
    // A deleted block (end = start) is never current.
    expect(findCurrentBlock([buildBlock({ id: 'gone', start: T0, end: T0 })], T0)).toBeUndefined();
  });

  it('keeps its time while running: the plan continues after it and counts it as done', () => {
    const result = planTimeline(buildRequest({ tasks: twoTasks, timeblocks: [session] }));
    // a: 60 - 10 fulfilled - 20 still ahead in the session = 30 minutes to plan.
    expect(rows(result)).toEqual([
      ['a', 20, 50],
      ['b', 50, 80],
    ]);
  });

  it('ends when paused: the plan starts at now and nothing of the session is counted ahead', () => {
    const result = planTimeline(
      buildRequest({
        tasks: twoTasks,
        timeblocks: [session],
        state: { isPaused: true, autoExtend: true },
      }),
    );
    expect(rows(result)).toEqual([
      ['a', 0, 50],
      ['b', 50, 80],
    ]);
  });

  it('ignores auto-extend, which the server applies when a session runs out', () => {
    const on = planTimeline(buildRequest({ tasks: twoTasks, timeblocks: [session] }));
    const off = planTimeline(
      buildRequest({
        tasks: twoTasks,
        timeblocks: [session],
        state: { isPaused: false, autoExtend: false },
      }),
    );
    expect(off).toEqual(on);
  });

  it("keeps the previous plan: an old non-fixed future block is its own task's place only", () => {
    const result = planTimeline(
      buildRequest({
        tasks: [
          buildTask({ id: 'a', timeScheduled: 2 * HOUR, createdAt: at(-300) }),
          buildTask({ id: 'b', timeScheduled: 30 * MINUTE }),
        ],
        timeblocks: [buildBlock({ id: 'old-plan', task: 'b', start: at(100), end: at(130) })],
      }),
    );
    // Before stable re-plans the old block held nothing and b went first at [0, 30).
    expect(rows(result)).toEqual([
      ['a', 0, 100],
      ['b', 100, 130],
      ['a', 130, 150],
    ]);
    expect(result.moved).toEqual([]);
  });
});

describe('rests and locked blocks', () => {
  const rest = buildBlock({ id: 'break', isRest: true, start: at(-5), end: at(60) });

  it('treats a rest in progress as busy', () => {
    const result = planTimeline(buildRequest({ tasks: twoTasks, timeblocks: [rest] }));
    expect(rows(result)[0]).toEqual(['a', 60, 110]);
  });

  it('keeps a rest busy while paused too', () => {
    const result = planTimeline(
      buildRequest({
        tasks: twoTasks,
        timeblocks: [rest],
        state: { isPaused: true, autoExtend: true },
      }),
    );
    expect(rows(result)[0]).toEqual(['a', 60, 110]);
  });

  it('plans around locked blocks and counts them toward their task', () => {
    const result = planTimeline(
      buildRequest({
        tasks: twoTasks,
        timeblocks: [
          buildBlock({ id: 'locked', task: 'a', fixed: true, start: at(30), end: at(50) }),
        ],
      }),
    );
    // a: 60 - 10 - 20 locked ahead = 30, placed before the lock; b fills the rest around it.
    expect(rows(result)).toEqual([
      ['a', 0, 30],
      ['b', 50, 80],
    ]);
  });

  it('keeps a locked block that began before now busy to its end, also while paused', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [buildTask({ id: 'b', timeScheduled: 30 * MINUTE })],
        timeblocks: [buildBlock({ id: 'lock', fixed: true, start: at(-30), end: at(15) })],
        state: { isPaused: true, autoExtend: true },
      }),
    );
    expect(rows(result)).toEqual([['b', 15, 45]]);
  });
});

describe('events and travel', () => {
  it('makes the travel time before and after an event busy', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [buildTask({ id: 'a', timeScheduled: 2 * HOUR })],
        events: [
          buildEvent({
            id: 'dentist',
            start: at(60),
            end: at(90),
            travelTop: 20 * MINUTE,
            travelBottom: 15 * MINUTE,
          }),
        ],
      }),
    );
    expect(rows(result)).toEqual([
      ['a', 0, 40],
      ['a', 105, 185],
    ]);
  });

  it('leaves the time of all-day events free', () => {
    const result = planTimeline(
      buildRequest({
        tasks: [buildTask({ id: 'a', timeScheduled: HOUR })],
        events: [buildEvent({ id: 'holiday', allDay: true, start: at(0), end: at(24 * 60) })],
      }),
    );
    expect(rows(result)).toEqual([['a', 0, 60]]);
  });
});

describe('auto-idle', () => {
  const night = { enabled: true, start: 22 * HOUR, end: 6 * HOUR };

  it('keeps the window crossing midnight free of tasks', () => {
    const result = planTimeline(
      buildRequest({
        now: at(21 * 60),
        autoIdle: night,
        tasks: [buildTask({ id: 'a', timeScheduled: 3 * HOUR })],
      }),
    );
    expect(rows(result)).toEqual([
      ['a', 21 * 60, 22 * 60],
      ['a', 30 * 60, 32 * 60],
    ]);
  });

  it('starts after the window when now falls inside it after midnight', () => {
    const result = planTimeline(
      buildRequest({
        now: at(24 * 60 + 2 * 60),
        autoIdle: night,
        tasks: [buildTask({ id: 'a', timeScheduled: HOUR })],
      }),
    );
    expect(rows(result)).toEqual([['a', 30 * 60, 31 * 60]]);
  });

  it('reads a window within one day, and none when disabled', () => {
    const lunch = { enabled: true, start: 12 * HOUR, end: 13 * HOUR };
    const request = buildRequest({
      now: at(11 * 60),
      autoIdle: lunch,
      tasks: [buildTask({ id: 'a', timeScheduled: 2 * HOUR })],
    });
    expect(rows(planTimeline(request))).toEqual([
      ['a', 11 * 60, 12 * 60],
      ['a', 13 * 60, 14 * 60],
    ]);
    const disabled = { ...request, autoIdle: { ...lunch, enabled: false } };
    expect(rows(planTimeline(disabled))).toEqual([['a', 11 * 60, 13 * 60]]);
  });
});
