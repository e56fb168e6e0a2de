import { readJson, writeJson } from '../storage/local-storage';
import type { PlainTask } from './tasks-api';

const FILTER_KEY = 'tasksCategoryFilter';

function isIdList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** The category ids the list is filtered to; empty means every category. Kept on this device. */
export function readCategoryFilter(): string[] {
  return readJson(FILTER_KEY, isIdList) ?? [];
}

export function writeCategoryFilter(ids: readonly string[]): void {
  writeJson(FILTER_KEY, ids);
}

/** The tasks to list: not waiting out an undo, and in one of the chosen categories (if any). */
export function visibleTasks(
  tasks: readonly PlainTask[],
  hidden: ReadonlySet<string>,
  categoryIds: readonly string[],
): PlainTask[] {
  return tasks.filter(
    (task) =>
      !hidden.has(task.id) &&
      (categoryIds.length === 0 || categoryIds.includes(task.category?.id ?? '')),
  );
}
