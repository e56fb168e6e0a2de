import { queryClient } from '../../api/query-client';
import { showToast } from '../../components/toast-store';
import type { WireContainer } from '../types';
import { fire } from './action-errors';
import { agendaActions } from './agenda-actions';
import { serverNow } from '../../api/server-clock';
import { reloadTimeline, timelineKey, type Chunk } from './timeline-queries';

/** The order in which the plan's coming tasks follow each other: all a shuffle can change. */
export function upcomingTaskOrder(containers: readonly WireContainer[], now: number): string[] {
  const blocks = containers
    .map((container) => container.timeblock)
    .filter((block) => block !== undefined && block.start > now && Boolean(block.task?.id))
    .sort((a, b) => (a?.start ?? 0) - (b?.start ?? 0));
  const order: string[] = [];
  for (const block of blocks) {
    const id = block?.task?.id ?? '';
    if (order.at(-1) !== id) order.push(id);
  }
  return order;
}

function cachedOrder(now: number): string[] {
  const byId = new Map<string, WireContainer>();
  for (const [, chunk] of queryClient.getQueriesData<Chunk>({ queryKey: timelineKey })) {
    for (const container of chunk?.containers ?? []) {
      const id = container.timeblock?.id;
      if (id !== undefined) byId.set(id, container);
    }
  }
  return upcomingTaskOrder([...byId.values()], now);
}

/**
 * Shuffle, and say so when the plan on screen comes back in the same order: with fewer than two
 * tasks waiting there is nothing to reorder, and a random order can be the same one again.
 */
export async function shuffleAndTell(): Promise<void> {
  const before = cachedOrder(serverNow());
  const state = await fire(agendaActions.shuffle());
  // Queued offline or refused: the offline queue or the error says what happened.
  if (!state) return;
  await reloadTimeline(queryClient);
  const after = cachedOrder(serverNow());
  if (before.join() !== after.join()) return;
  showToast({
    key: new Set(after).size < 2 ? 'agenda:shuffle.nothingToShuffle' : 'agenda:shuffle.sameOrder',
    severity: 'info',
  });
}
