import { describe, expect, it } from 'vitest';
import { computeBusyIntervals, computeFreeIntervals, computeFreeTime } from './busy-time';
import { MAX_PLANNING_SPAN_MS, planTimeline } from './plan-timeline';
import { MINUTE, T0, buildBlock, buildEvent, buildRequest, buildTask } from './test-support';
import type { Interval } from './types';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (m: number) => T0 + m * MINUTE;
const minutes = (spans: Interval[]) =>
  spans.map((s) => [(s.start - T0) / MINUTE, (s.end - T0) / MINUTE]);
const weekly = (byDay: string, extra: { count?: number; until?: number } = {}) => ({
  freq: 'WEEKLY' as const,
  interval: 1,
  byDay,
  until: extra.until ?? 0,
  count: extra.count ?? 0,
});

describe('computeFreeTime', () => {
  it('merges events, travel, kept blocks and idle into busy time, and leaves the rest free', () => {
    const { busy, free } = computeFreeTime(
      buildRequest({
        horizonEnd: at(300),
        events: [
          buildEvent({ id: 'e1', start: at(30), end: at(60), travelBottom: 10 * MINUTE }),
          buildEvent({ id: 'e2', start: at(65), end: at(80), travelTop: 5 * MINUTE }),
          buildEvent({ id: 'e3', start: at(100), end: at(103) }),
          buildEvent({ id: 'e4', start: at(107), end: at(120) }),
        ],
        timeblocks: [
          buildBlock({ id: 'lock', fixed: true, start: at(200), end: at(230) }),
          buildBlock({ id: 'history', start: at(-60), end: at(-30) }),
        ],
      }),
    );
    expect(minutes(busy)).toEqual([
      [30, 80],
      [100, 103],
      [107, 120],
      [200, 230],
    ]);
    // The 4 minutes between e3 and e4 are too short to plan in.
    expect(minutes(free)).toEqual([
      [0, 30],
      [80, 100],
      [120, 200],
      [230, 300],
    ]);
  });

  it('clips busy time to now and the window', () => {
    const busy = computeBusyIntervals(
      buildRequest({ events: [buildEvent({ id: 'long', start: at(-60), end: at(600) })] }),
      at(120),
    );
    expect(minutes(busy)).toEqual([[0, 120]]);
  });

  it('keeps short gaps when asked for every free minute', () => {
    const busy = [
      { start: at(10), end: at(20) },
      { start: at(22), end: at(30) },
    ];
    expect(minutes(computeFreeIntervals(busy, T0, at(40), 0))).toEqual([
      [0, 10],
      [20, 22],
      [30, 40],
    ]);
    expect(minutes(computeFreeIntervals(busy, T0, at(40)))).toEqual([
      [0, 10],
      [30, 40],
    ]);
  });
});

describe('recurring events', () => {
  it('make every instance busy, travel included, on the days of the rule', () => {
    // T0 is a Monday; the class runs Monday and Wednesday 09:00-10:00 with 15 minutes' travel.
    const busy = computeBusyIntervals(
      buildRequest({
        events: [
          buildEvent({
            id: 'class',
            start: at(9 * 60),
            end: at(10 * 60),
            travelTop: 15 * MINUTE,
            recurrenceRule: weekly('MO,WE'),
          }),
        ],
      }),
      T0 + 8 * DAY,
    );
    expect(busy.map((s) => [(s.start - T0) / HOUR, (s.end - T0) / HOUR])).toEqual([
      [8.75, 10],
      [48 + 8.75, 48 + 10],
      [7 * 24 + 8.75, 7 * 24 + 10],
    ]);
  });

  it('stop after count instances and after until', () => {
    const request = (rule: ReturnType<typeof weekly>) =>
      buildRequest({
        events: [buildEvent({ id: 'x', start: at(60), end: at(120), recurrenceRule: rule })],
      });
    expect(computeBusyIntervals(request(weekly('MO', { count: 2 })), T0 + 30 * DAY)).toHaveLength(
      2,
    );
    const until = weekly('MO', { until: T0 + 15 * DAY });
    expect(computeBusyIntervals(request(until), T0 + 30 * DAY)).toHaveLength(3);
  });

  it('include an instance that began before now and is still running', () => {
    const busy = computeBusyIntervals(
      buildRequest({
        now: T0 + 7 * DAY + 30 * MINUTE,
        events: [buildEvent({ id: 'x', start: at(0), end: at(60), recurrenceRule: weekly('MO') })],
      }),
      T0 + 8 * DAY,
    );
    expect(busy).toEqual([{ start: T0 + 7 * DAY + 30 * MINUTE, end: T0 + 7 * DAY + HOUR }]);
  });

  it('are planned around', () => {
    const result = planTimeline(
      buildRequest({
        now: at(8 * 60),
        tasks: [buildTask({ id: 'a', timeScheduled: 2 * HOUR })],
        events: [
          buildEvent({
            id: 'daily',
            start: at(9 * 60 - 3 * DAY),
            end: at(10 * 60 - 3 * DAY),
            recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 },
          }),
        ],
      }),
    );
    expect(minutes(result.timeblocks)).toEqual([
      [8 * 60, 9 * 60],
      [10 * 60, 11 * 60],
    ]);
  });
});

describe('far horizons', () => {
  const load = (count: number, each: number) =>
    Array.from({ length: count }, (_, i) =>
      buildTask({ id: `t${String(i).padStart(3, '0')}`, timeScheduled: each }),
    );
  const events = [
    buildEvent({
      id: 'daily',
      start: at(9 * 60),
      end: at(11 * 60),
      recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 },
    }),
  ];

  it('plan as if the whole horizon were computed, however far it is', () => {
    // 100 tasks of a day each need more than the first look-ahead window.
    const tasks = load(100, DAY);
    const far = planTimeline(buildRequest({ tasks, events, horizonEnd: T0 + 400 * DAY }));
    const exact = planTimeline(buildRequest({ tasks, events, horizonEnd: T0 + 115 * DAY }));
    expect(far).toEqual(exact);
    expect(far.unplanned).toEqual([]);
  });

  it('stop looking ahead after two years', () => {
    const result = planTimeline(
      buildRequest({ tasks: load(1, 1000 * DAY), horizonEnd: T0 + 3650 * DAY }),
    );
    expect(result.timeblocks).toEqual([
      { task: 't000', start: T0, end: T0 + MAX_PLANNING_SPAN_MS },
    ]);
    expect(result.unplanned).toEqual([
      { task: 't000', remaining: 1000 * DAY - MAX_PLANNING_SPAN_MS, reason: 'horizon' },
    ]);
  });
});
