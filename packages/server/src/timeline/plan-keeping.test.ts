import type { PlanResult } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { decodePlanChanges } from '../plan-store/plan-record';
import type { Timeblock } from '../plan-store/timeblock';
import { defaultTimelineState } from '../plan-store/timeline-state';
import type { PlanningTask } from '../tasks/task';
import {
  keepPlan,
  keptPlanOf,
  keptTimeblocks,
  planFrame,
  presentPlanChanges,
} from './plan-keeping';
import { emptyChanges, type PlanSettings, type TimelineWorld } from './world';

const T = 1_000_000;
const H = 3_600_000;

function task(id: string): PlanningTask {
  return { id, timeScheduled: H, deadline: -1, createdAt: 0, order: null, isUnconfirmed: false };
}

function stored(id: string, taskId: string, start: number, end: number): Timeblock {
  return {
    id,
    taskId,
    eventId: null,
    start,
    end,
    isFixed: false,
    isRest: false,
    createdAt: 0,
    updatedAt: 0,
  };
}

function world(kept: TimelineWorld['keptPlan'], blocks: Timeblock[] = []): TimelineWorld {
  return {
    state: defaultTimelineState(0),
    tasks: new Map(['a', 'b', 'c'].map((id) => [id, task(id)])),
    baseTime: T,
    baseFulfilled: new Map(),
    blocks: new Map(blocks.map((b) => [b.id, b])),
    changes: emptyChanges(),
    keptPlan: kept,
  };
}

const spans = (blocks: { task?: string; start: number; end: number }[]) =>
  blocks.map((b) => [b.task, b.start - T, b.end - T]);

describe('keptTimeblocks', () => {
  it('hands the engine the kept future of open tasks as non-fixed blocks', () => {
    const w = world([
      { task: 'a', start: T - H, end: T - 1 },
      { task: 'b', start: T + H, end: T + 2 * H },
      { task: 'gone', start: T + 2 * H, end: T + 3 * H },
    ]);
    const blocks = keptTimeblocks(w, T);
    expect(spans(blocks)).toEqual([['b', H, 2 * H]]);
    expect(blocks[0]).toMatchObject({ id: `planned:b:${T + H}`, fixed: false, isRest: false });
  });

  it('leaves out what the task’s own stored blocks hold now, and a kept block already begun', () => {
    const w = world(
      [
        { task: 'a', start: T, end: T + H },
        { task: 'b', start: T - H, end: T + H },
        { task: 'c', start: T + H, end: T + 2 * H },
      ],
      [stored('s', 'a', T, T + 30 * 60_000)],
    );
    // a: its first half is the running session (stored); the rest begins after now and stays.
    // b: begun before now: the engine would take it for the running session.
    expect(spans(keptTimeblocks(w, T))).toEqual([
      ['a', 30 * 60_000, H],
      ['c', H, 2 * H],
    ]);
  });

  it('keeps a begun block, cut to now, while paused', () => {
    const w = world([{ task: 'b', start: T - H, end: T + H }]);
    w.state.isPaused = true;
    expect(spans(keptTimeblocks(w, T))).toEqual([['b', 0, H]]);
  });
});

function result(timeblocks: PlanResult['timeblocks'], moved: PlanResult['moved'] = []): PlanResult {
  return { timeblocks, unplanned: [], late: [], moved };
}

const input = (w: TimelineWorld, cause = '') => ({
  world: w,
  frame: 'f',
  now: T,
  cause,
  eventOf: (instance: string) => instance.split(':')[0] ?? '',
});

describe('keepPlan', () => {
  it('keeps a new plan, and the moves with the event and the cause', () => {
    const w = world([
      { task: 'a', start: T + H, end: T + 2 * H },
      { task: 'b', start: T + 2 * H, end: T + 3 * H },
    ]);
    w.state.planCause = 'req-1';
    const plan = result(
      [
        { task: 'b', start: T + 2 * H, end: T + 3 * H },
        { task: 'a', start: T + 3 * H, end: T + 4 * H },
      ],
      [{ task: 'a', reason: { kind: 'busy', event: 'ev:3' } }],
    );
    keepPlan(input(w), plan);
    expect(w.keptPlan).toEqual(plan.timeblocks);
    expect(keptPlanOf(w.state.plannedBlocks, { timezone: 'x', autoIdle: idleOff })).toEqual([]);
    expect(decodePlanChanges(w.state.planChanges)).toEqual({
      at: T,
      moves: [
        {
          task: 'a',
          reason: 'busy',
          event: 'ev',
          byTask: '',
          wasStart: T + H,
          nowStart: T + 3 * H,
        },
      ],
      causeRequest: 'req-1',
    });
    expect(w.state.planCause).toBe('');
  });

  it('prefers the call’s own request id, and leaves the last moves alone when nothing moved', () => {
    const w = world([{ task: 'a', start: T + H, end: T + 2 * H }]);
    w.state.planCause = 'older';
    w.state.planChanges = 'kept';
    keepPlan(input(w, 'mine'), result([{ task: 'a', start: T + H, end: T + 2 * H }]));
    expect(w.state.planChanges).toBe('kept');
    keepPlan(
      input(w, 'mine'),
      result(
        [{ task: 'a', start: T + 2 * H, end: T + 3 * H }],
        [{ task: 'a', reason: { kind: 'deadline', task: 'b' } }],
      ),
    );
    expect(decodePlanChanges(w.state.planChanges)).toMatchObject({
      causeRequest: 'mine',
      moves: [{ task: 'a', reason: 'deadline', byTask: 'b', event: '' }],
    });
  });

  it('forgets the last moves when the day is laid out anew in another zone or rest window', () => {
    const w = world([{ task: 'a', start: T + H, end: T + 2 * H }]);
    keepPlan(
      input(w),
      result(
        [{ task: 'a', start: T + 2 * H, end: T + 3 * H }],
        [{ task: 'a', reason: { kind: 'busy', event: 'ev:1' } }],
      ),
    );
    expect(decodePlanChanges(w.state.planChanges)?.moves).toHaveLength(1);
    // The same frame, nothing moved: the last moves still tell the truth.
    keepPlan(input(w), result([{ task: 'a', start: T + 2 * H, end: T + 3 * H }]));
    expect(decodePlanChanges(w.state.planChanges)?.moves).toHaveLength(1);
    // Another frame (the zone changed): the plan was redrawn, not moved.
    keepPlan({ ...input(w), frame: 'g' }, result([{ task: 'a', start: T + H, end: T + 2 * H }]));
    expect(w.state.planChanges).toBe('');
    expect(presentPlanChanges(w.state)).toEqual({ at: 0, moves: [], causeRequest: '' });
  });

  it('does not count a task placed again where its begun kept block was', () => {
    const w = world([{ task: 'a', start: T, end: T + H }]);
    keepPlan(
      input(w),
      result([{ task: 'a', start: T, end: T + H }], [{ task: 'a', reason: { kind: 'horizon' } }]),
    );
    expect(w.state.planChanges ?? '').toBe('');
  });
});

const idleOff = { enabled: false, start: 0, end: 0 };

describe('planFrame', () => {
  it('lets a kept plan go when the zone or the rest window changed', () => {
    const berlin: Pick<PlanSettings, 'timezone' | 'autoIdle'> = {
      timezone: 'Europe/Berlin',
      autoIdle: { enabled: true, start: 22 * H, end: 8 * H },
    };
    const w = world([]);
    keepPlan(
      { ...input(w), frame: planFrame(berlin) },
      result([{ task: 'a', start: T, end: T + H }]),
    );
    expect(keptPlanOf(w.state.plannedBlocks, berlin)).toHaveLength(1);
    const earlier = { ...berlin, autoIdle: { ...berlin.autoIdle, end: 6 * H } };
    expect(keptPlanOf(w.state.plannedBlocks, earlier)).toEqual([]);
    expect(keptPlanOf(w.state.plannedBlocks, { ...berlin, timezone: 'Asia/Tokyo' })).toEqual([]);
  });
});
