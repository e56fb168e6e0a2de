import { randomUUID } from 'node:crypto';
import {
  checklistForSaving,
  clampTaskDuration,
  normalizeTitle,
  RECURRENCE_FREQS,
  type RecurrenceFreq,
} from '@planner/core';
import type { Plain, Task as WireTask } from '@planner/protocol';
import { invalid } from '../rpc/errors';
import type { ChecklistItem, Task, TaskRecurrenceRule } from './task';

/** The spec's names of the task fields PutTask may change. */
const TASK_FIELDS = [
  'title',
  'category',
  'timeScheduled',
  'deadline',
  'isCompleted',
  'note',
  'checklist',
  'recurrenceRule',
] as const;
export type TaskField = (typeof TASK_FIELDS)[number];

function isTaskField(name: string): name is TaskField {
  return (TASK_FIELDS as readonly string[]).includes(name);
}

/** The field mask: every field when empty; an unknown name is bad input. */
export function parseFields(
  fields: readonly string[],
  allowed: readonly TaskField[] = TASK_FIELDS,
): Set<TaskField> {
  if (fields.length === 0) return new Set(allowed);
  const mask = new Set<TaskField>();
  for (const name of fields) {
    if (!isTaskField(name) || !allowed.includes(name))
      throw invalid(`field "fields": unknown task field "${name}"`);
    mask.add(name);
  }
  return mask;
}

function checklistOf(items: Plain<WireTask>['checklist']): ChecklistItem[] {
  return checklistForSaving(
    items.map((item) => ({
      id: item.id || randomUUID(),
      content: item.content,
      done: item.done,
      sort: Number.isFinite(item.sort) ? item.sort : 0,
    })),
  );
}

function recurrenceOf(rule: Plain<WireTask>['recurrenceRule']): TaskRecurrenceRule | null {
  if (!rule || rule.freq === '' || rule.freq === 'none') return null;
  if (!RECURRENCE_FREQS.includes(rule.freq as RecurrenceFreq)) {
    throw invalid(`field "task.recurrenceRule.freq": unknown frequency "${rule.freq}"`);
  }
  if (rule.interval < 0 || rule.count < 0) {
    throw invalid('field "task.recurrenceRule": interval and count must not be negative');
  }
  return {
    freq: rule.freq,
    interval: Math.max(1, rule.interval),
    byDay: rule.freq === 'WEEKLY' ? rule.byDay : '',
    until: rule.until,
    count: rule.count,
  };
}

/**
 * The task with the masked fields taken from the input (its sizes and instants already within
 * the bounds tasks-methods.ts declares). Titles are trimmed (empty stays empty:
 * clients show their untitled placeholder); the estimate is clamped to 5 min..72 h while open;
 * a negative deadline means none. Completion is applied by the caller (it moves the timeline).
 */
export function applyTaskFields(
  task: Task,
  input: Plain<WireTask>,
  mask: ReadonlySet<TaskField>,
): Task {
  const next = { ...task };
  if (mask.has('title')) next.title = normalizeTitle(input.title);
  if (mask.has('category')) next.categoryId = input.category?.id ?? '';
  if (mask.has('timeScheduled')) next.timeScheduled = input.timeScheduled;
  if (mask.has('deadline')) next.deadline = input.deadline <= 0 ? -1 : input.deadline;
  if (mask.has('note')) next.note = input.note;
  if (mask.has('checklist')) next.checklist = checklistOf(input.checklist);
  if (mask.has('recurrenceRule')) next.recurrenceRule = recurrenceOf(input.recurrenceRule);
  if (!next.isCompleted) next.timeScheduled = clampTaskDuration(next.timeScheduled, false);
  return next;
}
