import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { listEventInstances } from '../events/event-instances';
import { findTasks } from '../tasks/tasks-repository';
import { listBlocksBetween } from '../plan-store/timeline-repository';

type Db = Kysely<Schema>;

/** A past stretch of time spent: part of a task block or of an event instance, never a rest. */
export interface TrackedSpan {
  start: number;
  end: number;
  taskId: string | null;
  /** The event id clients see for the instance (an override's own id, else the series id). */
  eventId: string | null;
  /** The task's or event's category; '' when it has none. */
  categoryId: string;
}

/**
 * Task time between `start` and `end`, cut at now (the future is a plan, not a record), from
 * stored task blocks, each with its task's category. Rests are left out. Stored blocks never
 * name an event (event time comes from the instances, see listEventSpans).
 */
export async function listTaskSpans(
  db: Db,
  userId: string,
  start: number,
  end: number,
  now: number,
): Promise<TrackedSpan[]> {
  const until = Math.min(end, now);
  if (!(until > start)) return [];
  const blocks = (await listBlocksBetween(db, userId, start, until)).filter(
    (b) => !b.isRest && b.taskId !== null,
  );
  const taskIds = [...new Set(blocks.flatMap((b) => (b.taskId ? [b.taskId] : [])))];
  const categories = new Map(
    (await findTasks(db, userId, taskIds)).map((t) => [t.id, t.categoryId]),
  );
  const spans: TrackedSpan[] = [];
  for (const b of blocks) {
    const spanStart = Math.max(b.start, start);
    const spanEnd = Math.min(b.end, until);
    if (!(spanEnd > spanStart) || !b.taskId) continue;
    spans.push({
      start: spanStart,
      end: spanEnd,
      taskId: b.taskId,
      eventId: null,
      categoryId: categories.get(b.taskId) ?? '',
    });
  }
  return spans;
}

/**
 * Event time between `start` and `end`, cut at now: every non-all-day instance (one-off events,
 * series instances, overrides; deleted occurrences are not instances) from its start to its end.
 * Travel time before and after is busy time for the planner but not time spent on the event.
 */
export async function listEventSpans(
  db: Db,
  userId: string,
  start: number,
  end: number,
  now: number,
  timeZone: string,
): Promise<TrackedSpan[]> {
  const until = Math.min(end, now);
  if (!(until > start)) return [];
  // Not the timeline's instance cache: an analysis range (up to years) would evict its window.
  const instances = await listEventInstances(db, userId, start, until, timeZone);
  const spans: TrackedSpan[] = [];
  for (const e of instances) {
    if (e.allDay) continue;
    const spanStart = Math.max(e.start, start);
    const spanEnd = Math.min(e.end, until);
    if (!(spanEnd > spanStart)) continue;
    spans.push({
      start: spanStart,
      end: spanEnd,
      taskId: null,
      eventId: e.id,
      categoryId: e.categoryId,
    });
  }
  return spans;
}

/** Which of two spans covering the same instant owns it: task records first, then the earlier. */
function owns(a: TrackedSpan, b: TrackedSpan): boolean {
  const aTask = a.taskId !== null;
  const bTask = b.taskId !== null;
  if (aTask !== bTask) return aTask;
  if (a.start !== b.start) return a.start < b.start;
  const aKey = a.taskId ?? a.eventId ?? '';
  const bKey = b.taskId ?? b.eventId ?? '';
  return aKey < bKey;
}

function sameOwner(a: TrackedSpan, b: TrackedSpan): boolean {
  return a.taskId === b.taskId && a.eventId === b.eventId && a.categoryId === b.categoryId;
}

/**
 * Cuts overlapping spans into disjoint pieces, sorted by start, each instant given to one owner:
 * a tracked task block wins over an event (the record says what the user did then, e.g. a task
 * started with Next during a meeting), and of two overlapping tasks or two overlapping events the
 * one that began first keeps the time. So every instant counts once in a point's sum, and the
 * per-category values add up to it.
 */
export function exclusivePieces(spans: readonly TrackedSpan[]): TrackedSpan[] {
  const bounds = [...new Set(spans.flatMap((s) => [s.start, s.end]))].sort((a, b) => a - b);
  const byStart = [...spans].sort((a, b) => a.start - b.start);
  const pieces: TrackedSpan[] = [];
  let active: TrackedSpan[] = [];
  let next = 0;
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const from = bounds[i] as number;
    const to = bounds[i + 1] as number;
    active = active.filter((s) => s.end > from);
    while (next < byStart.length && (byStart[next] as TrackedSpan).start <= from) {
      const span = byStart[next] as TrackedSpan;
      if (span.end > from) active.push(span);
      next += 1;
    }
    let owner: TrackedSpan | undefined;
    for (const s of active) if (!owner || owns(s, owner)) owner = s;
    if (!owner) continue;
    const last = pieces[pieces.length - 1];
    if (last && last.end === from && sameOwner(last, owner)) last.end = to;
    else pieces.push({ ...owner, start: from, end: to });
  }
  return pieces;
}
