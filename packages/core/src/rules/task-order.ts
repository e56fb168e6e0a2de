/**
 * The task list (planning-core spec, section 2 "Tasks list screen" and section 4 "List ordering").
 */

export interface ListedTask {
  id: string;
  isCompleted: boolean;
  /** -1 (or any negative) means no deadline. */
  deadline: number;
  updatedAt: number;
}

function hasDeadline(task: ListedTask): boolean {
  return task.deadline >= 0;
}

/**
 * To-do order: tasks with a deadline first, earliest first (ties by id, so the list is stable
 * across devices), then the tasks without one in the order given (the server's plan order).
 */
export function compareTodoTasks(a: ListedTask, b: ListedTask): number {
  const aHas = hasDeadline(a);
  const bHas = hasDeadline(b);
  if (aHas !== bHas) return aHas ? -1 : 1;
  if (!aHas) return 0;
  return a.deadline - b.deadline || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Done order: most recently updated first (ties by id). */
export function compareDoneTasks(a: ListedTask, b: ListedTask): number {
  return b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Open tasks in to-do order, then done tasks newest update first. Does not change its input. */
export function sortTasksForList<T extends ListedTask>(tasks: readonly T[]): T[] {
  const todo = tasks.filter((t) => !t.isCompleted).sort(compareTodoTasks);
  const done = tasks.filter((t) => t.isCompleted).sort(compareDoneTasks);
  return [...todo, ...done];
}

export interface TaskSections<T> {
  /** The task that holds the current timeblock, if it is open and in the list. */
  doing: T | null;
  todo: T[];
  done: T[];
}

/**
 * The Doing / To do / Done sections given the current block's task id (null when the current
 * block is not a task). Each section is in list order.
 */
export function splitTaskSections<T extends ListedTask>(
  tasks: readonly T[],
  currentTaskId: string | null | undefined,
): TaskSections<T> {
  const sorted = sortTasksForList(tasks);
  const doing = sorted.find((t) => !t.isCompleted && t.id === currentTaskId) ?? null;
  return {
    doing,
    todo: sorted.filter((t) => !t.isCompleted && t !== doing),
    done: sorted.filter((t) => t.isCompleted),
  };
}
