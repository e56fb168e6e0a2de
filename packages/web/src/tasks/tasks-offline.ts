import type { InputInit } from '@planner/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryKey, type PlainCategory } from '../categories/categories-api';
import { tasksQueryKey, todoTasksQueryKey, type PlainTask } from './tasks-api';
import { offlineTaskId } from '../offline/offline-ids';

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

/** A queued creation shows at the top of the to-do list under `offlineTaskId(changeKey)`. */
function addOfflineTask(
  client: QueryClient,
  request: InputInit<'PutTask'>,
  changeKey: string,
): void {
  const created = offlineTask(client, request, offlineTaskId(changeKey));
  client.setQueryData<PlainTask[]>(todoTasksQueryKey, (list) => (list ? [created, ...list] : list));
}

function applyTaskPut(client: QueryClient, request: InputInit<'PutTask'>, changeKey: string): void {
  const id = request.task?.id;
  if (!id) return addOfflineTask(client, request, changeKey);
  const patch = patchOf(request);
  client.setQueriesData({ queryKey: tasksQueryKey }, (data: unknown) =>
    mapTasks(data, (task) => (task.id === id ? { ...task, ...patch } : task)),
  );
}

function applyTaskDelete(client: QueryClient, input: InputInit<'DeleteTaskV2'>): void {
  const id = input.task?.id;
  if (!id) return;
  client.setQueriesData({ queryKey: tasksQueryKey }, (data: unknown) =>
    Array.isArray(data) || (typeof data === 'object' && data !== null && 'pages' in data)
      ? mapTasks(data, (task) => (task.id === id ? null : task))
      : data,
  );
}

/**
 * A task change waiting to be sent shows at once in the cached task lists (and so in the saved
 * copy a reload paints): a new task, an edit's fields, done or reopened, a delete. The server's
 * answer replaces it once the queue is sent; a refused change is undone by the refetch that
 * follows. Declared to the offline queue by tasks-api.ts (declareTaskOfflineChanges).
 */
export const taskOfflineChanges = { PutTask: applyTaskPut, DeleteTaskV2: applyTaskDelete };
