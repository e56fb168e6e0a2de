import { randomUUID } from 'node:crypto';
import {
  blockMergeGapMs,
  canEditHistory,
  clampTaskDuration,
  limitErrorCode,
  normalizeTitle,
  PREMIUM_ONLY_ERROR_CODE,
} from '@planner/core';
import type { Input, Plain, Timeblock as WireTimeblock } from '@planner/protocol';
import { categoryExists } from '../categories/categories-repository';
import { AppError, invalid, notFound } from '../rpc/errors';
import type { AuthedContext } from '../rpc/context';
import { findTask, insertTask } from '../tasks/tasks-repository';
import type { Task } from '../tasks/task';
import type { Timeblock } from '../plan-store/timeblock';
import {
  deleteBlockRow,
  findBlock,
  insertBlock,
  listBlocksBetween,
  listTaskBlocks,
  saveBlock,
  saveState,
} from '../plan-store/timeline-repository';
import { openTimeline, saveTimeline, type TimelineSession } from './timeline-session';
import { finish } from './timeline-service';

/** The upsell the free tier sees for time records older than 24 hours (spec 6). */
const HISTORY_EDIT_LIMIT = 'historyEditLimit';

type Target =
  | { kind: 'stored'; block: Timeblock }
  | { kind: 'planned'; taskId: string; start: number; end: number };

function historyGuard(session: TimelineSession, blockEnd: number): void {
  const { premiumLevel, referralCount } = session.profile;
  if (!canEditHistory({ premiumLevel, referralCount, blockEnd, now: session.now })) {
    throw new AppError(PREMIUM_ONLY_ERROR_CODE, HISTORY_EDIT_LIMIT);
  }
}

function checkTimes(input: Plain<WireTimeblock>): void {
  if (input.start < 0 || input.end < input.start) {
    throw invalid('field "timeblock.end": must not be before start');
  }
}

/**
 * The block an id names: a stored one, or a planned one ("planned:{task}:{start}", stored by
 * now if it has started). Locked blocks answer the tier's limit; events are edited as events.
 */
async function resolve(session: TimelineSession, id: string): Promise<Target> {
  if (id.startsWith('locked:')) {
    const code = limitErrorCode(session.profile.premiumLevel);
    throw new AppError(code, 'agendaLengthLimit');
  }
  if (id.startsWith('event:'))
    throw invalid('field "timeblock.id": an event is changed with UpdateEvent');
  const planned = /^planned:(.+):(\d+)$/.exec(id);
  if (!planned) {
    const block = session.world.blocks.get(id) ?? (await findBlock(session.db, session.userId, id));
    if (!block) throw notFound();
    return { kind: 'stored', block };
  }
  const taskId = planned[1] ?? '';
  const start = Number(planned[2]);
  const stored = [...session.world.blocks.values()].find(
    (b) => b.taskId === taskId && b.start === start,
  );
  if (stored) return { kind: 'stored', block: stored };
  if (!session.world.tasks.has(taskId)) throw notFound();
  return { kind: 'planned', taskId, start, end: start };
}

/** A task named by id only (the caller has the rest). */
function taskRef(id: string): Plain<WireTimeblock>['task'] {
  return {
    id,
    title: '',
    category: undefined,
    timeScheduled: 0,
    timeFulfilled: 0,
    deadline: -1,
    isCompleted: false,
    note: '',
    hasNote: false,
    checklist: [],
    lastTimeblockEnd: -1,
    updatedAt: 0,
    recurrenceRule: undefined,
    recurringTaskId: '',
    instanceNumber: 0,
    expectedStart: -1,
    createdAt: 0,
    isUnconfirmed: false,
  };
}

function presentBlock(block: Timeblock): Plain<WireTimeblock> {
  return {
    id: block.id,
    task: block.taskId ? taskRef(block.taskId) : undefined,
    event: block.eventId ?? '',
    start: block.start,
    end: block.end,
    fixed: block.isFixed,
    locking: '',
    isRest: block.isRest,
    group: 0,
    isTravel: false,
  };
}

/**
 * Writes a block change and re-runs the state machine from a clean load: a current block that
 * now ends before now, or starts later, is no longer current. `absorbed` blocks are deleted: the
 * edited block took their place (and their part as the current block while it covers now).
 */
async function commitBlock(
  ctx: AuthedContext,
  session: TimelineSession,
  block: Timeblock,
  isNew: boolean,
  absorbed: readonly Timeblock[] = [],
): Promise<Plain<WireTimeblock>> {
  const { db, userId, now, world } = session;
  await saveTimeline(session);
  if (isNew) await insertBlock(db, userId, block);
  else await saveBlock(db, userId, block);
  for (const other of absorbed) await deleteBlockRow(db, userId, other.id);
  const currentId = world.state.currentBlockId;
  if (currentId === block.id || absorbed.some((b) => b.id === currentId)) {
    const current = block.start <= now && block.end > now ? block.id : '';
    if (current !== currentId) {
      world.state.currentBlockId = current;
      await saveState(db, userId, world.state);
    }
  }
  const fresh = await openTimeline(db, userId, now, { forWrite: true, cause: ctx.requestId });
  await finish(ctx, fresh, true);
  return presentBlock(fresh.world.blocks.get(block.id) ?? block);
}

/**
 * The same task's past or current blocks that clients show as one card with `block` (same fixed
 * flag, each less than the merge gap after the one before; the card carries the first block's
 * id and spans them all). An edit of the card's times is an edit of all of them: the edited
 * block takes the new times and the others go, so no second block of the task is left behind.
 */
async function mergedWith(session: TimelineSession, block: Timeblock): Promise<Timeblock[]> {
  if (!block.taskId || block.isRest || block.start > session.now) return [];
  const gap = blockMergeGapMs(session.profile.debugEnabled);
  const { db, userId, now, world } = session;
  const byId = new Map<string, Timeblock>();
  for (const b of await listBlocksBetween(db, userId, block.start, now + 1)) byId.set(b.id, b);
  // The world's copies are newer (this call's replay may have made or moved the current block).
  for (const b of world.blocks.values()) byId.set(b.id, b);
  // In start order, as clients merge: any other block in between ends the card.
  const following = [...byId.values()]
    .filter((b) => b.id !== block.id && b.end > b.start && b.start >= block.start && b.start <= now)
    .sort((a, b) => a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : 1));
  const merged: Timeblock[] = [];
  let end = block.end;
  for (const b of following) {
    const sameCard = b.taskId === block.taskId && !b.isRest && b.isFixed === block.isFixed;
    if (!sameCard || b.start - end >= gap) break;
    merged.push(b);
    end = Math.max(end, b.end);
  }
  return merged;
}

function newBlock(session: TimelineSession, fields: Partial<Timeblock>): Timeblock {
  return {
    id: randomUUID(),
    taskId: null,
    eventId: null,
    start: 0,
    end: 0,
    isFixed: true,
    isRest: false,
    createdAt: session.now,
    updatedAt: session.now,
    ...fields,
  };
}

/** A past or current block is corrected; a future one becomes fixed at the new times. */
export async function updateTimeblock(ctx: AuthedContext, input: Input<'UpdateTimeblock'>) {
  const wanted = input.timeblock;
  if (!wanted) throw invalid('field "timeblock": required');
  checkTimes(wanted);
  const session = await openTimeline(ctx.db, ctx.userId, ctx.now(), {
    forWrite: true,
    cause: ctx.requestId,
  });
  const target = await resolve(session, wanted.id);
  historyGuard(
    session,
    Math.min(wanted.end, target.kind === 'stored' ? target.block.end : wanted.end),
  );
  if (target.kind === 'planned') {
    return commitBlock(
      ctx,
      session,
      newBlock(session, { taskId: target.taskId, start: wanted.start, end: wanted.end }),
      true,
    );
  }
  const absorbed = await mergedWith(session, target.block);
  const block = { ...target.block, start: wanted.start, end: wanted.end, updatedAt: session.now };
  if (target.block.start > session.now || wanted.start > session.now) block.isFixed = true;
  return commitBlock(ctx, session, block, false, absorbed);
}

/** Locks a block at its times (or the times given). */
export async function lockTimeblock(ctx: AuthedContext, input: Input<'LockTimeblock'>) {
  const wanted = input.timeblock;
  if (!wanted) throw invalid('field "timeblock": required');
  checkTimes(wanted);
  const session = await openTimeline(ctx.db, ctx.userId, ctx.now(), {
    forWrite: true,
    cause: ctx.requestId,
  });
  const target = await resolve(session, wanted.id);
  const hasTimes = wanted.end > wanted.start;
  if (target.kind === 'planned') {
    if (!hasTimes) throw invalid('field "timeblock.end": a planned block is locked at given times');
    historyGuard(session, wanted.end);
    return commitBlock(
      ctx,
      session,
      newBlock(session, { taskId: target.taskId, start: wanted.start, end: wanted.end }),
      true,
    );
  }
  historyGuard(session, target.block.end);
  const block = { ...target.block, isFixed: true, updatedAt: session.now };
  if (hasTimes) Object.assign(block, { start: wanted.start, end: wanted.end });
  return commitBlock(ctx, session, block, false);
}

/** A fixed future block goes back to the planner; a past one stays as a plain record. */
export async function unlockTimeblock(ctx: AuthedContext, input: Input<'UnlockTimeblock'>) {
  const wanted = input.timeblock;
  if (!wanted) throw invalid('field "timeblock": required');
  const session = await openTimeline(ctx.db, ctx.userId, ctx.now(), {
    forWrite: true,
    cause: ctx.requestId,
  });
  const target = await resolve(session, wanted.id);
  if (target.kind === 'planned') throw notFound();
  historyGuard(session, target.block.end);
  const block = { ...target.block, isFixed: false, updatedAt: session.now };
  if (block.start <= session.now || block.isRest) return commitBlock(ctx, session, block, false);
  await saveTimeline(session);
  await deleteBlockRow(ctx.db, ctx.userId, block.id);
  await finish(
    ctx,
    await openTimeline(ctx.db, ctx.userId, session.now, { forWrite: true, cause: ctx.requestId }),
    true,
  );
  return presentBlock(block);
}

async function taskForRecord(
  ctx: AuthedContext,
  input: Input<'AddTimeblock'>,
  duration: number,
): Promise<Task | null> {
  const wanted = input.timeblock?.task;
  if (!input.createTask) {
    if (!wanted?.id) {
      if (input.timeblock?.isRest) return null;
      throw invalid('field "timeblock.task": required');
    }
    const task = await findTask(ctx.db, ctx.userId, wanted.id);
    if (!task) throw notFound();
    return task;
  }
  const categoryId = wanted?.category?.id ?? '';
  if (!categoryId || !(await categoryExists(ctx.db, ctx.userId, categoryId)))
    throw invalid('invalid.chooseCategory');
  const now = ctx.now();
  const task: Task = {
    id: randomUUID(),
    title: normalizeTitle(wanted?.title ?? ''),
    categoryId,
    timeScheduled: clampTaskDuration(duration, false),
    deadline: -1,
    isCompleted: wanted?.isCompleted ?? false,
    note: '',
    checklist: [],
    order: null,
    recurrenceRule: null,
    recurringTaskId: '',
    instanceNumber: 0,
    isUnconfirmed: false,
    createdAt: now,
    updatedAt: now,
    completedAt: wanted?.isCompleted ? now : -1,
  };
  if (task.isCompleted) task.timeScheduled = 0;
  await insertTask(ctx.db, ctx.userId, task);
  return task;
}

/** Add record: time spent, from a start not after now (with a new task when createTask). */
export async function addTimeblock(ctx: AuthedContext, input: Input<'AddTimeblock'>) {
  const wanted = input.timeblock;
  if (!wanted) throw invalid('field "timeblock": required');
  checkTimes(wanted);
  const session = await openTimeline(ctx.db, ctx.userId, ctx.now(), {
    forWrite: true,
    cause: ctx.requestId,
  });
  if (wanted.start > session.now) throw invalid('field "timeblock.start": must not be after now');
  historyGuard(session, wanted.end);
  const task = await taskForRecord(ctx, input, wanted.end - wanted.start);
  const block = newBlock(session, {
    taskId: task?.id ?? null,
    start: wanted.start,
    end: wanted.end,
    isFixed: wanted.end > session.now,
    isRest: task === null,
  });
  return commitBlock(ctx, session, block, true);
}

/** The task's past blocks, newest first (the task screen's trend graph). */
export async function getTaskTimeblocks(ctx: AuthedContext, input: Input<'GetTaskTimeblocks'>) {
  if (input.limit < 0 || input.limit > 1000) throw invalid('field "limit": 0 to 1000');
  if (input.before < 0) throw invalid('field "before": must not be negative');
  const now = ctx.now();
  const task = await findTask(ctx.db, ctx.userId, input.taskId);
  if (!task) throw notFound();
  const before = Math.min(input.before || now, now);
  const blocks = await listTaskBlocks(ctx.db, ctx.userId, task.id, before, input.limit || 100);
  return blocks.map(presentBlock);
}
