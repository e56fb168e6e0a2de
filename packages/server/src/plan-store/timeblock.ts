/** A time that never comes: no transition, no next occurrence. */
export const NEVER = Number.MAX_SAFE_INTEGER;

/** A stored timeblock: history, the current block, or a fixed future block. */
export interface Timeblock {
  id: string;
  taskId: string | null;
  eventId: string | null;
  start: number;
  end: number;
  isFixed: boolean;
  isRest: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface TimelineState {
  autoExtend: boolean;
  isPaused: boolean;
  shuffleSeed: number;
  /** '' when no stored block is current. */
  currentBlockId: string;
  advancedAt: number;
  nextTransitionAt: number;
  timelineUpdatedAt: number;
  reminderUpdatedAt: number;
  hasUnconfirmedTask: boolean;
  /**
   * The user's calendar revision as read with the row (the event-instance cache's key); never
   * written from here: only bumpCalendarRevision changes it.
   */
  calendarRevision?: number;
  /**
   * The earliest start of a recurring task occurrence still to be made, as read with the row
   * (NEVER when none); written only by tasks/recurring-tasks.ts.
   */
  nextRecurringTaskAt?: number;
  /**
   * The planned future of the latest plan computed (JSON, see plan-record.ts; '' or absent for
   * none). Kept as text: equal plans compare equal, and a poll never parses it.
   */
  plannedBlocks?: string;
  /** The moves of the latest re-plan that moved something (JSON, see plan-record.ts). */
  planChanges?: string;
  /** The request id of the latest change a person's call made that no plan has seen yet. */
  planCause?: string;
}
