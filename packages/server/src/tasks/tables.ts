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
}

export interface TasksTables {
  tasks: TaskRow;
}
