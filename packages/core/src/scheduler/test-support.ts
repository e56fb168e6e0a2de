/**
 * Factories and a minute-by-minute reference planner for the scheduler's tests. The reference is
 * deliberately naive (a boolean per minute, every order for the deadline optimum) so it can be
 * trusted on small instances; it shares no code with the engine beyond the types and the zone
 * reading of a single instant.
 */
import { HOUR_MS, toWallClock } from '../time/zone';
import type { PlanEvent, PlanRequest, PlanTask, PlanTimeblock } from './types';

export const MINUTE = 60_000;
/** Monday 2026-06-01 00:00 UTC: a fixed clock for tests. */
export const T0 = Date.UTC(2026, 5, 1, 0, 0);

export function buildTask(overrides: Partial<PlanTask> & Pick<PlanTask, 'id'>): PlanTask {
  return {
    timeScheduled: 60 * MINUTE,
    timeFulfilled: 0,
    deadline: -1,
    createdAt: T0 - 86_400_000,
    isCompleted: false,
    ...overrides,
  };
}

export function buildEvent(
  overrides: Partial<PlanEvent> & Pick<PlanEvent, 'id' | 'start' | 'end'>,
): PlanEvent {
  return { allDay: false, travelTop: 0, travelBottom: 0, ...overrides };
}

export function buildBlock(
  overrides: Partial<PlanTimeblock> & Pick<PlanTimeblock, 'id' | 'start' | 'end'>,
): PlanTimeblock {
  return { fixed: false, isRest: false, ...overrides };
}

export function buildRequest(overrides: Partial<PlanRequest> = {}): PlanRequest {
  return {
    now: T0,
    timezone: 'UTC',
    horizonEnd: T0 + 7 * 86_400_000,
    autoIdle: { enabled: false, start: 22 * 3_600_000, end: 6 * 3_600_000 },
    state: { isPaused: false, autoExtend: true },
    tasks: [],
    events: [],
    timeblocks: [],
    ...overrides,
  };
}

/** True when the wall clock at `instant` reads inside the daily auto-idle window. */
function isIdleAt(request: PlanRequest, instant: number): boolean {
  const { enabled, start, end } = request.autoIdle;
  if (!enabled || start === end) return false;
  const wall = toWallClock(instant, request.timezone);
  const ms = wall.hour * HOUR_MS + wall.minute * MINUTE + wall.second * 1000;
  return start < end ? ms >= start && ms < end : ms >= start || ms < end;
}

/**
 * Free minutes of [now, horizonEnd) for a request without recurring events, `now` on a whole
 * minute. Auto-idle is read off the wall clock minute by minute, which matches the engine's
 * daily windows except around a daylight-saving jump (tests that use it avoid those).
 */
export function referenceFreeMinutes(request: PlanRequest): boolean[] {
  const { now } = request;
  const length = Math.max(0, Math.ceil((request.horizonEnd - now) / MINUTE));
  const free = Array.from({ length }, (_, m) => !isIdleAt(request, now + m * MINUTE));
  const mark = (start: number, end: number) => {
    for (let m = Math.max(0, Math.floor((start - now) / MINUTE)); m < length; m += 1) {
      if (now + m * MINUTE >= end) break;
      free[m] = false;
    }
  };
  for (const e of request.events)
    if (!e.allDay) mark(e.start - e.travelTop, e.end + e.travelBottom);
  const current = request.timeblocks.find((b) => b.start <= now && now < b.end);
  for (const b of request.timeblocks) {
    const kept = b.fixed || b.isRest || (b === current && !request.state.isPaused);
    if (kept) mark(b.start, b.end);
  }
  // Runs of free minutes shorter than 5 stay idle.
  for (let m = 0; m < length;) {
    if (!free[m]) {
      m += 1;
      continue;
    }
    let end = m;
    while (end < length && free[end]) end += 1;
    if (end - m < 5) for (let k = m; k < end; k += 1) free[k] = false;
    m = end;
  }
  return free;
}

/** Where a task of `minutes` starting no earlier than minute `from` ends (-1: does not fit). */
export function referencePlace(free: boolean[], from: number, minutes: number): number {
  let m = from;
  let left = minutes;
  let isFirstPiece = true;
  while (left > 0) {
    while (m < free.length && !free[m]) m += 1;
    if (m >= free.length) return -1;
    let gapEnd = m;
    while (gapEnd < free.length && free[gapEnd]) gapEnd += 1;
    const tail = gapEnd - m;
    if (left <= tail) return m + left;
    if (isFirstPiece && tail < 5) {
      m = gapEnd;
      continue;
    }
    left -= tail;
    m = gapEnd;
    isFirstPiece = false;
  }
  return m;
}

export interface ReferenceJob {
  minutes: number;
  /** Minutes after now; may be negative (already overdue). */
  deadlineMinute: number;
}

/**
 * The fewest late jobs over every order of `jobs` (depth-first over orders): each job is placed
 * by `place` from where the previous one ended and returns its end, or null when it does not
 * fit; once one does not fit, none after it does, and those are late when `isLateIfCut` says.
 */
export function fewestLateOverOrders<J extends { deadline: number }>(
  jobs: readonly J[],
  start: number,
  place: (at: number, job: J) => number | null,
  isLateIfCut: (job: J) => boolean,
): number {
  const used = jobs.map(() => false);
  let best = Infinity;
  const visit = (at: number | null, depth: number, late: number) => {
    if (late >= best) return;
    if (depth === jobs.length) {
      best = late;
      return;
    }
    jobs.forEach((job, i) => {
      if (used[i]) return;
      used[i] = true;
      const end = at === null ? null : place(at, job);
      const isLate = end === null ? isLateIfCut(job) : end > job.deadline;
      visit(end, depth + 1, late + (isLate ? 1 : 0));
      used[i] = false;
    });
  };
  visit(start, 0, 0);
  return best;
}

/** fewestLateOverOrders on whole minutes of free time, each task placed by referencePlace. */
export function referenceMinLate(
  free: boolean[],
  jobs: readonly ReferenceJob[],
  horizonMinute: number,
): number {
  return fewestLateOverOrders(
    jobs.map((job) => ({ minutes: job.minutes, deadline: job.deadlineMinute })),
    0,
    (at, job) => {
      const end = referencePlace(free, at, job.minutes);
      return end < 0 ? null : end;
    },
    (job) => job.deadline < horizonMinute,
  );
}
