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
  /**
   * Previous-plan blocks starting before this instant move only when their time became busy
   * (or their task changed), unless that would leave more tasks late. Default: now + 2 hours.
   */
  settledUntil?: number;
  /** Room to breathe; each limit optional, absent means none. */
  shape?: PlanShape;
}

/** Limits on how task time is laid out, in ms. */
export interface PlanShape {
  /** Task time per local day, counting that day's task blocks already in `timeblocks`. */
  dailyTaskCap?: number;
  /** Time that is no task block between two consecutive task blocks. */
  buffer?: number;
  /** No planned task block is shorter, unless it is all that is left of its task. */
  minBlock?: number;
  /** No planned task block is longer. */
  maxBlock?: number;
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
  /** Tasks whose planned intervals differ from the previous plan's, with the cause. */
  moved: MovedTask[];
}

/**
 * Why a task's blocks moved: its old time became busy (the event or kept block now there; neither
 * for the rest window), its own task changed or was done, another task's deadline needed the
 * time, a shape limit, the task limit, or the horizon.
 */
export type MoveReason =
  | { kind: 'busy'; event?: string; block?: string }
  | { kind: 'changed' }
  | { kind: 'deadline'; task: string }
  | { kind: 'shape' }
  | { kind: 'limit' }
  | { kind: 'horizon' };

export interface MovedTask {
  task: string;
  reason: MoveReason;
}

/** A half-open span of time [start, end). */
export interface Interval {
  start: number;
  end: number;
}
