import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { RealtimeEventType } from '../realtime/realtime-hub';
import type { TimelineState } from './timeblock';
import { bumpChanged, findState, insertState, saveRecurringProgress } from './timeline-repository';

type Db = Kysely<Schema>;

/** New accounts start running with auto-extend on (accounts spec, UserOptions). */
export function defaultTimelineState(
  now: number,
  choices: Partial<Pick<TimelineState, 'autoExtend' | 'isPaused'>> = {},
): TimelineState {
  return {
    autoExtend: choices.autoExtend ?? true,
    isPaused: choices.isPaused ?? false,
    shuffleSeed: 0,
    currentBlockId: '',
    advancedAt: now,
    nextTransitionAt: 0,
    timelineUpdatedAt: now,
    reminderUpdatedAt: now,
    hasUnconfirmedTask: false,
  };
}

/**
 * Creates the timeline state of a new account with its sign-up choices (CreateUser options
 * autoExtend and isPaused). Accounts without one get the defaults on first use.
 */
export async function initTimelineState(
  db: Db,
  userId: string,
  choices: Partial<Pick<TimelineState, 'autoExtend' | 'isPaused'>>,
  now: number,
): Promise<void> {
  await insertState(db, userId, defaultTimelineState(now, choices));
}

/** The state row, created with the defaults when missing; locked for the call on PostgreSQL. */
export async function loadTimelineState(
  db: Db,
  userId: string,
  now: number,
  forUpdate: boolean,
): Promise<TimelineState> {
  const found = await findState(db, userId, forUpdate);
  if (found) return found;
  await insertState(db, userId, defaultTimelineState(now));
  const created = await findState(db, userId, forUpdate);
  if (!created) throw new Error('timeline state row vanished');
  return created;
}

/** Strictly later than `previous` so a client comparing timestamps always sees a change. */
export function bumpedTime(previous: number, now: number): number {
  return Math.max(now, previous + 1);
}

/**
 * Records that the user's data changed, in the call's transaction: reminder changes bump
 * reminderUpdatedAt, everything else timelineUpdatedAt, and a timeline change makes the next
 * read re-check the plan (an event may have moved the next block). `cause` is the request id of
 * the person's call that made a timeline change ('' for background work): the re-plan it leads
 * to names it (docs/plan-stability.md).
 */
export async function recordChange(
  db: Db,
  userId: string,
  type: RealtimeEventType,
  now: number,
  cause = '',
): Promise<void> {
  // One statement, which locks the row too; the row always exists after sign-up.
  const what = type === 'reminderStateUpdated' ? 'reminder' : 'timeline';
  const fresh = { ...defaultTimelineState(now), planCause: what === 'timeline' ? cause : '' };
  await bumpChanged(db, userId, what, now, fresh);
}

/**
 * Writes the user's earliest next recurring task occurrence (read with the state row as
 * `nextRecurringTaskAt`) with the timeline fields a made instance changes: timelineUpdatedAt and
 * nextTransitionAt (0 makes the next read replay the plan with the new task).
 */
export async function saveRecurringTaskProgress(
  db: Db,
  userId: string,
  state: TimelineState,
): Promise<void> {
  await saveRecurringProgress(db, userId, state);
}
