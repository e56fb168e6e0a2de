/**
 * Rows of the reminders domain. A recurring reminder is one series row; what happens to a single
 * occurrence (done, moved, retitled, deleted) is an occurrence row keyed by its instance number
 * in the series. Booleans are 0/1, instants int8 ms, JSON as text.
 */
export interface ReminderRow {
  user_id: string;
  id: string;
  title: string;
  start_ms: number;
  all_day: number;
  timezone: string;
  star: number;
  /** Done state of a one-off reminder (0 open, 1 done); occurrences of a series keep their own. */
  status: number;
  /** JSON recurrence rule, or '' when the reminder does not recur. */
  recurrence_rule: string;
  /** The series a split series was cut from; '' otherwise. */
  root_id: string;
  /** JSON array of instance numbers the series skips (deleted or moved occurrences). */
  exceptions: string;
  /** Start of the last occurrence (a bound); bounds range queries of series. */
  last_start_ms: number;
  created_at: number;
  updated_at: number;
}

export interface ReminderOccurrenceRow {
  user_id: string;
  reminder_id: string;
  instance_number: number;
  status: number;
  is_deleted: number;
  /** Overrides of this occurrence; null keeps the series' value. A set start means it moved. */
  start_ms: number | null;
  title: string | null;
  star: number | null;
  all_day: number | null;
  updated_at: number;
}

export interface RemindersTables {
  reminders: ReminderRow;
  reminder_occurrences: ReminderOccurrenceRow;
}
