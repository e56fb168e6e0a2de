import { PLANNING_CONSTANTS } from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, type Dispatch, type SetStateAction } from 'react';
import { reportEditorError } from '../editors/errors';
import { withSavingToast } from '../editors/saving-toast';
import { refreshAfterTaskChange, taskQueryOptions, type PlainTask } from '../tasks/tasks-api';
import { writeCachedNote } from './note-cache';
import {
  changedTaskFields,
  completionRequest,
  putTaskRequest,
  type CompletionChange,
  type TaskDraft,
} from './task-draft';
import { useCategoryPreselect } from './use-category-preselect';
import { useChecklistAutosave } from './use-checklist-autosave';
import { rememberLastCategory } from '../categories/categories-api';
import { useLiveCategory } from '../categories/categories-api';
import { useCategoryCheck } from '../editors/use-category-check';
import { useDraft } from '../editors/use-draft';
import { useSavingFlag } from '../editors/use-saving-flag';
import { sendChange } from '../offline/offline-queue';
import type { DurationTextHandle } from './DurationTextField';

export type SaveOutcome = 'saved' | 'unchanged' | 'invalid' | 'failed';

type QueryClient = ReturnType<typeof useQueryClient>;
type TaskField = ReturnType<typeof changedTaskFields>[number];

/**
 * Sends the form (or, when it is unedited and `doItNow`, only the "do it now"); resolves whether
 * the change was queued for later.
 */
async function sendTask(
  client: QueryClient,
  draft: TaskDraft,
  edit: { id: string | null; fields: TaskField[]; isDirty: boolean; doItNow: boolean },
): Promise<boolean> {
  const { id, fields, doItNow } = edit;
  const delay = PLANNING_CONSTANTS.savingToastTaskMs;
  const label = { title: draft.title, ...(id ? { itemId: id } : {}) };
  if (id && !edit.isDirty) {
    const result = await withSavingToast(
      () =>
        sendChange(
          client,
          'OrganizeTimeblocks',
          { nextTask: id, keepCurrent: false },
          { ...label, action: 'doNow' },
        ),
      delay,
    );
    return result.queued;
  }
  const request = putTaskRequest(draft, id ? { id, fields } : null, doItNow);
  const action = id ? 'updateTask' : 'createTask';
  const result = await withSavingToast(
    () => sendChange(client, 'PutTask', request, { ...label, action }),
    delay,
  );
  const savedId = (result.queued ? undefined : result.answer.task?.id) ?? id;
  if (savedId) writeCachedNote(savedId, draft.note);
  return result.queued;
}

/** Marks the task done or reopens it; resolves the completion and start as saved, and whether queued. */
async function sendCompletion(
  client: QueryClient,
  id: string,
  title: string,
  change: CompletionChange,
): Promise<{ saved: Pick<TaskDraft, 'isCompleted' | 'timeScheduled'>; queued: boolean }> {
  const result = await withSavingToast(
    () =>
      sendChange(client, 'PutTask', completionRequest(id, change), {
        action: change.isCompleted ? 'completeTask' : 'reopenTask',
        title,
        itemId: id,
      }),
    PLANNING_CONSTANTS.savingToastTaskMs,
  );
  const answer = result.queued ? undefined : result.answer.task;
  const saved = {
    isCompleted: answer?.isCompleted ?? change.isCompleted,
    timeScheduled:
      answer?.timeScheduled ?? (result.queued && !change.isCompleted ? change.timeScheduled : 0),
  };
  return { saved, queued: result.queued };
}

/** Saves a saved task's checklist on its own, a moment after it was changed. */
function useTaskChecklistAutosave(
  client: QueryClient,
  id: string | null,
  form: { draft: TaskDraft; fields: TaskField[]; setBase: Dispatch<SetStateAction<TaskDraft>> },
) {
  const { draft, setBase } = form;
  const isChecklistPending = id !== null && form.fields.includes('checklist');
  return useChecklistAutosave(
    draft.checklist,
    isChecklistPending,
    async () => {
      if (!id) return;
      const sent = draft.checklist;
      try {
        const result = await sendChange(
          client,
          'PutTask',
          putTaskRequest(draft, { id, fields: ['checklist'] }),
          { action: 'updateTask', title: draft.title, itemId: id },
        );
        setBase((b) => ({ ...b, checklist: sent }));
        if (!result.queued)
          void client.invalidateQueries({ queryKey: taskQueryOptions(id).queryKey });
      } catch (error) {
        reportEditorError(error);
      }
    },
    id !== null,
  );
}

/**
 * The task screen's state: the form, what it was loaded from, and the saves (spec 2, 5, 7 and 8).
 * A server refresh replaces the form only while it is unedited.
 */
export function useTaskEditor(task: PlainTask | null, initial: TaskDraft) {
  const client = useQueryClient();
  const { setBase, draft, setDraft, fields, isDirty } = useDraft(initial, changedTaskFields);
  // A category deleted while the screen is open is none: the server would refuse it.
  const category = useLiveCategory(draft.category);
  const { categoryError, update, checkCategory } = useCategoryCheck(
    { ...draft, category },
    setDraft,
  );
  const saving = useSavingFlag();

  const id = task?.id ?? null;
  useCategoryPreselect(id === null, draft.title, draft.category, (category) => {
    setBase((b) => ({ ...b, category }));
    setDraft((d) => ({ ...d, category }));
  });
  const autosave = useTaskChecklistAutosave(client, id, { draft, fields, setBase });

  // The time needed's box keeps its text until it is left: a save reads it first (a tap on Save
  // need not leave the box), and stops at a text it refuses rather than send the last duration.
  const durationRef = useRef<DurationTextHandle>(null);
  // Reading the text sets the duration synchronously; the render after it holds it in its draft.
  const sendFormRef = useRef(sendForm);
  sendFormRef.current = sendForm;

  /** Reads the time needed's text; false, with its reason shown and the focus in it, if refused. */
  function checkDuration(): boolean {
    const duration = durationRef.current;
    if (!duration || duration.readText()) return true;
    duration.focus();
    return false;
  }

  /** Saves the form; `doItNow` also starts the task at once. */
  async function save(doItNow = false): Promise<SaveOutcome> {
    if (!checkDuration()) return 'invalid';
    return sendFormRef.current(doItNow);
  }

  async function sendForm(doItNow: boolean): Promise<SaveOutcome> {
    if (!checkCategory()) return 'invalid';
    if (id && !isDirty && !doItNow) return 'unchanged';
    return saving.whileSaving<SaveOutcome>(async () => {
      autosave.cancel();
      try {
        const queued = await sendTask(client, draft, { id, fields, isDirty, doItNow });
        setBase(draft);
        if (draft.category?.id) rememberLastCategory(draft.category.id);
        // A queued change is already in the lists; they refetch once the queue is sent.
        if (!queued) await refreshAfterTaskChange(client);
        return 'saved';
      } catch (error) {
        // Spec 8: a failed save resets the saving flag; the screen and what was typed stay.
        reportEditorError(error);
        return 'failed';
      }
    }, 'failed');
  }

  /**
   * Marks the task done (with the rest that follows) or reopens it (spec 4), at once: the other
   * edits of the form stay as they are, unsaved. Resolves false when it failed.
   */
  async function setCompletion(change: CompletionChange): Promise<boolean> {
    if (!id) return false;
    return saving.whileSaving(async () => {
      try {
        const { saved, queued } = await sendCompletion(client, id, draft.title, change);
        setBase((b) => ({ ...b, ...saved }));
        setDraft((d) => ({ ...d, ...saved }));
        if (!queued) await refreshAfterTaskChange(client);
        return true;
      } catch (error) {
        reportEditorError(error);
        return false;
      }
    }, false);
  }

  const { isSaving } = saving;
  return {
    draft,
    update,
    isDirty,
    isSaving,
    categoryError,
    durationRef,
    checkDuration,
    save,
    setCompletion,
  };
}

export type TaskEditorState = ReturnType<typeof useTaskEditor>;
