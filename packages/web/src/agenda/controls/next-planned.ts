import type { Chunk } from '../data/timeline-queries';
import { mergeRanges } from '../data/timeline-ranges';
import { toAgendaBlock } from '../model/agenda-block';

/**
 * What the plan holds after now: its next task or event, nothing at all, or unknown (the time
 * from now on is not loaded, so the agenda cannot tell).
 */
export type Ahead =
  { kind: 'item'; title: string; start: number } | { kind: 'nothing' } | { kind: 'unknown' };

/**
 * The next task or event of the loaded plan that starts after `now`. It is named only when the
 * loaded time runs on from now to its start: past a gap, an earlier block may not be loaded yet.
 * Rests, travel, all-day events and blocks beyond the plan's limits are not items to name.
 */
export function nextPlanned(chunks: readonly Chunk[], now: number): Ahead {
  let next: { title: string; start: number } | null = null;
  for (const chunk of chunks) {
    for (const container of chunk.containers) {
      const block = toAgendaBlock(container);
      if (!block || block.start <= now || (next && next.start <= block.start)) continue;
      if (block.kind !== 'task' && block.kind !== 'event') continue;
      if (block.eventData?.allDay) continue;
      next = { title: block.taskData?.title ?? block.eventData?.title ?? '', start: block.start };
    }
  }
  const loaded = mergeRanges(chunks).find((range) => range.start <= now && now < range.end);
  if (!loaded) return { kind: 'unknown' };
  if (!next) return { kind: 'nothing' };
  return next.start < loaded.end ? { kind: 'item', ...next } : { kind: 'unknown' };
}
