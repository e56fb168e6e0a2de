import type { Generated } from 'kysely';

/** Rows of the tasks domain. Booleans are 0/1, instants int8 ms, JSON as text. */
export interface TaskRow {
  user_id: string;
  id: string;
  /** Stored as given; an empty title is shown as the translated untitled placeholder. */
  title: string;
  category_id: string;
  time_scheduled: number;
  /** -1 means no deadline. */
  deadline: number;
  is_completed: number;
  note: string;
  /** JSON array of checklist items. */
  checklist: string;
  /** Explicit plan order (drag, shuffle); null means ordered by created_at. */
  order_key: number | null;
  /** JSON recurrence rule, or '' when the task does not recur. */
  recurrence_rule: string;
  recurring_task_id: string;
  instance_number: number;
  /** The session ended with no time left and auto-extend off; the user must confirm. */
  is_unconfirmed: number;
  created_at: number;
  updated_at: number;
  /** -1 while open. */
  completed_at: number;
  /** A series' task: the start of its occurrence; -1 for other tasks. */
  expected_start: Generated<number>;
}

/**
 * One recurring task series (id = the id of its first task, every instance's recurring_task_id).
 * Occurrence k of `rule` counted from `anchor_start` is instance `anchor_number + k`.
 */
export interface TaskSeriesRow {
  user_id: string;
  id: string;
  /** JSON recurrence rule. */
  rule: string;
  anchor_start: number;
  anchor_number: number;
  /** The newest instance made, and its occurrence start. */
  last_instance: number;
  last_start: number;
  /** The start of the next occurrence to make; NEVER once the rule has no more. */
  next_at: number;
  // What new instances copy.
  title: string;
  category_id: string;
  time_scheduled: number;
  note: string;
  /** JSON array of checklist items. */
  checklist: string;
  /** Deadline minus occurrence start; null: instances have no deadline. */
  deadline_offset: number | null;
}

export interface TasksTables {
  tasks: TaskRow;
  task_series: TaskSeriesRow;
}
