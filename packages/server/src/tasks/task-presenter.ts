import type { Plain, Task as WireTask } from '@planner/protocol';
import type { Category } from '../categories/category';
import type { Task, TaskSummary } from './task';

/** What the answer adds to a stored task: its category, time spent, blocks. */
export interface TaskExtras {
  categories: ReadonlyMap<string, Category>;
  fulfilled: ReadonlyMap<string, number>;
  lastBlockEnds: ReadonlyMap<string, number>;
  expectedStarts: ReadonlyMap<string, number>;
}

export function presentCategory(
  category: Category | undefined | null,
): Plain<WireTask>['category'] {
  if (!category) return undefined;
  return {
    id: category.id,
    title: category.title,
    description: category.description,
    color: category.color,
    icon: category.icon,
    updatedAt: category.updatedAt,
  };
}

/** A task as answered; the note only when asked for (withNote, or the task's own editor). */
export function presentTask(
  task: Task | TaskSummary,
  extras: TaskExtras,
  withNote: boolean,
): Plain<WireTask> {
  const note = task.note ?? '';
  return {
    id: task.id,
    title: task.title,
    category: presentCategory(extras.categories.get(task.categoryId)),
    timeScheduled: task.timeScheduled,
    timeFulfilled: extras.fulfilled.get(task.id) ?? 0,
    deadline: task.deadline,
    isCompleted: task.isCompleted,
    note: withNote ? note : '',
    hasNote: 'hasNote' in task ? task.hasNote : note.trim() !== '',
    checklist: task.checklist,
    lastTimeblockEnd: extras.lastBlockEnds.get(task.id) ?? -1,
    updatedAt: task.updatedAt,
    recurrenceRule: task.recurrenceRule ?? undefined,
    recurringTaskId: task.recurringTaskId,
    instanceNumber: task.instanceNumber,
    // A series' task: its occurrence's start; another task: where its work is planned to start.
    expectedStart: task.recurringTaskId
      ? (task.expectedStart ?? -1)
      : (extras.expectedStarts.get(task.id) ?? -1),
    createdAt: task.createdAt,
    isUnconfirmed: task.isUnconfirmed,
  };
}

/** Search results: only what a result row shows (no time spent, blocks, note or checklist). */
export function presentCheapTask(
  task: Task,
  categories: ReadonlyMap<string, Category>,
): Plain<WireTask> {
  const none = new Map<string, number>();
  return {
    ...presentTask(
      task,
      { categories, fulfilled: none, lastBlockEnds: none, expectedStarts: none },
      false,
    ),
    checklist: [],
  };
}
