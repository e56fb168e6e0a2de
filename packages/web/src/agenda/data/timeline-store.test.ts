import { DAY_MS } from '@planner/core';
import { describe, expect, it, vi } from 'vitest';
import { writeJson } from '../../storage/local-storage';
import type { TimeRange, WireContainer, WireTimelineState } from '../types';
import { containersIn, TimelineStore } from './timeline-store';

const T0 = Date.UTC(2026, 2, 10);

function state(timelineUpdatedAt: number, serverTime = T0 + timelineUpdatedAt): WireTimelineState {
  return {
    serverTime,
    timelineUpdatedAt,
    reminderUpdatedAt: 0,
    hasUnconfirmedTask: false,
    autoExtend: true,
    isPaused: false,
    currentBlock: undefined,
  };
}

function container(id: string, start: number): WireContainer {
  return {
    timeblock: { id, task: undefined, event: '', start, end: start + 1000, fixed: false, locking: '', isRest: true, group: 0, isTravel: false },
    event: undefined,
  };
}

/** A GetTimeline double: answers one block per range with the current version. */
function fakeServer() {
  let version = 1;
  const calls: TimeRange[] = [];
  const fetch = vi.fn(async (range: TimeRange) => {
    calls.push(range);
    return {
      blockContainers: [container(`b${version}:${range.start}`, range.start)],
      reminders: [],
      timelineState: state(version),
      maxTimeblockStart: -1,
      maxEventStart: -1,
      nextBlockStart: -1,
      prevBlockStart: -1,
    };
  });
  return { fetch, calls, bump: () => (version += 1) };
}

const week = { start: T0, end: T0 + 7 * DAY_MS };

describe('TimelineStore', () => {
  it('does not load a range that is already loaded, and loads only the missing edge', async () => {
    const server = fakeServer();
    const store = new TimelineStore(server.fetch, false);
    await store.ensureLoaded(week);
    await store.ensureLoaded({ start: T0 + DAY_MS, end: T0 + 3 * DAY_MS });
    expect(server.calls).toEqual([week]);
    await store.ensureLoaded({ start: T0, end: T0 + 10 * DAY_MS });
    expect(server.calls[1]).toEqual({ start: week.end, end: T0 + 10 * DAY_MS });
  });

  it('reloads what is loaded when the timeline changed elsewhere', async () => {
    const server = fakeServer();
    const store = new TimelineStore(server.fetch, false);
    await store.ensureLoaded(week);
    server.bump();
    store.applyState(state(1, T0 + 5));
    expect(server.calls).toHaveLength(1);
    store.applyState(state(2, T0 + 10));
    await store.reload();
    const ids = containersIn(store.getSnapshot().chunks, week).map((c) => c.timeblock?.id);
    expect(ids).toEqual([`b2:${T0}`]);
    expect(store.getSnapshot().state?.timelineUpdatedAt).toBe(2);
  });

  it('paints the saved timeline at once and replaces it with the live one', async () => {
    writeJson('agenda.timeline', {
      chunks: [{ ...week, containers: [container('saved', T0)], reminders: [] }],
      state: state(1),
    });
    const server = fakeServer();
    server.bump();
    const store = new TimelineStore(server.fetch, false);
    store.restore();
    expect(containersIn(store.getSnapshot().chunks, week).map((c) => c.timeblock?.id)).toEqual(['saved']);
    await store.ensureLoaded(week);
    expect(server.calls).toEqual([week]);
    expect(containersIn(store.getSnapshot().chunks, week).map((c) => c.timeblock?.id)).toEqual([`b2:${T0}`]);
  });
});
