import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { tasksQueryKey } from '../../tasks/tasks-api';
import type { AgendaItems } from '../model/agenda-block';
import type { WireTimelineState } from '../types';
import { currentItem, type CurrentItem } from './current-item';

/** What the current block stands for when the blocks on screen do not hold it. */
function missingIds(state: WireTimelineState | null, items: AgendaItems) {
  const block = state?.currentBlock;
  if (!state || state.isPaused || !block?.timeblock || block.isRest) return {};
  if (block.task) return items.tasks.has(block.task) ? {} : { task: block.task };
  if (block.event) return items.events.has(block.event) ? {} : { event: block.event };
  return {};
}

/**
 * The control bar's item. The current block may sit outside the days on screen (the week view
 * shows another week): its task or event is then asked for by id, so the bar still names it.
 */
export function useCurrentItem(state: WireTimelineState | null, items: AgendaItems): CurrentItem {
  const missing = missingIds(state, items);
  const task = useQuery({
    queryKey: [...tasksQueryKey, 'current', missing.task ?? ''],
    queryFn: async () =>
      (await call('GetTasks', { ids: [missing.task ?? ''], cheap: true }, { showLoading: false }))
        .tasks[0] ?? null,
    enabled: missing.task !== undefined,
    meta: { silent: true },
  });
  const event = useQuery({
    queryKey: ['agenda', 'currentEvent', missing.event ?? ''],
    queryFn: async () =>
      (await call('GetEvent', { event: { id: missing.event ?? '' } }, { showLoading: false }))
        .event ?? null,
    enabled: missing.event !== undefined,
    meta: { silent: true },
  });
  const fetched = {
    tasks: task.data && missing.task ? new Map([[task.data.id, task.data]]) : items.tasks,
    events: event.data && missing.event ? new Map([[event.data.id, event.data]]) : items.events,
  };
  return currentItem(state, { ...items, ...fetched });
}
