import {
  checklistForEditing,
  checklistForSaving,
  DEFAULT_TIME_SCHEDULED_MS,
  defaultTaskDeadline,
  normalizeTitle,
  type ChecklistItem,
} from '@planner/core';
import type { InputInit } from '@planner/protocol';
import type { PlainCategory } from '../categories/categories-api';
import type { PlainTask } from '../tasks/tasks-api';

/** The task screen's form. `checklist` is the editing list (it ends with the adding item). */
export interface TaskDraft {
  title: string;
  category: PlainCategory | undefined;
  timeScheduled: number;
  /** -1: none. */
  deadline: number;
  isCompleted: boolean;
  note: string;
  checklist: ChecklistItem[];
}

export type TaskField =
  'title' | 'category' | 'timeScheduled' | 'deadline' | 'isCompleted' | 'note' | 'checklist';

/** A new task: the title from the route, 1 hour, due at the end of the day a week ahead. */
export function newTaskDraft(input: {
  title: string;
  now: number;
  timeZone: string;
  newId: string;
}): TaskDraft {
  return {
    title: input.title,
    category: undefined,
    timeScheduled: DEFAULT_TIME_SCHEDULED_MS,
    deadline: defaultTaskDeadline(input.now, input.timeZone),
    isCompleted: false,
    note: '',
    checklist: checklistForEditing([], input.newId),
  };
}

export function draftFromTask(task: PlainTask, newId: string, cachedNote?: string): TaskDraft {
  return {
    title: task.title,
    category: task.category?.id ? task.category : undefined,
    timeScheduled: task.timeScheduled,
    deadline: task.deadline < 0 ? -1 : task.deadline,
    isCompleted: task.isCompleted,
    note: task.note || (task.hasNote ? (cachedNote ?? '') : ''),
    checklist: checklistForEditing(task.checklist, newId),
  };
}

function sameChecklist(a: readonly ChecklistItem[], b: readonly ChecklistItem[]): boolean {
  const strip = (items: readonly ChecklistItem[]) =>
    checklistForSaving(items).map(({ id, content, done, sort }) => [id, content, done, sort]);
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

/** The spec's names of the fields that differ between the loaded task and the form. */
export function changedTaskFields(base: TaskDraft, draft: TaskDraft): TaskField[] {
  const fields: TaskField[] = [];
  if (normalizeTitle(base.title) !== normalizeTitle(draft.title)) fields.push('title');
  if (base.category?.id !== draft.category?.id) fields.push('category');
  if (base.timeScheduled !== draft.timeScheduled) fields.push('timeScheduled');
  if (base.deadline !== draft.deadline) fields.push('deadline');
  if (base.isCompleted !== draft.isCompleted) fields.push('isCompleted');
  if (base.note !== draft.note) fields.push('note');
  if (!sameChecklist(base.checklist, draft.checklist)) fields.push('checklist');
  return fields;
}

/** The completed switch's change: done with the rest after it, or reopened (spec 4). */
export type CompletionChange =
  | { isCompleted: true; rest: number }
  | { isCompleted: false; timeScheduled: number; doItNow: boolean };

/** PutTask for a completion change alone (other edits of the form are not part of it). */
export function completionRequest(id: string, change: CompletionChange): InputInit<'PutTask'> {
  if (change.isCompleted) {
    return { task: { id, isCompleted: true }, fields: ['isCompleted'], rest: change.rest };
  }
  return {
    task: { id, isCompleted: false, timeScheduled: change.timeScheduled },
    fields: ['isCompleted', 'timeScheduled'],
    doItNow: change.doItNow,
  };
}

/** The PutTask request for the form: the whole task when new, else only the changed fields. */
export function putTaskRequest(
  draft: TaskDraft,
  existing: { id: string; fields: readonly TaskField[] } | null,
  doItNow = false,
): InputInit<'PutTask'> {
  return {
    task: {
      ...(existing ? { id: existing.id } : {}),
      title: normalizeTitle(draft.title),
      category: { id: draft.category?.id ?? '' },
      timeScheduled: draft.timeScheduled,
      deadline: draft.deadline,
      isCompleted: draft.isCompleted,
      note: draft.note,
      checklist: checklistForSaving(draft.checklist),
    },
    fields: existing ? [...existing.fields] : [],
    doItNow,
  };
}
