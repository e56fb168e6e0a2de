import {
  agendaHorizonEnd,
  computeBusyIntervals,
  DAY_MS,
  MINUTE_MS,
  TASK_DURATION_MAX_MS,
  type AutoIdleSettings,
  type PlanEvent,
  type PlanRequest,
  type PlanResult,
  type PlanShape,
} from '@planner/core';
import type { PlanningTask } from '../tasks/task';
import { NEVER, type Timeblock, type TimelineState } from '../plan-store/timeblock';
import type { PlannedInterval } from '../plan-store/plan-record';
import { keptTimeblocks } from './plan-keeping';

export { NEVER };

/** Auto-extend and rest steps (docs/design.md, Planning). */
export const EXTENSION_MS = 30 * MINUTE_MS;
/** How far ahead an unlimited agenda is planned: the engine needs a finite horizon. */
export const UNLIMITED_HORIZON_DAYS = 90;
/** A replay after a long absence starts at most this long ago; older time is not reconstructed. */
export const MAX_REPLAY_MS = 7 * DAY_MS;

export type Planner = (request: PlanRequest) => PlanResult;

/** The user's settings that shape the plan, read once per call. */
export interface PlanSettings {
  timezone: string;
  autoIdle: AutoIdleSettings;
  /** Limits on the plan's shape; empty for none. */
  shape: PlanShape;
  agendaLengthDays: number | null;
  taskLimit: number | null;
  /** Non-all-day event instances (each one a non-recurring PlanEvent) over the replay and horizon. */
  events: PlanEvent[];
}

/**
 * What the state machine works on, in memory: the open tasks, the stored blocks that end after
 * `baseTime` (the current block, fixed future ones and any it creates), and the time each task
 * had spent before `baseTime` in blocks not loaded here.
 */
export interface TimelineWorld {
  state: TimelineState;
  tasks: Map<string, PlanningTask>;
  baseTime: number;
  baseFulfilled: Map<string, number>;
  blocks: Map<string, Timeblock>;
  changes: WorldChanges;
  /**
   * The planned future of the latest plan computed (the state's plannedBlocks, parsed): what
   * every plan of this world keeps unless forced (docs/plan-stability.md). Absent: none.
   */
  keptPlan?: PlannedInterval[];
}

export interface WorldChanges {
  /** Blocks to insert (a subset of `blocks`). */
  createdBlocks: Set<string>;
  blocks: Set<string>;
  deletedBlocks: Set<string>;
  tasks: Set<string>;
  state: boolean;
  /** A session was extended automatically (the user is told). */
  extended: boolean;
}

export function emptyChanges(): WorldChanges {
  return {
    createdBlocks: new Set(),
    blocks: new Set(),
    deletedBlocks: new Set(),
    tasks: new Set(),
    state: false,
    extended: false,
  };
}

export function hasChanges(changes: WorldChanges): boolean {
  return (
    changes.state ||
    changes.blocks.size > 0 ||
    changes.deletedBlocks.size > 0 ||
    changes.tasks.size > 0
  );
}

/** Forgets a block; one created in this call is simply never written. */
export function dropBlock(world: TimelineWorld, id: string): void {
  world.blocks.delete(id);
  world.changes.blocks.delete(id);
  if (world.changes.createdBlocks.delete(id)) return;
  world.changes.deletedBlocks.add(id);
}

/**
 * Moves a block's end earlier (to its start: the block never took place). Time spent before the
 * base time was summed when the world was loaded: what the cut takes off there is taken back.
 */
export function cutBlockEnd(world: TimelineWorld, block: Timeblock, end: number): void {
  const cutBeforeBase = Math.min(block.end, world.baseTime) - Math.max(end, block.start);
  if (block.taskId && cutBeforeBase > 0) {
    const spent = world.baseFulfilled.get(block.taskId) ?? 0;
    world.baseFulfilled.set(block.taskId, spent - cutBeforeBase);
  }
  block.end = end;
}

/** Time spent on a task up to `t` (t at or after baseTime). */
export function fulfilledAt(world: TimelineWorld, taskId: string, t: number): number {
  let spent = world.baseFulfilled.get(taskId) ?? 0;
  for (const block of world.blocks.values()) {
    if (block.taskId !== taskId) continue;
    const from = Math.max(block.start, world.baseTime);
    const to = Math.min(block.end, t);
    if (to > from) spent += to - from;
  }
  return spent;
}

/** Time still ahead after `t` in the task's stored blocks (its current and fixed future ones). */
function aheadAt(world: TimelineWorld, taskId: string, t: number): number {
  let ahead = 0;
  for (const block of world.blocks.values()) {
    if (block.taskId !== taskId || block.end <= t) continue;
    ahead += block.end - Math.max(block.start, t);
  }
  return ahead;
}

/** What the task still needs beyond its spent time and its stored blocks ahead. */
export function remainingAt(world: TimelineWorld, taskId: string, t: number): number {
  const task = world.tasks.get(taskId);
  if (!task) return 0;
  return task.timeScheduled - fulfilledAt(world, taskId, t) - aheadAt(world, taskId, t);
}

export function currentBlock(world: TimelineWorld): Timeblock | undefined {
  const id = world.state.currentBlockId;
  return id ? world.blocks.get(id) : undefined;
}

/**
 * Horizon ends by zone, agenda length and minute: zone math is dear on the hot path, and every
 * call of every user of a zone and tier in the same minute asks the same. Exact: the same
 * wall-clock time N days on moves with the instant inside a minute (zones change their offset
 * on whole minutes only).
 */
const horizonEnds = new Map<string, number>();
const HORIZON_ENDS_KEPT = 1_000;

export function horizonEndAt(settings: PlanSettings, t: number): number {
  const days = settings.agendaLengthDays;
  if (days === null) return t + UNLIMITED_HORIZON_DAYS * DAY_MS;
  const minute = Math.floor(t / MINUTE_MS) * MINUTE_MS;
  const key = `${settings.timezone}|${days}|${minute}`;
  let end = horizonEnds.get(key);
  if (end === undefined) {
    end = agendaHorizonEnd(minute, settings.timezone, days) ?? minute;
    if (horizonEnds.size >= HORIZON_ENDS_KEPT) horizonEnds.clear();
    horizonEnds.set(key, end);
  }
  return end + (t - minute);
}

/** The engine's request for the plan as it stands at `t`. */
export function planRequestAt(
  world: TimelineWorld,
  settings: PlanSettings,
  t: number,
): PlanRequest {
  const tasks = [...world.tasks.values()].map((task) => ({
    id: task.id,
    timeScheduled: task.timeScheduled,
    timeFulfilled: fulfilledAt(world, task.id, t),
    deadline: task.deadline,
    createdAt: task.createdAt,
    isCompleted: false,
    ...(task.order === null ? {} : { order: task.order }),
  }));
  const timeblocks = [...world.blocks.values()]
    .filter((b) => b.end > t && b.end > b.start)
    .map((b) => ({
      id: b.id,
      ...(b.taskId ? { task: b.taskId } : {}),
      ...(b.eventId ? { event: b.eventId } : {}),
      start: b.start,
      end: b.end,
      // The current block and stored future blocks are busy time whatever their flag says.
      fixed: true,
      isRest: b.isRest,
    }));
  // The kept plan: the engine keeps these blocks unless it is forced to move them.
  timeblocks.push(...keptTimeblocks(world, t));
  return {
    now: t,
    timezone: settings.timezone,
    horizonEnd: horizonEndAt(settings, t),
    autoIdle: settings.autoIdle,
    ...(Object.keys(settings.shape).length > 0 ? { shape: settings.shape } : {}),
    state: { isPaused: world.state.isPaused, autoExtend: world.state.autoExtend },
    tasks,
    events: settings.events,
    timeblocks,
    ...(settings.taskLimit === null
      ? {}
      : { taskLimit: Math.max(0, settings.taskLimit - heldOnly(world, t)) }),
  };
}

/**
 * Open tasks that hold the current block or a fixed future block and have no time left to plan
 * beyond them. They are tracked (on the agenda now) but the engine, which counts the tasks it
 * plans against `taskLimit`, never sees them as tasks to plan: without this a free account
 * with a running session had 21 tasks planned, not 20.
 */
function heldOnly(world: TimelineWorld, t: number): number {
  const held = new Set<string>();
  for (const block of world.blocks.values()) {
    if (block.taskId && block.end > t && block.end > block.start) held.add(block.taskId);
  }
  let count = 0;
  for (const taskId of held) {
    if (world.tasks.has(taskId) && remainingAt(world, taskId, t) <= 0) count += 1;
  }
  return count;
}

/**
 * The first instant after `t` that is busy (an event with its travel time, a stored block, the
 * daily idle window), as the engine sees busy time: a session started now runs until then.
 */
export function nextBusyStart(world: TimelineWorld, settings: PlanSettings, t: number): number {
  const request = planRequestAt(world, settings, t);
  const busy = computeBusyIntervals(request, t + TASK_DURATION_MAX_MS + DAY_MS);
  return busy.find((interval) => interval.start > t)?.start ?? NEVER;
}
