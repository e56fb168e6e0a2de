import { PLANNING_CONSTANTS } from '@planner/core';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { sendChange } from '../offline/offline-queue';
import { queryClient, reportError } from '../api/query-client';
import { showToast } from '../components/toast-store';
import { refreshAfterTaskChange, taskQueryOptions, type PlainTask } from './tasks-api';

// Spec 4, Task delete: confirmed, the task is hidden at once, an undo toast shows for 5 s, and
// only then is it deleted for good. Undo un-hides it. This store outlives the screen that asked,
// so leaving the task screen does not cancel or lose the delete.
const hiddenStore = createStore<{ hidden: ReadonlySet<string> }>(() => ({ hidden: new Set() }));
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function unhide(id: string): void {
  const next = new Set(hiddenStore.getState().hidden);
  next.delete(id);
  hiddenStore.setState({ hidden: next });
}

async function deleteForGood(id: string): Promise<void> {
  timers.delete(id);
  const title =
    queryClient.getQueryData<PlainTask | null>(taskQueryOptions(id).queryKey)?.title ?? '';
  try {
    const result = await sendChange(
      queryClient,
      'DeleteTaskV2',
      { task: { id }, deleteType: 0 },
      { action: 'deleteTask', title, itemId: id },
    );
    if (!result.queued) await refreshAfterTaskChange(queryClient);
  } catch (error) {
    reportError(error);
  } finally {
    unhide(id);
  }
}

export function cancelTaskDelete(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  unhide(id);
}

/** Hides the task and deletes it after the undo window unless Undo is pressed. */
export function scheduleTaskDelete(id: string, undoMs = PLANNING_CONSTANTS.undoDeleteMs): void {
  if (timers.has(id)) return;
  hiddenStore.setState(({ hidden }) => ({ hidden: new Set([...hidden, id]) }));
  timers.set(
    id,
    setTimeout(() => void deleteForGood(id), undoMs),
  );
  showToast({
    key: 'editors:task.deleted',
    timeoutMs: undoMs,
    action: { key: 'editors:common.undo', onClick: () => cancelTaskDelete(id) },
  });
}

/** Ids of tasks waiting out their undo window: lists leave them out. */
export function useHiddenTaskIds(): ReadonlySet<string> {
  return useStore(hiddenStore, (state) => state.hidden);
}
