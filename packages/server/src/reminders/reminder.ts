import type { RecurrenceRule } from '@planner/core';

/** A reminder as stored: a one-off reminder or the first occurrence of a recurring series. */
export interface StoredReminder {
  id: string;
  /** '' is kept; clients show their translated "untitled" placeholder. */
  title: string;
  /** An all-day reminder starts at local midnight of its day in `timezone`. */
  start: number;
  allDay: boolean;
  timezone: string;
  star: boolean;
  /** Done state of a one-off reminder (0 open, 1 done); occurrences keep their own. */
  status: number;
  recurrenceRule: RecurrenceRule | null;
  /** The series a split series was cut from; '' otherwise. */
  rootId: string;
  /** Instance numbers the series skips: deleted or moved occurrences. */
  exceptions: number[];
  /** Start of the last occurrence (a bound); a far-future instant for a series without end. */
  lastStart: number;
  createdAt: number;
  updatedAt: number;
}

/** What happened to one occurrence of a series. Null fields keep the series' value. */
export interface OccurrenceState {
  reminderId: string;
  instanceNumber: number;
  status: number;
  isDeleted: boolean;
  /** Set when the occurrence was moved on its own. */
  start: number | null;
  title: string | null;
  star: boolean | null;
  allDay: boolean | null;
  updatedAt: number;
}

/** One concrete reminder occurrence, as GetReminders and the timeline answer it. */
export interface ReminderInstance {
  id: string;
  /** `{id}:{origin}`. */
  instanceId: string;
  title: string;
  start: number;
  allDay: boolean;
  timezone: string;
  status: number;
  star: boolean;
  /** The start the series gives this occurrence (its start before any move); a one-off's start. */
  origin: number;
  instanceNumber: number;
  recurrenceRule: RecurrenceRule | null;
  createdAt: number;
}
