import { PLANNING_CONSTANTS, validateCategoryChoice } from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
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
import { useDraft } from '../editors/use-draft';
import { sendChange } from '../offline/offline-queue';

export type SaveOutcome = 'saved' | 'unchanged' | 'invalid' | 'failed';

/**
 * The task screen's state: the form, what it was loaded from, and the saves (spec 2, 5, 7 and 8).
 * A server refresh replaces the form only while it is unedited.
 */
export function useTaskEditor(task: PlainTask | null, initial: TaskDraft) {
  const client = useQueryClient();
  const { setBase, draft, setDraft, fields, isDirty } = useDraft(initial, changedTaskFields);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const id = task?.id ?? null;
  useCategoryPreselect(id === null, draft.title, draft.category, (category) => {
    setBase((b) => ({ ...b, category }));
    setDraft((d) => ({ ...d, category }));
  });
  const isChecklistPending = id !== null && fields.includes('checklist');
  const autosave = useChecklistAutosave(
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

  function update(change: (d: TaskDraft) => TaskDraft) {
    setDraft((d) => {
      const next = change(d);
      if (next.category) setCategoryError(null);
      return next;
    });
  }

  /** Saves the form; `doItNow` also starts the task at once. */
  async function save(doItNow = false): Promise<SaveOutcome> {
    const invalid = validateCategoryChoice(draft.category?.id);
    if (invalid) {
      setCategoryError(invalid);
      return 'invalid';
    }
    if (id && !isDirty && !doItNow) return 'unchanged';
    if (savingRef.current) return 'failed';
    savingRef.current = true;
    setSaving(true);
    autosave.cancel();
    try {
      const delay = PLANNING_CONSTANTS.savingToastTaskMs;
      const label = { title: draft.title, ...(id ? { itemId: id } : {}) };
      let queued: boolean;
      if (id && !isDirty) {
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
        queued = result.queued;
      } else {
        const request = putTaskRequest(draft, id ? { id, fields } : null, doItNow);
        const action = id ? 'updateTask' : 'createTask';
        const result = await withSavingToast(
          () => sendChange(client, 'PutTask', request, { ...label, action }),
          delay,
        );
        queued = result.queued;
        const savedId = (result.queued ? undefined : result.answer.task?.id) ?? id;
        if (savedId) writeCachedNote(savedId, draft.note);
      }
      setBase(draft);
      if (draft.category?.id) rememberLastCategory(draft.category.id);
      // A queued change is already in the lists; they refetch once the queue is sent.
      if (!queued) await refreshAfterTaskChange(client);
      return 'saved';
    } catch (error) {
      // Spec 8: a failed save resets the saving flag; the screen and what was typed stay.
      reportEditorError(error);
      return 'failed';
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  /**
   * Marks the task done (with the rest that follows) or reopens it (spec 4), at once: the other
   * edits of the form stay as they are, unsaved. Resolves false when it failed.
   */
  async function setCompletion(change: CompletionChange): Promise<boolean> {
    if (!id || savingRef.current) return false;
    savingRef.current = true;
    setSaving(true);
    try {
      const result = await withSavingToast(
        () =>
          sendChange(client, 'PutTask', completionRequest(id, change), {
            action: change.isCompleted ? 'completeTask' : 'reopenTask',
            title: draft.title,
            itemId: id,
          }),
        PLANNING_CONSTANTS.savingToastTaskMs,
      );
      const answer = result.queued ? undefined : result.answer.task;
      const saved = {
        isCompleted: answer?.isCompleted ?? change.isCompleted,
        timeScheduled:
          answer?.timeScheduled ??
          (result.queued && !change.isCompleted ? change.timeScheduled : 0),
      };
      setBase((b) => ({ ...b, ...saved }));
      setDraft((d) => ({ ...d, ...saved }));
      if (!result.queued) await refreshAfterTaskChange(client);
      return true;
    } catch (error) {
      reportEditorError(error);
      return false;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  return { draft, update, isDirty, isSaving, categoryError, save, setCompletion };
}
