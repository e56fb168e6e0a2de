import { randomUUID } from 'node:crypto';
import { DAY_MS, planTimeline, type PlanEvent, type PlanResult } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { EventInstance } from '../events/event';
import { eventInstancesBetween } from './event-cache';
import {
  countUnconfirmedTasks,
  listPlanningTasksWithSpent,
  updateTaskTimeline,
} from '../tasks/tasks-repository';
import { advanceTo, nextTransition } from './advance';
import type { TimelineState } from './timeblock';
import { loadPlanningProfile, type PlanningProfile } from './planning-profile';
import { bumpedTime, loadTimelineState } from './timeline-state';
import {
  deleteBlockRow,
  insertBlock,
  listBlocksEndingAfter,
  saveBlock,
  saveState,
} from './timeline-repository';
import {
  emptyChanges,
  hasChanges,
  horizonEndAt,
  MAX_REPLAY_MS,
  planRequestAt,
  type PlanSettings,
  type TimelineWorld,
} from './world';

type Db = Kysely<Schema>;

/** One call's view of a user's timeline: loaded, advanced to now, changed, then saved. */
export interface TimelineSession {
  db: Db;
  userId: string;
  now: number;
  profile: PlanningProfile;
  settings: PlanSettings;
  world: TimelineWorld;
  /** Event instances the settings were built from (for the timeline's containers). */
  eventInstances: EventInstance[];
  eventsLoaded: { start: number; end: number };
  /** The state as loaded: an unchanged state is not written back. */
  loadedState: TimelineState;
}

export const newBlockId = (): string => randomUUID();

export function toPlanEvent(instance: EventInstance): PlanEvent {
  return {
    id: `${instance.id}:${instance.instanceNumber}`,
    start: instance.start,
    end: instance.end,
    allDay: instance.allDay,
    travelTop: instance.travelTop,
    travelBottom: instance.travelBottom,
  };
}

/**
 * Loads everything the state machine needs for `now` (locking the user's timeline on
 * PostgreSQL) and advances it to now (a read only when a transition is due). `window` adds the
 * event instances of a timeline window outside the replay and horizon.
 */
export interface OpenOptions {
  /** The call will change the timeline: always bring the replay up to now first. */
  forWrite?: boolean;
  /** A timeline window whose event instances are loaded too. */
  window?: { start: number; end: number };
}

export async function openTimeline(
  db: Db,
  userId: string,
  now: number,
  { forWrite = false, window }: OpenOptions = {},
): Promise<TimelineSession> {
  const profile = await loadPlanningProfile(db, userId);
  const state = await loadTimelineState(db, userId, now, true);
  const baseTime = Math.min(state.advancedAt, now);
  const from = Math.max(baseTime, now - MAX_REPLAY_MS);
  // Only what the planner needs: answers load the few tasks they show in full.
  const { tasks: openTasks, spentBefore: baseFulfilled } = await listPlanningTasksWithSpent(
    db,
    userId,
    baseTime,
  );
  const blocks = await listBlocksEndingAfter(db, userId, baseTime);
  const settings: PlanSettings = {
    timezone: profile.timezone,
    autoIdle: profile.autoIdle,
    agendaLengthDays: profile.limits.agendaLengthDays,
    taskLimit: profile.limits.trackedTasks,
    events: [],
    horizonMemo: new Map(),
  };
  const eventsFrom = Math.min(from, window?.start ?? from) - DAY_MS;
  const eventsTo = Math.max(horizonEndAt(settings, now), window?.end ?? 0) + DAY_MS;
  const eventInstances = await eventInstancesBetween(
    db,
    userId,
    eventsFrom,
    eventsTo,
    profile.timezone,
    state.calendarRevision,
  );
  settings.events = eventInstances.filter((e) => !e.allDay).map(toPlanEvent);
  const world: TimelineWorld = {
    state,
    tasks: new Map(openTasks.map((t) => [t.id, t])),
    baseTime,
    baseFulfilled,
    blocks: new Map(blocks.map((b) => [b.id, b])),
    changes: emptyChanges(),
  };
  const session: TimelineSession = {
    db,
    userId,
    now,
    profile,
    settings,
    world,
    eventInstances,
    eventsLoaded: { start: eventsFrom, end: eventsTo },
    loadedState: { ...state },
  };
  // Before the next transition nothing can have happened: a read skips the replay.
  if (forWrite || now >= state.nextTransitionAt)
    advanceTo(world, settings, now, planTimeline, newBlockId);
  return session;
}

function sameState(a: TimelineState, b: TimelineState): boolean {
  return (Object.keys(a) as (keyof TimelineState)[]).every((key) => a[key] === b[key]);
}

/** Starts whatever begins now after a change (a planned block at now becomes current). */
export function settle(session: TimelineSession): void {
  advanceTo(session.world, session.settings, session.now, planTimeline, newBlockId);
}

/** The plan as it stands now. */
export function planNow(session: TimelineSession): PlanResult {
  return planTimeline(planRequestAt(session.world, session.settings, session.now));
}

/**
 * Writes what changed, re-plans once to know when the state machine must next run, and bumps
 * timelineUpdatedAt when anything a client shows changed. Answers the plan at now and whether
 * clients must be told.
 */
export async function saveTimeline(
  session: TimelineSession,
  forceBump = false,
): Promise<{ plan: PlanResult; changed: boolean }> {
  const { db, userId, world, now } = session;
  const { changes } = world;
  for (const id of changes.deletedBlocks) await deleteBlockRow(db, userId, id);
  for (const id of changes.blocks) {
    const block = world.blocks.get(id);
    if (!block) continue;
    if (changes.createdBlocks.has(id)) await insertBlock(db, userId, block);
    else await saveBlock(db, userId, block);
  }
  for (const id of changes.tasks) {
    const task = world.tasks.get(id);
    if (task) await updateTaskTimeline(db, userId, task, now);
  }
  const changed = forceBump || hasChanges({ ...changes, state: false }) || changes.extended;
  if (changes.tasks.size > 0 || forceBump) {
    world.state.hasUnconfirmedTask = (await countUnconfirmedTasks(db, userId)) > 0;
  }
  const plan = planNow(session);
  world.state.nextTransitionAt = nextTransition(world, plan, now);
  if (changed) world.state.timelineUpdatedAt = bumpedTime(world.state.timelineUpdatedAt, now);
  if (!sameState(world.state, session.loadedState)) {
    await saveState(db, userId, world.state);
    session.loadedState = { ...world.state };
  }
  world.changes = emptyChanges();
  return { plan, changed };
}
