import { randomUUID } from 'node:crypto';
import { DAY_MS, planTimeline, type PlanEvent, type PlanResult } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { EventInstance } from '../events/event';
import { eventInstancesBetween } from './event-cache';
import { isPostgres } from '../db/prepared';
import { known, together, type Statement } from '../db/together';
import type { PlanningTask } from '../tasks/task';
import {
  countUnconfirmedTasks,
  planningTasksWithSpentRead,
  updateTaskTimeline,
} from '../tasks/tasks-repository';
import { makeDueRecurringTasks } from '../tasks/recurring-tasks';
import { advanceTo, nextTransition } from './advance';
import { keepPlan, keptPlanOf, planFrame, type EventOfInstance } from './plan-keeping';
import type { Timeblock, TimelineState } from '../plan-store/timeblock';
import { loadPlanningProfile, type PlanningProfile } from '../accounts/planning-profile';
import { bumpedTime, loadTimelineState } from '../plan-store/timeline-state';
import {
  deleteBlockRow,
  insertBlock,
  lowerNextTransition,
  blocksEndingAfterRead,
  saveBlock,
  saveState,
  stateRead,
} from '../plan-store/timeline-repository';
import {
  emptyChanges,
  hasChanges,
  horizonEndAt,
  MAX_REPLAY_MS,
  NEVER,
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
  /**
   * The state row is locked for this call (PostgreSQL). A read with no transition due leaves
   * it unlocked and must not write it back whole: another call may be changing it meanwhile.
   */
  locked: boolean;
  /**
   * The window's stored blocks that ended before the state machine's base time (the world
   * holds the later ones), when they were read with them; undefined otherwise.
   */
  windowHistory: Timeblock[] | undefined;
  /**
   * The request id of the call when it is a person's change (a control, a block edit, a declared
   * re-plan); '' for reads, timers and background work. The re-plan records it as its cause.
   */
  cause: string;
}

export const newBlockId = (): string => randomUUID();

/** How far before the base time a window's history is read along with the world's blocks. */
const WINDOW_HISTORY_MS = 8 * DAY_MS;

function toPlanEvent(instance: EventInstance): PlanEvent {
  return {
    id: `${instance.id}:${instance.instanceNumber}`,
    start: instance.start,
    end: instance.end,
    allDay: instance.allDay,
    travelTop: instance.travelTop,
    travelBottom: instance.travelBottom,
  };
}

interface WorldRows<T> {
  /** The answer of the caller's own read sent with the world's (`alongside`). */
  alongside: T;
  state: TimelineState;
  /** The instant the world's blocks and spent times start from: the state's advancedAt or now. */
  baseTime: number;
  openTasks: PlanningTask[];
  baseFulfilled: Map<string, number>;
  blocks: Timeblock[];
  windowHistory: Timeblock[] | undefined;
}

/**
 * The state (locked when `locked`), the open tasks with their time spent before the base time,
 * and the blocks ending after it, in one round trip: the reads are made for the state as `seen`
 * (the session's copy), and made again in the rare case that the locked row moved on meanwhile
 * or a recurring task was due.
 */
async function readWorld<T>(
  db: Db,
  userId: string,
  now: number,
  seen: TimelineState,
  locked: boolean,
  window: { start: number; end: number } | undefined,
  timeZone: string,
  alongside: Statement<T>,
): Promise<WorldRows<T>> {
  const reads = (state: TimelineState) => {
    const baseTime = Math.min(state.advancedAt, now);
    // A window reaching a little into the past (the agenda's usual) has its history read with
    // the blocks the state machine needs.
    const historyFrom =
      window && window.start < baseTime && window.start >= baseTime - WINDOW_HISTORY_MS
        ? window.start
        : undefined;
    const statements = [
      // Only what the planner needs: answers load the few tasks they show in full.
      planningTasksWithSpentRead(db, userId, baseTime),
      blocksEndingAfterRead(db, userId, (historyFrom ?? baseTime + 1) - 1),
    ] as const;
    return { baseTime, historyFrom, statements };
  };
  let state = seen;
  let planned = reads(state);
  let tasks;
  let loaded;
  let riding;
  if (!locked) {
    [riding, tasks, loaded] = await together(db, [alongside, ...planned.statements]);
  } else if (!isPostgres(db)) {
    // SQLite has no row locks, and a transaction sees one snapshot from its first read: the
    // state the call read is the row as it stands, and reading it again would tell nothing new.
    if (now >= (state.nextRecurringTaskAt ?? NEVER)) {
      await makeDueRecurringTasks(db, userId, now, state, timeZone);
      planned = reads(state);
    }
    [riding, tasks, loaded] = await together(db, [alongside, ...planned.statements]);
  } else {
    let lockedState;
    [riding, lockedState, tasks, loaded] = await together(db, [
      alongside,
      stateRead(db, userId, true),
      ...planned.statements,
    ]);
    state = lockedState ?? (await loadTimelineState(db, userId, now, true));
    const recurringDue = now >= (state.nextRecurringTaskAt ?? NEVER);
    if (recurringDue) await makeDueRecurringTasks(db, userId, now, state, timeZone);
    if (recurringDue || state.advancedAt !== seen.advancedAt || !lockedState) {
      planned = reads(state);
      [tasks, loaded] = await together(db, planned.statements);
    }
  }
  const { baseTime, historyFrom } = planned;
  return {
    alongside: riding,
    state,
    baseTime,
    openTasks: tasks.tasks,
    baseFulfilled: tasks.spentBefore,
    blocks: historyFrom === undefined ? loaded : loaded.filter((b) => b.end > baseTime),
    windowHistory: historyFrom === undefined ? undefined : loaded.filter((b) => b.end <= baseTime),
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
  /** The call's request id when the call is a person's change (see TimelineSession.cause). */
  cause?: string;
}

export async function openTimeline(
  db: Db,
  userId: string,
  now: number,
  options: OpenOptions = {},
): Promise<TimelineSession> {
  const [session] = await openTimelineWith(db, userId, now, known(undefined), options);
  return session;
}

/**
 * openTimeline with a read of the caller's own sent together with the world's (one round trip
 * on PostgreSQL): for a call whose read needs nothing of the plan, as GetTasks's task list.
 */
export async function openTimelineWith<T>(
  db: Db,
  userId: string,
  now: number,
  alongside: Statement<T>,
  { forWrite = false, window, cause = '' }: OpenOptions = {},
): Promise<[TimelineSession, T]> {
  const profile = await loadPlanningProfile(db, userId, now);
  // The state as the call's session read it (no statement), else read now without a lock.
  const seen = await loadTimelineState(db, userId, now, false);
  // A read takes the lock only when the state machine must run: most reads then need no
  // transaction at all on PostgreSQL (db/postgres-pool.ts), and do not wait for writers.
  const locked = forWrite || now >= seen.nextTransitionAt;
  const rows = await readWorld(db, userId, now, seen, locked, window, profile.timezone, alongside);
  const { state, baseTime, openTasks, baseFulfilled, blocks, windowHistory } = rows;
  const from = Math.max(baseTime, now - MAX_REPLAY_MS);
  const settings: PlanSettings = {
    timezone: profile.timezone,
    autoIdle: profile.autoIdle,
    shape: profile.shape,
    agendaLengthDays: profile.limits.agendaLengthDays,
    taskLimit: profile.limits.trackedTasks,
    events: [],
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
    keptPlan: keptPlanOf(state.plannedBlocks, settings),
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
    locked,
    windowHistory,
    cause,
  };
  // Before the next transition nothing can have happened: a read skips the replay.
  if (locked) advanceTo(world, settings, now, planTimeline, newBlockId);
  return [session, rows.alongside];
}

/** The event of an engine event id (`{eventId}:{instanceNumber}`, see toPlanEvent). */
function eventOfInstance(session: TimelineSession): EventOfInstance {
  return (instanceId) =>
    session.eventInstances.find((e) => `${e.id}:${e.instanceNumber}` === instanceId)?.id ??
    instanceId;
}

function sameState(a: TimelineState, b: TimelineState): boolean {
  return (Object.keys(a) as (keyof TimelineState)[]).every((key) => a[key] === b[key]);
}

/** Starts whatever begins now after a change (a planned block at now becomes current). */
export function settle(session: TimelineSession): void {
  // Unlocked, no transition is due: there is nothing to start.
  if (!session.locked) return;
  advanceTo(session.world, session.settings, session.now, planTimeline, newBlockId);
}

/** The plan as it stands now. */
function planNow(session: TimelineSession): PlanResult {
  return planTimeline(planRequestAt(session.world, session.settings, session.now));
}

/** Whether the session changed anything a client shows (the state's bookkeeping aside). */
function showsChange(session: TimelineSession, forceBump: boolean): boolean {
  const { changes } = session.world;
  return forceBump || hasChanges({ ...changes, state: false }) || changes.extended;
}

/**
 * Writes what changed, re-plans once to know when the state machine must next run, and bumps
 * timelineUpdatedAt when anything a client shows changed. Answers the plan at now and whether
 * clients must be told.
 */
export async function saveTimeline(
  session: TimelineSession,
  forceBump = false,
  /** Task rows were written outside the world (their unconfirmed flags must be counted). */
  { tasksWritten = forceBump }: { tasksWritten?: boolean } = {},
): Promise<{ plan: PlanResult; changed: boolean }> {
  const { db, userId, world, now } = session;
  const { changes } = world;
  if (!session.locked) return saveUnlocked(session, forceBump);
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
  const changed = showsChange(session, forceBump);
  if (tasksWritten) {
    world.state.hasUnconfirmedTask = (await countUnconfirmedTasks(db, userId)) > 0;
  } else if (changes.tasks.size > 0) {
    // Every open task is in the world with its flag: no need to ask the database.
    world.state.hasUnconfirmedTask = [...world.tasks.values()].some((t) => t.isUnconfirmed);
  }
  const plan = planNow(session);
  keepPlan(
    {
      world,
      frame: planFrame(session.settings),
      now,
      cause: session.cause,
      eventOf: eventOfInstance(session),
    },
    plan,
  );
  world.state.nextTransitionAt = nextTransition(world, plan, now);
  if (changed) world.state.timelineUpdatedAt = bumpedTime(world.state.timelineUpdatedAt, now);
  if (!sameState(world.state, session.loadedState)) {
    await saveState(db, userId, world.state, session.loadedState);
    session.loadedState = { ...world.state };
  }
  world.changes = emptyChanges();
  return { plan, changed };
}

/**
 * An unlocked read (no transition was due): nothing was replayed, so nothing but the next
 * transition can differ, and it only ever moves earlier here (a later one is a locked call's).
 */
async function saveUnlocked(
  session: TimelineSession,
  forceBump: boolean,
): Promise<{ plan: PlanResult; changed: boolean }> {
  const { db, userId, world, now } = session;
  if (showsChange(session, forceBump)) {
    throw new Error('an unlocked timeline session cannot save changes');
  }
  const plan = planNow(session);
  const next = nextTransition(world, plan, now);
  if (next < world.state.nextTransitionAt) {
    await lowerNextTransition(db, userId, next);
    world.state.nextTransitionAt = next;
    session.loadedState = { ...world.state };
  }
  return { plan, changed: false };
}
