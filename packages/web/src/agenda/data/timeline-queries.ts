import { DAY_MS } from '@planner/core';
import { queryOptions, type Query, type QueryClient } from '@tanstack/react-query';
import { fetchTimeline } from '../../api/timed-call';
import { applyTimelineState } from '../../api/timeline-state';
import type { TimeRange, WireContainer, WireReminder, WireTimelineState } from '../types';
import { missingRanges, overlaps, splitRange } from './timeline-ranges';

/**
 * The agenda's server data lives in the app's one query cache (docs/web-data.md): one query per
 * loaded range, keyed ['timeline', start, end]. The timeline state is api/timeline-state.ts.
 */
export const timelineKey = ['timeline'] as const;

/** One GetTimeline answer for a range, stamped with the timeline state it was answered at. */
export interface Chunk extends TimeRange {
  containers: WireContainer[];
  reminders: WireReminder[];
  /** timelineUpdatedAt and reminderUpdatedAt of the answer, to notice answers a change overtook. */
  timelineUpdatedAt?: number;
  reminderUpdatedAt?: number;
}

const MAX_REQUEST_MS = 92 * DAY_MS;
/** Ranges off screen are kept this long, so going back and forth does not ask them again. */
const CHUNK_GC_MS = 30 * 60 * 1000;

export const chunkKey = (range: TimeRange) => ['timeline', range.start, range.end] as const;

function rangeOfKey(key: readonly unknown[]): TimeRange | null {
  const [, start, end] = key;
  return typeof start === 'number' && typeof end === 'number' ? { start, end } : null;
}

/**
 * A range already in the cache is not asked again (staleTime Infinity): only an invalidation,
 * from a save, a control, a poll or a push, loads it again.
 */
export function chunkQuery(range: TimeRange) {
  return queryOptions({
    queryKey: chunkKey(range),
    queryFn: async ({ client, queryKey }): Promise<Chunk> => {
      // A reload of a range on screen runs in the background: no loading indicator (spec 4).
      const isReload = client.getQueryData(queryKey) !== undefined;
      const answer = await fetchTimeline(range, isReload ? { showLoading: false } : undefined);
      const state = answer.timelineState;
      if (state) applyTimelineState(client, state);
      return {
        ...range,
        containers: answer.blockContainers,
        reminders: answer.reminders,
        ...(state && {
          timelineUpdatedAt: state.timelineUpdatedAt,
          reminderUpdatedAt: state.reminderUpdatedAt,
        }),
      };
    },
    staleTime: Infinity,
    gcTime: CHUNK_GC_MS,
    networkMode: 'always',
    meta: { persist: true },
  });
}

/** Loads every range on screen again (a change here or on another device). */
export function reloadTimeline(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: timelineKey });
}

/**
 * The ranges whose queries cover `range`: those already in the cache that overlap it, and new
 * ones for the gaps, each at most 92 days (what GetTimeline answers at once).
 */
export function chunkRangesFor(client: QueryClient, range: TimeRange): TimeRange[] {
  const cached = client
    .getQueryCache()
    .findAll({ queryKey: timelineKey })
    .map((query) => rangeOfKey(query.queryKey))
    .filter((r): r is TimeRange => r !== null && overlaps(r, range));
  const missing = missingRanges(cached, range).flatMap((r) => splitRange(r, MAX_REQUEST_MS));
  return [...cached, ...missing].sort((a, b) => a.start - b.start || a.end - b.end);
}

function isStamped(
  data: unknown,
): data is Required<Pick<Chunk, 'timelineUpdatedAt' | 'reminderUpdatedAt'>> {
  return (
    typeof data === 'object' &&
    data !== null &&
    'timelineUpdatedAt' in data &&
    typeof data.timelineUpdatedAt === 'number' &&
    'reminderUpdatedAt' in data &&
    typeof data.reminderUpdatedAt === 'number'
  );
}

/** A range answered before the timeline (or its reminders) last changed, not already reloading. */
export function isOutdated(query: Query, state: WireTimelineState): boolean {
  const chunk = query.state.data;
  if (query.state.fetchStatus !== 'idle' || !isStamped(chunk)) return false;
  return (
    chunk.timelineUpdatedAt < state.timelineUpdatedAt ||
    chunk.reminderUpdatedAt < state.reminderUpdatedAt
  );
}

/** Every container of the loaded ranges overlapping `range`, each block once. */
export function containersIn(chunks: readonly Chunk[], range: TimeRange): WireContainer[] {
  const byId = new Map<string, WireContainer>();
  for (const chunk of chunks) {
    if (!overlaps(chunk, range)) continue;
    for (const container of chunk.containers) {
      const id = container.timeblock?.id;
      if (id !== undefined) byId.set(id, container);
    }
  }
  return [...byId.values()];
}

export function remindersIn(chunks: readonly Chunk[], range: TimeRange): WireReminder[] {
  const byId = new Map<string, WireReminder>();
  for (const chunk of chunks) {
    if (!overlaps(chunk, range)) continue;
    for (const reminder of chunk.reminders) {
      if (reminder.start >= range.start && reminder.start < range.end) {
        byId.set(reminder.instanceId || `${reminder.id}:${reminder.start}`, reminder);
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.start - b.start);
}
