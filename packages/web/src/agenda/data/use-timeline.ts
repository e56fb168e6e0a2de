import { useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { TimeRange, WireTimelineState } from '../types';
import { useLiveTimelineState } from './live-updates';
import {
  chunkQuery,
  chunkRangesFor,
  isOutdated,
  timelineKey,
  type Chunk,
} from './timeline-queries';

/** What the agenda paints: the loaded ranges around the screen and the latest timeline state. */
export interface TimelineSnapshot {
  chunks: readonly Chunk[];
  state: WireTimelineState | null;
  /** A range on screen is loading (first paint, load-more or reload). */
  isLoading: boolean;
}

function combineChunks(results: UseQueryResult<Chunk>[]) {
  return {
    chunks: results.flatMap((r) => (r.data ? [r.data] : [])),
    isLoading: results.some((r) => r.isFetching),
    // Changes only when an answer lands, never on a failure: the check below cannot loop.
    answeredAt: results.map((r) => r.dataUpdatedAt).join(','),
  };
}

/**
 * The agenda's timeline for `range`, straight from the query cache (docs/web-data.md). A range
 * already loaded is not asked again; a newer timelineUpdatedAt or reminderUpdatedAt, from a
 * control's answer, a poll, a push or another range's answer, reloads the ranges it overtook.
 */
export function useTimeline(range: TimeRange): TimelineSnapshot {
  const client = useQueryClient();
  const ranges = useMemo(() => chunkRangesFor(client, range), [client, range]);
  const { chunks, isLoading, answeredAt } = useQueries({
    queries: ranges.map((r) => chunkQuery(r)),
    combine: combineChunks,
  });
  const state = useLiveTimelineState();
  useEffect(() => {
    if (!state) return;
    void client.invalidateQueries({
      queryKey: timelineKey,
      predicate: (query) => isOutdated(query, state),
    });
  }, [client, state, answeredAt]);
  return useMemo(() => ({ chunks, state, isLoading }), [chunks, state, isLoading]);
}
