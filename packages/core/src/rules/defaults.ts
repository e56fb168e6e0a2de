/**
 * Defaults and constants both sides use (planning-core spec, section 9; accounts spec, section 9).
 * Durations are milliseconds, counts are plain numbers, nothing here is worded.
 */
import {
  addLocalDays,
  atLocalTimeOfDay,
  DAY_MS,
  fromWallClock,
  HOUR_MS,
  MINUTE_MS,
  startOfLocalDay,
} from '../time/zone';
import { durationSliderSteps, TASK_DURATION_MAX_MS, TASK_DURATION_MIN_MS } from './duration';
import {
  EVENT_MIN_GAP_MS,
  LONG_EVENT_WARNING_MS,
  NEW_EVENT_END_OFFSET_MS,
  NEW_EVENT_START_OFFSET_MS,
} from './event-editor';
import { HISTORY_EDIT_LIMIT_MS } from './tiers';

export const APP_VERSION = '1.3.143';
/** `version` sent with GetTimeline. */
export const TIMELINE_API_VERSION = 4;
/** `apiVersion` sent with UpdateEvent and DeleteEvent. */
export const EVENT_API_VERSION = 1;
/** `version` sent with UpdateUserOptions. */
export const USER_OPTIONS_VERSION = 3;
/** Local storage keys carry this prefix; keys of other versions are deleted at start. */
export const STORAGE_KEY_VERSION = '1.3';

export const DEFAULT_TIME_SCHEDULED_MS = HOUR_MS;
export const DEFAULT_DEADLINE_DAYS = 7;
export const REOPEN_DEFAULT_MS = 30 * MINUTE_MS;
/** A completed task reopened with nothing scheduled gets this much again. */
export const REOPEN_ZERO_RESET_MS = HOUR_MS;
/** An unconfirmed task left unchecked in the dialog gets this much more time. */
export const UNCONFIRMED_MORE_TIME_MS = HOUR_MS;
export const REST_AFTER_DONE_MS = 5 * MINUTE_MS;
export const REST_DEFAULT_MS = HOUR_MS;
export const REST_STEP_MS = 30 * MINUTE_MS;
export const AUTO_EXTEND_STEP_MS = 30 * MINUTE_MS;
export const BLOCK_MERGE_GAP_MS = 60_000;
export const BLOCK_MERGE_GAP_DEBUG_MS = 9_000;
export const TIMELINE_POLLING_INTERVAL_MS = 5_000;

/** GetTasks page sizes by status filter. */
export const TASK_PAGE_SIZES = { done: 30, todo: 1000, unconfirmed: 1000, all: 100 } as const;
/** Analysis list page sizes by view. */
export const ANALYSIS_PAGE_SIZES = { day: 15, week: 10, month: 10, year: 2 } as const;

/** The planning-core spec's section 9 (and the client timings of its sections 4 and 7). */
export const PLANNING_CONSTANTS = {
  defaultTimelineWindow: { daysBefore: 1, daysAfter: 7 },
  loadMoreChunkDays: 14,
  timelineEdgeLoadDays: 3,
  weekViewLoad: { weeksBefore: 1, weeksAfter: 2 },
  blockMergeGapMs: BLOCK_MERGE_GAP_MS,
  blockMergeGapDebugMs: BLOCK_MERGE_GAP_DEBUG_MS,
  longBreakMs: 5 * HOUR_MS,
  weekViewMinBlockMs: 3 * MINUTE_MS,
  pollingIntervalMs: TIMELINE_POLLING_INTERVAL_MS,
  doneTasksPageSize: TASK_PAGE_SIZES.done,
  loadMoreTriggerPx: 100,
  scrollThrottleMs: 300,
  restAfterDoneMs: REST_AFTER_DONE_MS,
  restDefaultMs: REST_DEFAULT_MS,
  restStepMs: REST_STEP_MS,
  autoExtendStepMs: AUTO_EXTEND_STEP_MS,
  reopenDefaultMs: REOPEN_DEFAULT_MS,
  durationSliderStepsMs: durationSliderSteps(false),
  durationSliderDevStepsMs: durationSliderSteps(true),
  taskDurationMinMs: TASK_DURATION_MIN_MS,
  taskDurationMaxMs: TASK_DURATION_MAX_MS,
  defaultTimeScheduledMs: DEFAULT_TIME_SCHEDULED_MS,
  defaultDeadlineDays: DEFAULT_DEADLINE_DAYS,
  newEventStartOffsetMs: NEW_EVENT_START_OFFSET_MS,
  newEventEndOffsetMs: NEW_EVENT_END_OFFSET_MS,
  eventMinGapMs: EVENT_MIN_GAP_MS,
  longEventWarningMs: LONG_EVENT_WARNING_MS,
  historyEditLimitMs: HISTORY_EDIT_LIMIT_MS,
  notesMaxRows: 60,
  categorySuggestions: { count: 5, windowDays: 60 },
  undoDeleteMs: 5_000,
  toastMs: 5_000,
  savingToastTaskMs: 1_000,
  savingToastEventMs: 3_000,
  searchDebounceMs: 300,
  checklistSaveDebounceMs: 3_000,
  autoExtendHintMs: 3_800,
  progressCheckMs: 1_000,
  progressSlowCheckMs: 20_000,
  nowIndicatorRefreshMs: 10_000,
  clockOffset: { maxRequestMs: 5_000, roundToMs: 100 },
  dragLongPressMs: 400,
  dragSnapMs: 5 * MINUTE_MS,
  dragWindowBounds: { topRatio: 0.15, bottomRatio: 0.85 },
  swipeThreshold: { px: 8, widthRatio: 0.2 },
  clearOverdueLinkAbove: { count: 7, devCount: 0 },
  durationDisplayLargestUnits: 2,
  recycler: { preload: 50, sentinelEvery: 10 },
  drawerSwipeThresholdPx: 40,
  datePicker: { minDaysBack: 90, max: { year: 2048, month: 12, day: 31 } },
  appVersion: APP_VERSION,
} as const;

/** The merge gap of timeline blocks: 60 s, or 9 s in debug mode. */
export function blockMergeGapMs(isDebug: boolean): number {
  return isDebug ? BLOCK_MERGE_GAP_DEBUG_MS : BLOCK_MERGE_GAP_MS;
}

const END_OF_DAY_MS = DAY_MS - MINUTE_MS;

/**
 * The deadline a new task is offered: the end (23:59) of the local day 7 days from today. A
 * deadline at the end of a day reads as "due that day" and does not depend on the minute the
 * task was added; 23:59 is a wall-clock time, so it holds across daylight-saving changes.
 */
export function defaultTaskDeadline(now: number, timeZone: string): number {
  return atLocalTimeOfDay(
    addLocalDays(now, DEFAULT_DEADLINE_DAYS, timeZone),
    END_OF_DAY_MS,
    timeZone,
  );
}

/** The rest a break dialog offers: 5 minutes right after marking a task done, else 1 hour. */
export function defaultRestMs(afterMarkingDone: boolean): number {
  return afterMarkingDone ? REST_AFTER_DONE_MS : REST_DEFAULT_MS;
}

/** timeScheduled when a completed task is reopened: a task with nothing left gets 1 hour. */
export function timeScheduledOnReopen(timeScheduled: number): number {
  return timeScheduled > 0 ? timeScheduled : REOPEN_ZERO_RESET_MS;
}

export interface TimeWindow {
  start: number;
  end: number;
}

/** The agenda's first load: from the start of yesterday to the end of the 7th day after today. */
export function defaultTimelineWindow(now: number, timeZone: string): TimeWindow {
  const { daysBefore, daysAfter } = PLANNING_CONSTANTS.defaultTimelineWindow;
  const today = startOfLocalDay(now, timeZone);
  return {
    start: addLocalDays(today, -daysBefore, timeZone),
    end: addLocalDays(today, daysAfter + 1, timeZone),
  };
}

/** The week view's load: from 1 week before to 2 weeks after the week start. */
export function weekViewWindow(weekStart: number, timeZone: string): TimeWindow {
  const { weeksBefore, weeksAfter } = PLANNING_CONSTANTS.weekViewLoad;
  return {
    start: addLocalDays(weekStart, -7 * weeksBefore, timeZone),
    end: addLocalDays(weekStart, 7 * weeksAfter, timeZone),
  };
}

/** A date picker's range: from the start of the day 90 days back to the end of 2048-12-31. */
export function datePickerBounds(now: number, timeZone: string): TimeWindow {
  const { minDaysBack, max } = PLANNING_CONSTANTS.datePicker;
  return {
    start: startOfLocalDay(addLocalDays(now, -minDaysBack, timeZone), timeZone),
    end: fromWallClock({ ...max, day: max.day + 1 }, timeZone) - 1,
  };
}
