/**
 * The engine's contract (docs/design.md, The engine CLI). Instants and durations are integer milliseconds.
 * These shapes are also what the CLI reads and writes, line by line, so keep them stable.
 */
import type { RecurrenceRule } from '../recurrence/index';

export interface PlanTask {
  id: string;
  timeScheduled: number;
  timeFulfilled: number;
  /** -1 means none. */
  deadline: number;
  createdAt: number;
  isCompleted: boolean;
  /** When present it replaces createdAt in ordering (drag, shuffle, do it now). */
  order?: number;
}

export interface PlanEvent {
  id: string;
  /** The first instance; later instances keep its local wall-clock time. */
  start: number;
  end: number;
  allDay: boolean;
  travelTop: number;
  travelBottom: number;
  recurrenceRule?: RecurrenceRule;
}

export interface PlanTimeblock {
  id: string;
  task?: string;
  event?: string;
  start: number;
  end: number;
  fixed: boolean;
  isRest: boolean;
}

export interface AutoIdleSettings {
  enabled: boolean;
  /** Wall-clock time of day, ms after local midnight. start > end crosses midnight. */
  start: number;
  end: number;
}

export interface PlanRequest {
  now: number;
  timezone: string;
  horizonEnd: number;
  autoIdle: AutoIdleSettings;
  state: { isPaused: boolean; autoExtend: boolean };
  tasks: PlanTask[];
  events: PlanEvent[];
  timeblocks: PlanTimeblock[];
  taskLimit?: number;
}

export interface PlannedBlock {
  task: string;
  start: number;
  end: number;
}

export type UnplannedReason = 'horizon' | 'taskLimit';

export interface UnplannedTask {
  task: string;
  remaining: number;
  reason: UnplannedReason;
}

export interface PlanResult {
  /** The planned, non-fixed future task blocks, sorted by start. */
  timeblocks: PlannedBlock[];
  unplanned: UnplannedTask[];
  /** Tasks that will miss their deadline under this plan. */
  late: string[];
}

/** A half-open span of time [start, end). */
export interface Interval {
  start: number;
  end: number;
}
