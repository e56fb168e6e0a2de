export type {
  AutoIdleSettings,
  Interval,
  MoveReason,
  MovedTask,
  PlanEvent,
  PlanRequest,
  PlanResult,
  PlanShape,
  PlanTask,
  PlanTimeblock,
  PlannedBlock,
  UnplannedReason,
  UnplannedTask,
} from './types';
export {
  planTimeline,
  comparePlanOrder,
  computeTasksToPlan,
  MAX_PLANNING_SPAN_MS,
} from './plan-timeline';
export type { TaskToPlan } from './plan-timeline';
export {
  MIN_FRAGMENT_MS,
  computeBusyIntervals,
  computeFreeIntervals,
  computeFreeTime,
  isBlockKept,
} from './busy-time';
export type { BusyTimeInput } from './busy-time';
export { findCurrentBlock } from './current-block';
export { autoIdleWindows } from './auto-idle';
export { parsePlanRequest, PlanRequestError } from './plan-request-schema';
