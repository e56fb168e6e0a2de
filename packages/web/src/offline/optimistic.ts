import type { InputInit } from '@planner/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { tasksQueryKey, type PlainTask } from '../tasks/tasks-api';
import type { QueuedMethod } from './offline-queue';

/** Fields of a task change that read the same in the request and in the lists. */
const PLAIN_FIELDS = ['title', 'deadline', 'timeScheduled', 'isCompleted', 'note'] as const;

type TaskPatch = Partial<Pick<PlainTask, (typeof PLAIN_FIELDS)[number]>>;

function patchOf(input: InputInit<'PutTask'>): TaskPatch {
  const task = input.task ?? {};
  const patch: Record<string, unknown> = {};
  for (const field of PLAIN_FIELDS) {
    if (input.fields?.includes(field) && field in task)
      patch[field] = (task as Record<string, unknown>)[field];
  }
  return patch as TaskPatch;
}

function isTask(value: unknown): value is PlainTask {
  return typeof value === 'object' && value !== null && 'id' in value && 'title' in value;
}

/** Applies `change` to every task with this id in a cached answer (a list, pages, one task). */
function mapTasks(data: unknown, change: (task: PlainTask) => PlainTask | null): unknown {
  if (Array.isArray(data)) {
    return data.flatMap((item: unknown) => {
      if (!isTask(item)) return [item];
      const next = change(item);
      return next ? [next] : [];
    });
  }
  if (isTask(data)) return change(data) ?? data;
  if (typeof data === 'object' && data !== null && 'pages' in data && Array.isArray(data.pages)) {
    return { ...data, pages: data.pages.map((page: unknown) => mapTasks(page, change)) };
  }
  return data;
}

/**
 * A change waiting to be sent shows at once in the cached task lists (and so in the saved copy
 * a reload paints): an edit's fields, done or reopened, a delete. The server's answer replaces
 * it once the queue is sent; a refused change is undone by the refetch that follows.
 */
export function applyOptimisticChange<M extends QueuedMethod>(
  client: QueryClient,
  method: M,
  input: InputInit<M>,
): void {
  if (method === 'PutTask') {
    const request = input as InputInit<'PutTask'>;
    const id = request.task?.id;
    if (!id) return;
    const patch = patchOf(request);
    client.setQueriesData({ queryKey: tasksQueryKey }, (data: unknown) =>
      mapTasks(data, (task) => (task.id === id ? { ...task, ...patch } : task)),
    );
  } else if (method === 'DeleteTaskV2') {
    const id = (input as InputInit<'DeleteTaskV2'>).task?.id;
    if (!id) return;
    client.setQueriesData({ queryKey: tasksQueryKey }, (data: unknown) =>
      Array.isArray(data) || (typeof data === 'object' && data !== null && 'pages' in data)
        ? mapTasks(data, (task) => (task.id === id ? null : task))
        : data,
    );
  }
}
