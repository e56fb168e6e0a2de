import { PLANNING_CONSTANTS } from '../rules/defaults';

/** A timeblock as the client shows it (spec: Timeblock). */
export interface TimelineBlock {
  id: string;
  task?: string;
  event?: string;
  start: number;
  end: number;
  /** Locked: placed by the user, the scheduler does not move it. */
  fixed: boolean;
  isRest: boolean;
  /** Preparation time before or after an event (travelTop / travelBottom). */
  isTravel?: boolean;
}

/** Blocks whose times overlap, shown side by side; `start`/`end` span them all. */
export interface BlockGroup<B extends TimelineBlock = TimelineBlock> {
  /** Stable key: the id of the group's first block. */
  id: string;
  start: number;
  end: number;
  blocks: B[];
}

export type IdleKind = 'long' | 'short';

/**
 * Free time between groups, one per local day. The UI gives it its title ("Idle") and colour
 * (blue-grey); a short one is a quick-add spot.
 */
export interface IdleBlock {
  id: string;
  start: number;
  end: number;
  isIdle: true;
  kind: IdleKind;
  quickAdd: boolean;
}

/*
 * The merge gaps (BLOCK_MERGE_GAP_MS, 60 s; BLOCK_MERGE_GAP_DEBUG_MS, 9 s) are exported by
 * rules/defaults with the spec's other constants.
 */
/** Idle time longer than this is a long break; shorter is a short one (a quick-add spot). */
export const LONG_IDLE_MS = PLANNING_CONSTANTS.longBreakMs;
/** The week view leaves out blocks shorter than this. */
export const WEEK_VIEW_MIN_BLOCK_MS = PLANNING_CONSTANTS.weekViewMinBlockMs;
