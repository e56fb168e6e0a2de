import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { tasksQueryKey } from '../../tasks/tasks-api';
import type { AgendaItems } from '../model/agenda-block';

/**
 * Whether the person has any task, open or done: the first-task tutorial is for someone who has
 * none, whatever days are on screen. The blocks in view answer at once when they hold a task;
 * otherwise the server is asked (null until it answers, so the card never flashes).
 */
export function useHasTasks(items: AgendaItems): boolean | null {
  const inView = items.blocks.some((b) => b.kind === 'task' || b.kind === 'locked');
  const query = useQuery({
    queryKey: [...tasksQueryKey, 'any'],
    queryFn: async () =>
      (await call('GetTasks', { status: 'all', limit: 1, cheap: true }, { showLoading: false }))
        .tasks.length > 0,
    enabled: !inView,
    meta: { silent: true },
  });
  if (inView) return true;
  return query.data ?? null;
}
