import type { InputInit } from '@planner/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryKey, type PlainCategory } from '../categories/categories-api';
import { tasksQueryKey, todoTasksQueryKey, type PlainTask } from '../tasks/tasks-api';
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

/** A task created while offline is listed under this id until the server gives it one. */
const OFFLINE_TASK_PREFIX = 'offline-';

/** The list id of the task a queued creation makes (its change's idempotency key). */
export function offlineTaskId(changeKey: string): string {
  return `${OFFLINE_TASK_PREFIX}${changeKey}`;
}

/** A task the server has not seen yet: listed, not opened (there is nothing to open). */
export function isOfflineTaskId(id: string): boolean {
  return id.startsWith(OFFLINE_TASK_PREFIX);
}

/** What the lists show of a queued creation: its fields, with its category from the cache. */
function offlineTask(client: QueryClient, request: InputInit<'PutTask'>, id: string): PlainTask {
  const task = request.task ?? {};
  const categories = client.getQueryData<PlainCategory[]>(categoriesQueryKey) ?? [];
  const now = Date.now();
  return {
    id,
    title: task.title ?? '',
    category: categories.find((category) => category.id === task.category?.id),
    timeScheduled: Number(task.timeScheduled ?? 0),
    timeFulfilled: 0,
    deadline: Number(task.deadline ?? -1),
    isCompleted: false,
    note: task.note ?? '',
    hasNote: Boolean(task.note),
    checklist: (task.checklist ?? []).map((item, index) => ({
      id: item.id ?? `${id}-${index}`,
      content: item.content ?? '',
      done: item.done ?? false,
      sort: item.sort ?? index,
    })),
    lastTimeblockEnd: -1,
    updatedAt: now,
    recurrenceRule: undefined,
    recurringTaskId: '',
    instanceNumber: 0,
    expectedStart: -1,
    createdAt: now,
    isUnconfirmed: false,
  };
}

/**
 * A change waiting to be sent shows at once in the cached task lists (and so in the saved copy
 * a reload paints): a new task (under `offlineTaskId(changeKey)`), an edit's fields, done or
 * reopened, a delete. The server's answer replaces it once the queue is sent; a refused change
 * is undone by the refetch that follows.
 */
export function applyOptimisticChange<M extends QueuedMethod>(
  client: QueryClient,
  method: M,
  input: InputInit<M>,
  changeKey: string,
): void {
  if (method === 'PutTask') {
    const request = input as InputInit<'PutTask'>;
    const id = request.task?.id;
    if (!id) {
      const created = offlineTask(client, request, offlineTaskId(changeKey));
      client.setQueryData<PlainTask[]>(todoTasksQueryKey, (list) =>
        list ? [created, ...list] : list,
      );
      return;
    }
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
