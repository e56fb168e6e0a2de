import type {
  BlockContainer,
  Category,
  Event as WireEvent,
  Plain,
  PlanChanges,
  PlanMove,
  Reminder,
  Task,
} from '@planner/protocol';

export type { TimeRange, WireTimelineState } from '../api/timed-call';

/** Wire shapes of the agenda, as the protocol edge hands them over (numbers, no bigint). */
export type WireContainer = Plain<BlockContainer>;
export type WireTask = Plain<Task>;
export type WireEventInstance = Plain<WireEvent>;
export type WireReminder = Plain<Reminder>;
export type WireCategory = Plain<Category>;
export type WirePlanChanges = Plain<PlanChanges>;
export type WirePlanMove = Plain<PlanMove>;

export type AgendaView = 'day' | 'week';
