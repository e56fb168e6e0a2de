import { MINUTE_MS } from '@planner/core';
import type { NewId } from './advance';
import type { Timeblock } from '../plan-store/timeblock';
import {
  currentBlock,
  cutBlockEnd,
  dropBlock,
  EXTENSION_MS,
  nextBusyStart,
  planRequestAt,
  remainingAt,
  type Planner,
  type PlanSettings,
  type TimelineWorld,
} from './world';

/** The timeline's controls (docs/design.md, Planning), applied to a world already advanced to `now`. */

function addBlock(
  world: TimelineWorld,
  block: Omit<Timeblock, 'id' | 'createdAt' | 'updatedAt'>,
  now: number,
  newId: NewId,
): Timeblock {
  const stored: Timeblock = { ...block, id: newId(), createdAt: now, updatedAt: now };
  world.blocks.set(stored.id, stored);
  world.changes.blocks.add(stored.id);
  world.changes.createdBlocks.add(stored.id);
  return stored;
}

/**
 * Ends the current block at `now`. A block that has not started is dropped, and so is a task
 * session ended by a control within its first minute (a click right after it began): a record
 * that short is noise, and the few seconds go back to the task's remaining time.
 */
function endCurrent(world: TimelineWorld, now: number): Timeblock | undefined {
  const current = currentBlock(world);
  if (world.state.currentBlockId) {
    world.state.currentBlockId = '';
    world.changes.state = true;
  }
  if (!current) return undefined;
  const briefSession = current.taskId && !current.isRest && now - current.start < MINUTE_MS;
  if (current.start >= now || (briefSession && current.end > now)) {
    cutBlockEnd(world, current, current.start);
    dropBlock(world, current.id);
  } else if (current.end > now) {
    current.end = now;
    current.updatedAt = now;
    world.changes.blocks.add(current.id);
  }
  return current;
}

function unpause(world: TimelineWorld): void {
  if (!world.state.isPaused) return;
  world.state.isPaused = false;
  world.changes.state = true;
}

/**
 * Starts a session of the task now, until its remaining time runs out or the next busy time
 * begins. A task with no time left gets one more 30-minute step (its estimate grows with it).
 */
export function startTaskNow(
  world: TimelineWorld,
  settings: PlanSettings,
  taskId: string,
  now: number,
  newId: NewId,
): Timeblock {
  endCurrent(world, now);
  unpause(world);
  const task = world.tasks.get(taskId);
  let remaining = remainingAt(world, taskId, now);
  if (task && remaining <= 0) {
    task.timeScheduled += EXTENSION_MS - remaining;
    remaining = EXTENSION_MS;
    world.changes.tasks.add(taskId);
  }
  if (task?.isUnconfirmed) {
    task.isUnconfirmed = false;
    world.changes.tasks.add(taskId);
  }
  const end = Math.min(now + remaining, nextBusyStart(world, settings, now));
  const block = addBlock(
    world,
    { taskId, eventId: null, start: now, end, isFixed: false, isRest: false },
    now,
    newId,
  );
  world.state.currentBlockId = block.id;
  world.changes.state = true;
  return block;
}

/**
 * Next: the current block ends now and the next planned task starts now; the skipped task keeps
 * its remaining time. With nothing else to do, nothing changes (the same task would restart).
 * Answers whether anything changed.
 */
export function next(
  world: TimelineWorld,
  settings: PlanSettings,
  now: number,
  plan: Planner,
  newId: NewId,
): boolean {
  const current = currentBlock(world);
  const skipped = current && !current.isRest ? current.taskId : null;
  const upcoming = plan(planRequestAt(world, settings, now)).timeblocks.find(
    (b) => b.task !== skipped,
  );
  if (!upcoming) {
    if (!current?.isRest && !world.state.isPaused) return false;
    endCurrent(world, now);
    unpause(world);
    return true;
  }
  startTaskNow(world, settings, upcoming.task, now, newId);
  return true;
}

/**
 * Pause and play. Paused: play resumes planning from now. In a break: play ends the break.
 * Otherwise the current block ends now and nothing is tracked until play.
 */
export function togglePause(world: TimelineWorld, now: number): void {
  if (world.state.isPaused) {
    unpause(world);
    return;
  }
  const current = currentBlock(world);
  endCurrent(world, now);
  if (current?.isRest) return;
  world.state.isPaused = true;
  world.changes.state = true;
}

/** Take a break: the current block ends and a rest of `lengthMs` starts now. */
export function takeRest(world: TimelineWorld, now: number, lengthMs: number, newId: NewId): void {
  endCurrent(world, now);
  unpause(world);
  const rest = addBlock(
    world,
    { taskId: null, eventId: null, start: now, end: now + lengthMs, isFixed: true, isRest: true },
    now,
    newId,
  );
  world.state.currentBlockId = rest.id;
  world.changes.state = true;
}

/**
 * Do it after the current block (keepCurrent): the task gets a fixed block from the end of the
 * current block or event until its remaining time runs out or the next busy time begins.
 */
export function doAfter(
  world: TimelineWorld,
  settings: PlanSettings,
  taskId: string,
  after: number,
  now: number,
  newId: NewId,
): Timeblock | undefined {
  const task = world.tasks.get(taskId);
  if (!task) return undefined;
  let remaining = remainingAt(world, taskId, after);
  if (remaining <= 0) {
    task.timeScheduled += EXTENSION_MS - remaining;
    remaining = EXTENSION_MS;
    world.changes.tasks.add(taskId);
  }
  if (task.isUnconfirmed) {
    task.isUnconfirmed = false;
    world.changes.tasks.add(taskId);
  }
  const end = Math.min(after + remaining, nextBusyStart(world, settings, after));
  if (end <= after) return undefined;
  return addBlock(
    world,
    { taskId, eventId: null, start: after, end, isFixed: true, isRest: false },
    now,
    newId,
  );
}

/** The end of what is going on now: the current block, or an event in progress (with travel). */
export function endOfCurrentActivity(
  world: TimelineWorld,
  settings: PlanSettings,
  now: number,
): number | null {
  const current = currentBlock(world);
  if (current) return current.end;
  let end: number | null = null;
  for (const event of settings.events) {
    if (event.allDay) continue;
    const from = event.start - event.travelTop;
    const to = event.end + event.travelBottom;
    if (from <= now && to > now && (end === null || to > end)) end = to;
  }
  return end;
}

/**
 * Mark done: the task leaves the plan, its future stored blocks vanish and its session ends now.
 * Answers the ids of the blocks removed.
 */
export function completeTask(world: TimelineWorld, taskId: string, now: number): void {
  const current = currentBlock(world);
  if (current?.taskId === taskId) endCurrent(world, now);
  for (const block of [...world.blocks.values()]) {
    if (block.taskId !== taskId || block.start < now) continue;
    dropBlock(world, block.id);
  }
  world.tasks.delete(taskId);
}
