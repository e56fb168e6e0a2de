import type { Generated } from 'kysely';

/**
 * Rows of the events domain. A recurring event is one series row (its first instance's start and
 * end plus the rule); an instance changed on its own is an override row whose `root_id` names the
 * series and whose `original_instance` names the instance it replaces. Booleans are 0/1, instants
 * int8 ms, JSON as text.
 */
export interface EventRow {
  user_id: string;
  id: string;
  title: string;
  start_ms: number;
  end_ms: number;
  all_day: number;
  /** '' only for synced events, which may come without one. */
  category_id: string;
  travel_top: number;
  travel_bottom: number;
  /** JSON array of offsets in ms before start. */
  notifications: string;
  /** JSON recurrence rule, or '' when the event does not recur. */
  recurrence_rule: string;
  timezone: string;
  note: string;
  /** JSON array of checklist items. */
  checklist: string;
  /** Name of the external calendar; '' for the user's own (editable) events. */
  source: string;
  /** The series an override belongs to, or the series a split series was cut from; '' otherwise. */
  root_id: string;
  /** For an override: the instance number it replaces in `root_id`; -1 otherwise. */
  original_instance: number;
  /** JSON array of instance numbers of this series that are deleted or overridden. */
  exceptions: string;
  /** End of the last instance (plus nothing); bounds range queries of series. */
  last_end_ms: number;
  created_at: number;
  updated_at: number;
}

/** Where a synced event came from (calendar-sync/synced-events.ts); '' for the user's own. */
interface SyncColumns {
  /** The connected calendar. */
  sync_origin: Generated<string>;
  /** The occurrence's key in that calendar. */
  sync_key: Generated<string>;
}

export interface EventsTables {
  events: EventRow & SyncColumns;
}
