import { TASK_DURATION_MAX_MS, type PlanResult } from '@planner/core';
import type { Timeblock } from '../plan-store/timeblock';
import {
  currentBlock,
  cutBlockEnd,
  dropBlock,
  EXTENSION_MS,
  MAX_REPLAY_MS,
  NEVER,
  planRequestAt,
  remainingAt,
  type Planner,
  type PlanSettings,
  type TimelineWorld,
} from './world';

export type NewId = () => string;

const MAX_STEPS = 10_000;

function touchBlock(world: TimelineWorld, block: Timeblock, now: number): void {
  block.updatedAt = now;
  world.changes.blocks.add(block.id);
}

function setCurrent(world: TimelineWorld, id: string): void {
  world.state.currentBlockId = id;
  world.changes.state = true;
}

/** A stored block that may become current at or after `t`: fixed future work or a rest. */
function firstStoredStart(world: TimelineWorld, t: number, now: number): Timeblock | undefined {
  let first: Timeblock | undefined;
  for (const block of world.blocks.values()) {
    if (!block.taskId && !block.isRest) continue;
    if (block.end <= t || block.end <= block.start || block.start > now) continue;
    if (
      !first ||
      block.start < first.start ||
      (block.start === first.start && block.id < first.id)
    ) {
      first = block;
    }
  }
  return first;
}

/**
 * The current task block reached its end: with no time left the session is extended by 30
 * minutes (auto-extend on, as often as needed to pass `now`, never beyond 72 h scheduled) or ends
 * and leaves the task unconfirmed. Answers the instant the block ended, or null when extended.
 */
function finishCurrent(world: TimelineWorld, block: Timeblock, now: number): number | null {
  const task = block.taskId && !block.isRest ? world.tasks.get(block.taskId) : undefined;
  if (task && remainingAt(world, task.id, block.end) <= 0) {
    const wanted = Math.floor((now - block.end) / EXTENSION_MS) + 1;
    const allowed = Math.floor((TASK_DURATION_MAX_MS - task.timeScheduled) / EXTENSION_MS);
    const steps = Math.min(wanted, allowed);
    if (world.state.autoExtend && steps > 0) {
      task.timeScheduled += steps * EXTENSION_MS;
      block.end += steps * EXTENSION_MS;
      world.changes.tasks.add(task.id);
      world.changes.extended = true;
      touchBlock(world, block, now);
      return null;
    }
    if (!task.isUnconfirmed) {
      task.isUnconfirmed = true;
      world.changes.tasks.add(task.id);
    }
    world.state.hasUnconfirmedTask = true;
  }
  setCurrent(world, '');
  return block.end;
}

/**
 * A running session ends where an event's busy time (with its travel before it) or a fixed block
 * begins, even one added after the session started: the rest of the task is planned after it.
 * An event wins over the session even when its busy time has already begun (a meeting in ten
 * minutes with fifteen of travel): the session ends where that busy time begins, at the
 * earliest at its own start. An event whose busy time is over does not rewrite the session, and a
 * fixed block only cuts what lies from `now` on.
 */
function trimToBusy(
  world: TimelineWorld,
  settings: PlanSettings,
  block: Timeblock,
  now: number,
): void {
  if (block.isFixed || block.isRest || !block.taskId) return;
  let end = block.end;
  for (const event of settings.events) {
    const busyStart = event.start - event.travelTop;
    const busyEnd = event.end + event.travelBottom;
    if (event.allDay || busyEnd <= now || busyEnd <= block.start || busyStart >= end) continue;
    end = Math.max(block.start, busyStart);
  }
  const from = Math.max(block.start, now);
  for (const other of world.blocks.values()) {
    const starts = other.start > from && other.start < end;
    if (other.id !== block.id && other.isFixed && other.end > other.start && starts)
      end = other.start;
  }
  if (end === block.end) return;
  cutBlockEnd(world, block, end);
  touchBlock(world, block, now);
}

/**
 * Replays time from the last advanced instant to `now` (docs/design.md, Planning): a planned block whose start
 * arrives becomes the current block and is stored; at its end it is extended or the session ends;
 * a stored fixed block or rest whose start arrives becomes current. Paused, nothing is tracked.
 */
export function advanceTo(
  world: TimelineWorld,
  settings: PlanSettings,
  now: number,
  plan: Planner,
  newId: NewId,
): void {
  let t = Math.max(world.state.advancedAt, now - MAX_REPLAY_MS);
  for (let step = 0; step < MAX_STEPS && !world.state.isPaused; step += 1) {
    const current = currentBlock(world);
    if (current) {
      trimToBusy(world, settings, current, t);
      if (current.end <= current.start) {
        // Busy from its very start: the session never took place.
        dropBlock(world, current.id);
        setCurrent(world, '');
        continue;
      }
      if (current.end > now) break;
      const ended = finishCurrent(world, current, now);
      if (ended !== null) t = Math.max(t, ended);
      continue;
    }
    if (world.state.currentBlockId) setCurrent(world, '');
    const stored = firstStoredStart(world, t, now);
    const planned = plan(planRequestAt(world, settings, t)).timeblocks[0];
    const plannedStart = planned && planned.start <= now ? planned.start : NEVER;
    const storedStart = stored ? Math.max(stored.start, t) : NEVER;
    if (plannedStart === NEVER && storedStart === NEVER) break;
    if (stored && storedStart <= plannedStart) {
      setCurrent(world, stored.id);
      t = storedStart;
      continue;
    }
    if (!planned) break;
    const block: Timeblock = {
      id: newId(),
      taskId: planned.task,
      eventId: null,
      start: planned.start,
      end: planned.end,
      isFixed: false,
      isRest: false,
      createdAt: now,
      updatedAt: now,
    };
    world.blocks.set(block.id, block);
    world.changes.blocks.add(block.id);
    world.changes.createdBlocks.add(block.id);
    setCurrent(world, block.id);
    t = planned.start;
  }
  if (world.state.advancedAt !== now) {
    world.state.advancedAt = now;
    world.changes.state = true;
  }
}

/**
 * The earliest instant at which advancing could change anything, given the plan at `now`: the
 * current block's end, or the start of the first planned or stored block. Reads before it skip
 * the replay. A recurring task occurrence still to be made is one too (it adds a task).
 */
export function nextTransition(world: TimelineWorld, planAtNow: PlanResult, now: number): number {
  return Math.min(
    nextBlockTransition(world, planAtNow, now),
    world.state.nextRecurringTaskAt ?? NEVER,
  );
}

function nextBlockTransition(world: TimelineWorld, planAtNow: PlanResult, now: number): number {
  if (world.state.isPaused) return NEVER;
  const current = currentBlock(world);
  if (current) return current.end;
  let next = planAtNow.timeblocks[0]?.start ?? NEVER;
  const stored = firstStoredStart(world, now, NEVER);
  if (stored) next = Math.min(next, Math.max(stored.start, now));
  return next;
}
