import type { Generated } from 'kysely';

/** History, current and fixed future blocks. Planned (non-fixed future) blocks are never stored. */
export interface TimeblockRow {
  user_id: string;
  id: string;
  task_id: string | null;
  event_id: string | null;
  start_ms: number;
  end_ms: number;
  is_fixed: number;
  is_rest: number;
  created_at: number;
  updated_at: number;
}

/** One row per user: the timeline's state machine (docs/design.md, Planning). */
export interface TimelineStateRow {
  user_id: string;
  auto_extend: number;
  is_paused: number;
  /** Seed of the last Shuffle; 0 before any. */
  shuffle_seed: number;
  /** Id of the stored timeblock that is current, or '' when none is. */
  current_block_id: string;
  /** The instant the state machine was last advanced to. */
  advanced_at: number;
  /** The earliest instant at which advancing could change anything; lets reads skip planning. */
  next_transition_at: number;
  timeline_updated_at: number;
  reminder_updated_at: number;
  has_unconfirmed_task: number;
  /**
   * Bumped by every event and category write (never written with the state): what the cache of
   * expanded event instances is keyed on.
   */
  calendar_revision: Generated<number>;
  /**
   * The earliest start of a recurring task occurrence still to be made (tasks/recurring-tasks.ts
   * writes it; never written with the state): reads before it do no recurring-task work.
   */
  next_recurring_task_at: Generated<number>;
  /**
   * The planned (non-fixed, future) task blocks of the latest plan computed, as JSON
   * `{ frame, blocks: [[taskId, start, end], ...] }` ('' for none): what the next re-plan keeps.
   */
  planned_blocks: Generated<string>;
  /** The moves of the latest re-plan that moved something, as JSON ('' for none). */
  plan_changes: Generated<string>;
  /** The request id of the latest change of a person's call not yet planned ('' for none). */
  plan_cause: Generated<string>;
}

export interface TimelineTables {
  timeblocks: TimeblockRow;
  timeline_state: TimelineStateRow;
}
