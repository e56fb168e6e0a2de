import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { timelineKey, type Chunk } from '../data/timeline-queries';

/**
 * Every range of the timeline the query cache holds, not only the one on screen: the control bar
 * speaks of now whichever day or week is shown. The same array while no range changed.
 */
export function useLoadedChunks(): readonly Chunk[] {
  const client = useQueryClient();
  const last = useRef<readonly Chunk[]>([]);
  const subscribe = useCallback(
    // Only a timeline range's events can change the answer: the rest of the cache is not read.
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === timelineKey[0]) onChange();
      }),
    [client],
  );
  const read = useCallback(() => {
    const chunks = client
      .getQueriesData<Chunk>({ queryKey: timelineKey })
      .flatMap(([, chunk]) => (chunk ? [chunk] : []));
    const previous = last.current;
    const isSame =
      chunks.length === previous.length && chunks.every((chunk, i) => chunk === previous[i]);
    if (!isSame) last.current = chunks;
    return last.current;
  }, [client]);
  return useSyncExternalStore(subscribe, read, read);
}
