import { HOUR_MS, MINUTE_MS, planTimeline } from '@planner/core';
import { describe, expect, it } from 'vitest';
import type { PlanningTask } from '../tasks/task';
import { advanceTo, nextTransition } from './advance';
import { completeTask, next, startTaskNow, takeRest, togglePause } from './controls';
import { shuffledOrders } from './shuffle';
import type { Timeblock, TimelineState } from '../plan-store/timeblock';
import {
  currentBlock,
  emptyChanges,
  fulfilledAt,
  NEVER,
  planRequestAt,
  type PlanSettings,
  type TimelineWorld,
} from './world';

// Monday 2026-03-02 09:00 UTC.
const T0 = Date.UTC(2026, 2, 2, 9);

function task(id: string, hours: number, extra: Partial<PlanningTask> = {}): PlanningTask {
  return {
    id,
    timeScheduled: hours * HOUR_MS,
    deadline: -1,
    createdAt: extra.createdAt ?? id.charCodeAt(0),
    order: null,
    isUnconfirmed: false,
    ...extra,
  };
}

function world(tasks: PlanningTask[], state: Partial<TimelineState> = {}): TimelineWorld {
  return {
    state: {
      autoExtend: true,
      isPaused: false,
      shuffleSeed: 0,
      currentBlockId: '',
      advancedAt: T0,
      nextTransitionAt: 0,
      timelineUpdatedAt: T0,
      reminderUpdatedAt: T0,
      hasUnconfirmedTask: false,
      ...state,
    },
    tasks: new Map(tasks.map((t) => [t.id, { ...t }])),
    baseTime: T0,
    baseFulfilled: new Map(),
    blocks: new Map(),
    changes: emptyChanges(),
  };
}

const settings: PlanSettings = {
  timezone: 'UTC',
  autoIdle: { enabled: false, start: 0, end: 0 },
  shape: {},
  agendaLengthDays: 7,
  taskLimit: null,
  events: [],
};

let ids = 0;
const newId = () => `b${++ids}`;

function advance(w: TimelineWorld, now: number, s: PlanSettings = settings): void {
  advanceTo(w, s, now, planTimeline, newId);
}

function current(w: TimelineWorld): Timeblock | undefined {
  return currentBlock(w);
}

describe('advancing the timeline state machine', () => {
  it('makes the first planned block current and stores it', () => {
    const w = world([task('a', 1), task('b', 2)]);
    advance(w, T0 + 10 * MINUTE_MS);
    expect(current(w)).toMatchObject({ taskId: 'a', start: T0, end: T0 + HOUR_MS });
    expect(w.changes.createdBlocks.size).toBe(1);
    expect(fulfilledAt(w, 'a', T0 + 10 * MINUTE_MS)).toBe(10 * MINUTE_MS);
  });

  it('extends a session with no time left by 30 minutes when auto-extend is on', () => {
    const w = world([task('a', 1)]);
    advance(w, T0 + HOUR_MS + MINUTE_MS);
    expect(current(w)).toMatchObject({ taskId: 'a', end: T0 + 90 * MINUTE_MS });
    expect(w.tasks.get('a')?.timeScheduled).toBe(90 * MINUTE_MS);
    expect(w.changes.extended).toBe(true);
    // Several steps at once after a long absence, never beyond 72 hours scheduled.
    advance(w, T0 + 100 * HOUR_MS);
    expect(w.tasks.get('a')?.timeScheduled).toBe(72 * HOUR_MS);
    expect(current(w)).toBeUndefined();
    expect(w.tasks.get('a')?.isUnconfirmed).toBe(true);
  });

  it('ends the session and leaves the task unconfirmed when auto-extend is off', () => {
    const w = world([task('a', 1), task('b', 1)], { autoExtend: false });
    advance(w, T0 + HOUR_MS + 5 * MINUTE_MS);
    expect(w.tasks.get('a')).toMatchObject({ isUnconfirmed: true, timeScheduled: HOUR_MS });
    expect(w.state.hasUnconfirmedTask).toBe(true);
    expect(current(w)).toMatchObject({ taskId: 'b', start: T0 + HOUR_MS });
  });

  it('moves on to the next block after a fragment ends (an event in between)', () => {
    const s: PlanSettings = {
      ...settings,
      events: [
        {
          id: 'e',
          start: T0 + HOUR_MS,
          end: T0 + 2 * HOUR_MS,
          allDay: false,
          travelTop: 0,
          travelBottom: 0,
        },
      ],
    };
    const w = world([task('a', 2)]);
    advance(w, T0 + 90 * MINUTE_MS, s);
    expect(current(w)).toBeUndefined();
    expect(w.tasks.get('a')?.timeScheduled).toBe(2 * HOUR_MS);
    advance(w, T0 + 2 * HOUR_MS + MINUTE_MS, s);
    expect(current(w)).toMatchObject({
      taskId: 'a',
      start: T0 + 2 * HOUR_MS,
      end: T0 + 3 * HOUR_MS,
    });
  });

  it('tracks nothing while paused and plans from now on play', () => {
    const w = world([task('a', 1)]);
    advance(w, T0 + 10 * MINUTE_MS);
    togglePause(w, T0 + 10 * MINUTE_MS);
    expect(w.state.isPaused).toBe(true);
    expect(current(w)).toBeUndefined();
    advance(w, T0 + 3 * HOUR_MS);
    expect(current(w)).toBeUndefined();
    expect(nextTransition(w, planTimeline(planRequestAt(w, settings, T0 + 3 * HOUR_MS)), T0)).toBe(
      NEVER,
    );
    togglePause(w, T0 + 3 * HOUR_MS);
    advance(w, T0 + 3 * HOUR_MS);
    expect(current(w)).toMatchObject({
      taskId: 'a',
      start: T0 + 3 * HOUR_MS,
      end: T0 + 3 * HOUR_MS + 50 * MINUTE_MS,
    });
  });

  it('next starts the following task now; the skipped one keeps its remaining time', () => {
    const w = world([task('a', 1), task('b', 1)]);
    const now = T0 + 20 * MINUTE_MS;
    advance(w, now);
    expect(next(w, settings, now, planTimeline, newId)).toBe(true);
    expect(current(w)).toMatchObject({ taskId: 'b', start: now, end: now + HOUR_MS });
    const plan = planTimeline(planRequestAt(w, settings, now));
    expect(plan.timeblocks[0]).toMatchObject({
      task: 'a',
      start: now + HOUR_MS,
      end: now + HOUR_MS + 40 * MINUTE_MS,
    });
    // With nothing else to go to, next changes nothing.
    const lone = world([task('a', 1)]);
    advance(lone, now);
    expect(next(lone, settings, now, planTimeline, newId)).toBe(false);
    expect(current(lone)?.taskId).toBe('a');
  });

  it('takes a break, then resumes the plan when it ends', () => {
    const w = world([task('a', 2)]);
    advance(w, T0 + 30 * MINUTE_MS);
    takeRest(w, T0 + 30 * MINUTE_MS, HOUR_MS, newId);
    expect(current(w)).toMatchObject({ isRest: true, end: T0 + 90 * MINUTE_MS });
    advance(w, T0 + 95 * MINUTE_MS);
    expect(current(w)).toMatchObject({
      taskId: 'a',
      start: T0 + 90 * MINUTE_MS,
      end: T0 + 180 * MINUTE_MS,
    });
    // Pause during a break is play: the break ends now.
    takeRest(w, T0 + 100 * MINUTE_MS, HOUR_MS, newId);
    togglePause(w, T0 + 110 * MINUTE_MS);
    expect(w.state.isPaused).toBe(false);
    expect(current(w)).toBeUndefined();
  });

  it('do it now and mark done', () => {
    const w = world([task('a', 1), task('b', 1)]);
    const now = T0 + 5 * MINUTE_MS;
    advance(w, now);
    startTaskNow(w, settings, 'b', now, newId);
    expect(current(w)).toMatchObject({ taskId: 'b', start: now });
    completeTask(w, 'b', now + MINUTE_MS);
    expect(current(w)).toBeUndefined();
    expect(w.tasks.has('b')).toBe(false);
    advance(w, now + 2 * MINUTE_MS);
    expect(current(w)).toMatchObject({ taskId: 'a', start: now + MINUTE_MS });
  });

  it('reports the next transition', () => {
    const w = world([task('a', 1)]);
    const planned = planTimeline(planRequestAt(w, settings, T0 - HOUR_MS));
    expect(nextTransition(w, planned, T0 - HOUR_MS)).toBe(T0 - HOUR_MS);
    advance(w, T0 + MINUTE_MS);
    expect(nextTransition(w, planned, T0)).toBe(T0 + HOUR_MS);
  });
});

describe('shuffle', () => {
  it('deals the order keys of tasks without deadlines in a new order', () => {
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((id, i) => task(id, 1, { createdAt: i }));
    tasks.push(task('z', 1, { deadline: 5 }));
    for (const seed of [1, 2, 3, 42]) {
      const orders = shuffledOrders(tasks, seed);
      expect(orders.has('z')).toBe(false);
      expect([...orders.values()].sort()).toEqual([0, 1, 2, 3, 4]);
      const order = [...orders.entries()].sort((x, y) => x[1] - y[1]).map(([id]) => id);
      expect(order).not.toEqual(['a', 'b', 'c', 'd', 'e']);
    }
    expect(shuffledOrders(tasks, 7)).toEqual(shuffledOrders(tasks, 7));
  });
});
