import { PLANNING_CONSTANTS, TASK_PAGE_SIZES } from '@planner/core';
import type { Output } from '@planner/protocol';
import {
  infiniteQueryOptions,
  onlineManager,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '../api/client';
import { timelineStateQuery } from '../api/timeline-state';
import { declareOptimisticChange } from '../offline/offline-queue';

export type PlainTask = Output<'GetTasks'>['tasks'][number];

export const tasksQueryKey = ['tasks'] as const;
const todoKey = [...tasksQueryKey, 'todo'] as const;
/** The to-do list's cache entry (the offline queue lists tasks created offline in it). */
export const todoTasksQueryKey = todoKey;
const doneKey = [...tasksQueryKey, 'done'] as const;

/** Open tasks (1000 at most, the spec's page for to-do); kept locally (spec 7). */
export function todoTasksQueryOptions() {
  return queryOptions({
    queryKey: todoKey,
    queryFn: async () =>
      (await call('GetTasks', { status: 'todo', limit: TASK_PAGE_SIZES.todo })).tasks,
    meta: { persist: true },
  });
}

export function useTodoTasks() {
  // The saved list paints at once; the server's answer follows on every visit.
  return useQuery({ ...todoTasksQueryOptions(), refetchOnMount: 'always' });
}

const DONE_PAGE = PLANNING_CONSTANTS.doneTasksPageSize;
/** How old the timeline state may be when a task list or screen opens (as other server data). */
const TIMELINE_STATE_STALE_MS = 30_000;

/** Done tasks, 30 a page, newest update first. */
export function doneTasksQueryOptions() {
  return infiniteQueryOptions({
    queryKey: doneKey,
    initialPageParam: 0,
    queryFn: async ({ pageParam }) =>
      (await call('GetTasks', { status: 'done', offset: pageParam, limit: DONE_PAGE })).tasks,
    getNextPageParam: (lastPage: PlainTask[], pages: PlainTask[][]) =>
      lastPage.length < DONE_PAGE ? undefined : pages.length * DONE_PAGE,
    // Spec 8: failing to load more just stops the spinner. Kept locally, so the list opens
    // offline (src/offline).
    meta: { silent: true, persist: true },
  });
}

export function useDoneTasks() {
  return useInfiniteQuery(doneTasksQueryOptions());
}

/** Tasks whose title or note holds the keyword, any status. */
export function useTaskSearch(keyword: string) {
  return useQuery({
    queryKey: [...tasksQueryKey, 'search', keyword],
    queryFn: async () =>
      (await call('GetTasks', { status: 'all', keyword, limit: TASK_PAGE_SIZES.all })).tasks,
    enabled: keyword !== '',
    placeholderData: (previous) => previous,
  });
}

/** One task with its note (the task screen). */
export function taskQueryOptions(id: string) {
  return {
    queryKey: [...tasksQueryKey, 'one', id] as const,
    queryFn: async (): Promise<PlainTask | null> =>
      (await call('GetTasks', { ids: [id], withNote: true })).tasks[0] ?? null,
  };
}

export function useTask(id: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    ...taskQueryOptions(id ?? ''),
    enabled: id !== undefined,
    // Offline (src/offline), a task not opened before shows from the saved list (no note).
    placeholderData: () =>
      onlineManager.isOnline()
        ? undefined
        : client.getQueryData<PlainTask[]>(todoKey)?.find((task) => task.id === id),
  });
}

/**
 * What is going on now (the timeline state's current block), or undefined. The agenda keeps the
 * state live; a list or a task screen opened anew asks it once more if it is older than a
 * little while (the query client's default), as time may have moved the plan on.
 */
function useCurrentBlock() {
  const state = useQuery({ ...timelineStateQuery(), staleTime: TIMELINE_STATE_STALE_MS });
  return state.data?.currentBlock;
}

/** What is going on now: the task of the current block is the Doing one. */
export function useCurrentTaskId(): string | null {
  const current = useCurrentBlock();
  return current && !current.isRest && current.task ? current.task : null;
}

/** Whether a session (a task or an event, not a break) is running: starting another ends it. */
export function useIsSessionRunning(): boolean {
  const current = useCurrentBlock();
  return Boolean(current && !current.isRest && (current.task || current.event));
}

/**
 * After a task change the lists and the timeline are stale (spec 7, "with timeline update"):
 * every query is marked stale and those on screen refetch.
 */
export function refreshAfterTaskChange(client: QueryClient): Promise<void> {
  return client.invalidateQueries();
}

/**
 * How a queued task change shows at once in the lists (tasks-offline.ts, loaded when the first
 * change is queued; the offline warm-up loads it too). Declared by the app at start.
 */
export function declareTaskOfflineChanges(): void {
  const load = () => import('./tasks-offline').then((module) => module.taskOfflineChanges);
  declareOptimisticChange('PutTask', () => load().then((changes) => changes.PutTask));
  declareOptimisticChange('DeleteTaskV2', () => load().then((changes) => changes.DeleteTaskV2));
}
