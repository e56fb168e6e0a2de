import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WireContainer } from '../agenda/types';
import {
  createScheduler,
  MAX_LOCAL_NOTIFICATIONS,
  notificationCategories,
  notificationId,
  planLocalNotifications,
  SCHEDULE_DEBOUNCE_MS,
  type PlanInput,
} from './local-notifications';

const MIN = 60_000;
const HOUR = 60 * MIN;
// 29 March 2026: Berlin moves from 02:00 CET to 03:00 CEST.
const DST_MIDNIGHT = Date.UTC(2026, 2, 28, 23); // 00:00 in Berlin
const at = (berlinHour: number, minute = 0) =>
  // Before 02:00 Berlin is UTC+1, from 03:00 UTC+2.
  DST_MIDNIGHT + (berlinHour < 2 ? berlinHour : berlinHour - 1) * HOUR + minute * MIN;

const t = (key: string, values?: Record<string, string>) =>
  `${key}${values ? ` ${JSON.stringify(values)}` : ''}`;

function taskBlock(
  id: string,
  title: string,
  start: number,
  end: number,
  fixed = false,
): WireContainer {
  return {
    timeblock: {
      id,
      task: { id: `task-${id}`, title, category: { color: '#4CAF50' } },
      event: '',
      start,
      end,
      fixed,
      locking: '',
      isRest: false,
      group: 0,
      isTravel: false,
    },
  } as unknown as WireContainer;
}

function eventBlock(id: string, title: string, start: number, end: number, offsets: number[]) {
  return {
    timeblock: { id: `b-${id}`, event: id, start, end, fixed: true, locking: '', isRest: false },
    event: { id, title, start, end, notifications: offsets, category: { color: '#2196F3' } },
  } as unknown as WireContainer;
}

const base: PlanInput = {
  containers: [],
  now: DST_MIDNIGHT,
  timeZone: 'Europe/Berlin',
  tag: 'en-GB',
  hour12: false,
  taskNotificationEnabled: true,
  taskNotificationOffset: 10 * MIN,
  t,
};

describe('local notifications planned from the timeline', () => {
  it('plans the task up next, the long-session and near-end alerts across the DST change', () => {
    const plan = planLocalNotifications({
      ...base,
      // 01:00-04:00 Berlin is two real hours (02:00-03:00 does not exist that night).
      containers: [taskBlock('a', 'Write report', at(1), at(5))],
    });
    expect(plan.map((n) => [n.kind, n.category, n.time, n.content])).toEqual([
      ['task', 'taskUpNext', at(0, 50), 'taskUpNext.content {"time":"01:00","previous":""}'],
      ['task', 'longTimeblock', at(4), 'longTimeblock.content'],
      ['task', 'timeblockNearEnd', at(4, 57), 'timeblockNearEnd.content {"time":"05:00"}'],
    ]);
    expect(at(5) - at(1)).toBe(3 * HOUR);
    expect(plan[0]).toMatchObject({
      title: 'taskUpNext.title {"title":"Write report"}',
      color: '#4CAF50',
      route: `/agenda/day/${at(1)}`,
    });
  });

  it('names the category after a task when the previous block is a task', () => {
    const plan = planLocalNotifications({
      ...base,
      containers: [
        taskBlock('a', 'Write report', at(8), at(9), true),
        taskBlock('b', 'Read mail', at(9), at(10), true),
        eventBlock('e', 'Lunch', at(10), at(11), []),
        taskBlock('c', 'Call Ann', at(11), at(12), true),
      ],
    });
    expect(plan.map((n) => [n.category, n.time])).toEqual([
      ['taskUpNext', at(7, 50)],
      ['taskUpNextAfterTask', at(8, 50)],
      ['taskUpNext', at(10, 50)],
    ]);
    expect(plan[1]?.content).toBe(
      'taskUpNextAfterTask.content {"time":"09:00","previous":"Write report"}',
    );
  });

  it('plans events at each of their offsets, and no task notice when those are off', () => {
    const plan = planLocalNotifications({
      ...base,
      taskNotificationEnabled: false,
      containers: [
        eventBlock('e', 'Dentist', at(9), at(10), [0, 15 * MIN]),
        taskBlock('a', 'Write report', at(10), at(11), true),
      ],
    });
    expect(plan.map((n) => [n.kind, n.category, n.time, n.title])).toEqual([
      ['event', undefined, at(8, 45), 'Dentist'],
      ['event', undefined, at(9), 'Dentist'],
    ]);
  });

  it('leaves out rest, unplanned (locked out) and past notifications', () => {
    const rest = taskBlock('r', 'Rest', at(9), at(10));
    (rest.timeblock as { isRest: boolean }).isRest = true;
    const beyond = taskBlock('h', 'Beyond horizon', at(9), at(10), true);
    (beyond.timeblock as { locking: string }).locking = 'horizon';
    const plan = planLocalNotifications({
      ...base,
      now: at(9, 55),
      containers: [rest, beyond, taskBlock('p', 'Now', at(9), at(10))],
    });
    expect(plan.map((n) => n.category)).toEqual(['timeblockNearEnd']);
  });

  it('keeps the 30 soonest', () => {
    const containers = Array.from({ length: 40 }, (_, i) =>
      eventBlock(`e${i}`, `Event ${i}`, at(3) + i * HOUR, at(3) + i * HOUR + 30 * MIN, [0]),
    ).reverse();
    const plan = planLocalNotifications({ ...base, containers });
    expect(plan).toHaveLength(MAX_LOCAL_NOTIFICATIONS);
    expect(plan[0]?.title).toBe('Event 0');
    expect(plan.at(-1)?.title).toBe('Event 29');
  });

  it('builds ids from instance, timestamp and kind: stable, distinct, positive 31-bit', () => {
    const id = notificationId('block-1', 1_774_771_800_000, 'task');
    expect(notificationId('block-1', 1_774_771_800_000, 'task')).toBe(id);
    expect(notificationId('block-1', 1_774_771_800_000, 'event')).not.toBe(id);
    expect(notificationId('block-1', 1_774_771_860_000, 'task')).not.toBe(id);
    expect(notificationId('block-2', 1_774_771_800_000, 'task')).not.toBe(id);
    const ids = new Set(
      Array.from({ length: 2000 }, (_, i) =>
        notificationId(`b${i}`, 1_774_771_800_000 + i, 'task'),
      ),
    );
    expect(ids.size).toBe(2000);
    for (const value of ids) expect(value > 0 && value <= 0x7fffffff).toBe(true);
  });

  it('registers the four categories with the three actions', () => {
    expect(notificationCategories(t)).toEqual([
      {
        id: 'taskUpNext',
        actions: [
          { id: 'startNow', title: 'actions.startNow' },
          { id: 'takeBreak', title: 'actions.takeBreak' },
        ],
      },
      {
        id: 'taskUpNextAfterTask',
        actions: [
          { id: 'moreTime', title: 'actions.moreTime' },
          { id: 'takeBreak', title: 'actions.takeBreak' },
        ],
      },
      {
        id: 'longTimeblock',
        actions: [
          { id: 'takeBreak', title: 'actions.takeBreak' },
          { id: 'moreTime', title: 'actions.moreTime' },
        ],
      },
      {
        id: 'timeblockNearEnd',
        actions: [
          { id: 'moreTime', title: 'actions.moreTime' },
          { id: 'startNow', title: 'actions.startNow' },
        ],
      },
    ]);
  });
});

describe('the scheduling debounce', () => {
  afterEach(() => vi.useRealTimers());

  it('schedules once, 2 s after the last change', async () => {
    vi.useFakeTimers();
    const schedule = vi.fn(() => Promise.resolve());
    const clear = vi.fn(() => Promise.resolve());
    const scheduler = createScheduler({ schedule, clear, onError: vi.fn() });
    scheduler.request();
    await vi.advanceTimersByTimeAsync(1500);
    scheduler.request();
    await vi.advanceTimersByTimeAsync(SCHEDULE_DEBOUNCE_MS - 1);
    expect(schedule).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(schedule).toHaveBeenCalledTimes(1);
  });

  it('drops a waiting run and clears on sign-out', async () => {
    vi.useFakeTimers();
    const schedule = vi.fn(() => Promise.resolve());
    const clear = vi.fn(() => Promise.resolve());
    const scheduler = createScheduler({ schedule, clear, onError: vi.fn() });
    scheduler.request();
    await scheduler.clear();
    await vi.advanceTimersByTimeAsync(5000);
    expect(schedule).not.toHaveBeenCalled();
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('reports a failed run and runs again on the next change', async () => {
    vi.useFakeTimers();
    const schedule = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const onError = vi.fn();
    const scheduler = createScheduler({ schedule, clear: vi.fn(), onError });
    scheduler.request();
    await vi.advanceTimersByTimeAsync(SCHEDULE_DEBOUNCE_MS);
    expect(onError).toHaveBeenCalledWith(new Error('offline'));
    scheduler.request();
    await vi.advanceTimersByTimeAsync(SCHEDULE_DEBOUNCE_MS);
    expect(schedule).toHaveBeenCalledTimes(2);
  });
});
