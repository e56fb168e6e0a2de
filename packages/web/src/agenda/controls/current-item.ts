import type { AgendaItems } from '../model/agenda-block';
import type { WireTimelineState } from '../types';

export type CurrentKind = 'task' | 'event' | 'rest' | 'paused' | 'idle';

export interface CurrentItem {
  kind: CurrentKind;
  title: string;
  color: string | undefined;
  start: number;
  end: number;
  taskId?: string;
}

/** What the control bar names: the session, event or rest going on, or paused, or nothing. */
export function currentItem(state: WireTimelineState | null, items: AgendaItems): CurrentItem {
  const block = state?.currentBlock;
  if (state?.isPaused) return { kind: 'paused', title: '', color: undefined, start: 0, end: 0 };
  if (!block || !block.timeblock)
    return { kind: 'idle', title: '', color: undefined, start: 0, end: 0 };
  const range = { start: block.start, end: block.end };
  if (block.isRest) return { kind: 'rest', title: '', color: undefined, ...range };
  if (block.task) {
    const task = items.tasks.get(block.task);
    return {
      kind: 'task',
      title: task?.title ?? '',
      color: task?.category?.color,
      taskId: block.task,
      ...range,
    };
  }
  const event = items.events.get(block.event);
  return { kind: 'event', title: event?.title ?? '', color: event?.category?.color, ...range };
}

/** Play shows while paused or in a break; pause otherwise (spec 2). */
export function showsPlay(state: WireTimelineState | null): boolean {
  return Boolean(state?.isPaused || state?.currentBlock?.isRest);
}
