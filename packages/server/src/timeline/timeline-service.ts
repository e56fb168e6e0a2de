import { randomInt } from 'node:crypto';
import { planTimeline } from '@planner/core';
import type { Input, Plain, TimelineState as WireTimelineState } from '@planner/protocol';
import { setTaskOrders } from '../tasks/tasks-repository';
import { invalid, notFound } from '../rpc/errors';
import type { AuthedContext } from '../rpc/context';
import {
  doAfter,
  endOfCurrentActivity,
  next,
  startTaskNow,
  takeRest,
  togglePause,
} from './controls';
import { shuffledOrders } from './shuffle';
import type { EventInstance } from '../events/event';
import { cachedEventAt, eventInProgress } from './event-cache';
import type { Timeblock, TimelineState } from '../plan-store/timeblock';
import { findStateAndCurrentBlock } from '../plan-store/timeline-repository';
import {
  newBlockId,
  openTimeline,
  saveTimeline,
  settle,
  type TimelineSession,
} from './timeline-session';
import { currentBlock } from './world';
import { presentPlanChanges } from './plan-keeping';

const MINUTE = 60_000;
const MAX_REST_MS = 24 * 60 * MINUTE;

export interface CurrentBlockInfo {
  isRest: boolean;
  task: string;
  event: string;
  timeblock: string;
  start: number;
  end: number;
}

export function presentState(
  state: TimelineState,
  now: number,
  current: CurrentBlockInfo | undefined,
): Plain<WireTimelineState> {
  return {
    serverTime: now,
    timelineUpdatedAt: state.timelineUpdatedAt,
    reminderUpdatedAt: state.reminderUpdatedAt,
    hasUnconfirmedTask: state.hasUnconfirmedTask,
    autoExtend: state.autoExtend,
    isPaused: state.isPaused,
    currentBlock: current,
    planChanges: presentPlanChanges(state),
  };
}

function blockInfo(block: Timeblock): CurrentBlockInfo {
  return {
    isRest: block.isRest,
    task: block.taskId ?? '',
    event: block.eventId ?? '',
    timeblock: block.id,
    start: block.start,
    end: block.end,
  };
}

function eventInfo(event: EventInstance): CurrentBlockInfo {
  return {
    isRest: false,
    task: '',
    event: event.id,
    timeblock: `event:${event.id}:${event.instanceNumber}`,
    // Its busy time: the travel before and after belongs to it.
    start: event.start - event.travelTop,
    end: event.end + event.travelBottom,
  };
}

/** What is going on now: the current stored block, else an event in progress. */
export function currentInfo(session: TimelineSession): CurrentBlockInfo | undefined {
  const block = currentBlock(session.world);
  if (block) return blockInfo(block);
  const event = eventInProgress(session.eventInstances, session.now);
  return event && eventInfo(event);
}

/**
 * Saves a session that a control changed and answers the state; a save that moved the timeline
 * reports it, and the runtime tells the other devices after commit (the methods declare it).
 */
export async function finish(
  ctx: AuthedContext,
  session: TimelineSession,
  forceBump: boolean,
): Promise<Plain<WireTimelineState>> {
  settle(session);
  // Controls change tasks only through the world.
  const { changed } = await saveTimeline(session, forceBump, { tasksWritten: false });
  if (changed) ctx.changed('timelineStateUpdated');
  return presentState(session.world.state, session.now, currentInfo(session));
}

/**
 * Opens the timeline for a control. A control that steers what happens now (pause and play,
 * next, a break, do it now or after, shuffle) `relays` the plan: the person lays it out anew
 * themselves, so the kept plan is let go (docs/plan-stability.md).
 */
async function openForControl(ctx: AuthedContext, relays: boolean): Promise<TimelineSession> {
  const session = await openTimeline(ctx.db, ctx.userId, ctx.now(), {
    forWrite: true,
    cause: ctx.requestId,
  });
  if (relays) session.world.keptPlan = [];
  return session;
}

async function control(
  ctx: AuthedContext,
  relays: boolean,
  change: (session: TimelineSession) => boolean,
): Promise<Plain<WireTimelineState>> {
  const session = await openForControl(ctx, relays);
  return finish(ctx, session, change(session));
}

/**
 * Polled every 5 s by clients without push: answered from the state row alone until the next
 * transition is due, then the state machine runs.
 */
export async function getTimelineState(ctx: AuthedContext): Promise<Plain<WireTimelineState>> {
  const now = ctx.now();
  const found = await findStateAndCurrentBlock(ctx.db, ctx.userId);
  if (found && now < found.state.nextTransitionAt) {
    const { state, current: block } = found;
    if (block) return presentState(state, now, blockInfo(block));
    // Between blocks an event may be going on: the cached calendar tells without a read.
    const event = cachedEventAt(ctx.userId, state.calendarRevision, now);
    if (event !== 'unknown') return presentState(state, now, event && eventInfo(event));
  }
  const session = await openTimeline(ctx.db, ctx.userId, now);
  return finish(ctx, session, false);
}

export function setTimelineState(ctx: AuthedContext, input: Input<'SetTimelineState'>) {
  return control(ctx, false, (session) => {
    if (session.world.state.autoExtend === input.autoExtend) return false;
    session.world.state.autoExtend = input.autoExtend;
    session.world.changes.state = true;
    return true;
  });
}

export function pause(ctx: AuthedContext) {
  return control(ctx, true, (session) => {
    togglePause(session.world, session.now);
    return true;
  });
}

export function goNext(ctx: AuthedContext) {
  return control(ctx, true, (session) =>
    next(session.world, session.settings, session.now, planTimeline, newBlockId),
  );
}

export async function shuffle(ctx: AuthedContext) {
  const session = await openForControl(ctx, true);
  const seed = randomInt(1, 2 ** 31);
  const orders = shuffledOrders([...session.world.tasks.values()], seed);
  await setTaskOrders(ctx.db, ctx.userId, orders);
  for (const [id, order] of orders) {
    const task = session.world.tasks.get(id);
    if (task) task.order = order;
  }
  session.world.state.shuffleSeed = seed;
  session.world.changes.state = true;
  return finish(ctx, session, true);
}

export async function organizeTimeblocks(ctx: AuthedContext, input: Input<'OrganizeTimeblocks'>) {
  if (input.nextTask === '' && input.rest === 0) {
    throw invalid('field "rest": give a rest length or a nextTask');
  }
  if (input.nextTask === '' && (input.rest < MINUTE || input.rest > MAX_REST_MS)) {
    throw invalid('field "rest": 1 minute to 24 hours');
  }
  const session = await openForControl(ctx, true);
  const { world, settings, now } = session;
  if (input.nextTask === '') {
    takeRest(world, now, input.rest, newBlockId);
    return finish(ctx, session, true);
  }
  // A completed or unknown task is not in the plan: both answer as missing.
  if (!world.tasks.has(input.nextTask)) throw notFound();
  const after = input.keepCurrent ? endOfCurrentActivity(world, settings, now) : null;
  if (after === null || after <= now)
    startTaskNow(world, settings, input.nextTask, now, newBlockId);
  else doAfter(world, settings, input.nextTask, after, now, newBlockId);
  return finish(ctx, session, true);
}
