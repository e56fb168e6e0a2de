/** The task as the server's services see it (rows never leave the repository). */
export interface ChecklistItem {
  id: string;
  content: string;
  done: boolean;
  sort: number;
}

/** RFC 5545 subset of the spec; freq 'none' or an empty rule means the task does not recur. */
export interface TaskRecurrenceRule {
  freq: string;
  interval: number;
  byDay: string;
  until: number;
  count: number;
}

export interface Task {
  id: string;
  /** '' when the user left it empty: clients show their translated "untitled" placeholder. */
  title: string;
  categoryId: string;
  timeScheduled: number;
  /** -1 means none. */
  deadline: number;
  isCompleted: boolean;
  note: string;
  checklist: ChecklistItem[];
  /** Explicit plan order set by shuffle; null orders by createdAt. */
  order: number | null;
  recurrenceRule: TaskRecurrenceRule | null;
  recurringTaskId: string;
  instanceNumber: number;
  /** A series' task: the start of its occurrence; -1 (or absent) for other tasks. */
  expectedStart?: number;
  isUnconfirmed: boolean;
  createdAt: number;
  updatedAt: number;
  /** -1 while open. */
  completedAt: number;
}

/** What a recurring series' new instances copy. */
interface TaskTemplate {
  title: string;
  categoryId: string;
  timeScheduled: number;
  note: string;
  checklist: ChecklistItem[];
  /** Deadline minus the occurrence start; null: no deadline. */
  deadlineOffset: number | null;
}

/**
 * A recurring task series. Occurrence k of `rule`, counted from `anchorStart` in the user's zone,
 * is instance `anchorNumber + k`; `lastInstance` (started at `lastStart`) is the newest made.
 */
export interface TaskSeries {
  id: string;
  rule: TaskRecurrenceRule;
  anchorStart: number;
  anchorNumber: number;
  lastInstance: number;
  lastStart: number;
  /** Start of the next occurrence to make; NEVER when the rule has no more. */
  nextAt: number;
  template: TaskTemplate;
}

/** A task as lists read it: without the note, which only says whether there is one. */
export type TaskSummary = Omit<Task, 'note'> & { hasNote: boolean; note?: string };

/** What the planner needs of an open task; read without the note and checklist. */
export interface PlanningTask {
  id: string;
  timeScheduled: number;
  deadline: number;
  createdAt: number;
  order: number | null;
  isUnconfirmed: boolean;
}

export type TaskStatusFilter = 'todo' | 'done' | 'unconfirmed' | 'all';

export function toPlanningTask(task: Omit<Task, 'note'>): PlanningTask {
  return {
    id: task.id,
    timeScheduled: task.timeScheduled,
    deadline: task.deadline,
    createdAt: task.createdAt,
    order: task.order,
    isUnconfirmed: task.isUnconfirmed,
  };
}
