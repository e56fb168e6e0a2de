import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { findEventCategories } from '../events/events-repository';
import { findTasks } from '../tasks/tasks-repository';
import { listBlocksBetween } from '../timeline/timeline-repository';

type Db = Kysely<Schema>;

/** A past stretch of tracked time: part of a task or event block, never a rest. */
export interface TrackedSpan {
  start: number;
  end: number;
  taskId: string | null;
  eventId: string | null;
  /** The task's or event's category; '' when it has none. */
  categoryId: string;
}

/**
 * The tracked time between `start` and `end`, cut at now (the future is a plan, not a record),
 * from stored timeblocks, each with the category of its task or event.
 */
export async function listTrackedSpans(
  db: Db,
  userId: string,
  start: number,
  end: number,
  now: number,
): Promise<TrackedSpan[]> {
  const until = Math.min(end, now);
  if (!(until > start)) return [];
  const blocks = (await listBlocksBetween(db, userId, start, until)).filter(
    (b) => !b.isRest && (b.taskId !== null || b.eventId !== null),
  );
  const taskIds = [...new Set(blocks.flatMap((b) => (b.taskId ? [b.taskId] : [])))];
  const eventIds = [...new Set(blocks.flatMap((b) => (b.eventId && !b.taskId ? [b.eventId] : [])))];
  const taskCategories = new Map(
    (await findTasks(db, userId, taskIds)).map((t) => [t.id, t.categoryId]),
  );
  const eventCategories = await findEventCategories(db, userId, eventIds);
  const spans: TrackedSpan[] = [];
  for (const b of blocks) {
    const spanStart = Math.max(b.start, start);
    const spanEnd = Math.min(b.end, until);
    if (!(spanEnd > spanStart)) continue;
    const categoryId = b.taskId
      ? (taskCategories.get(b.taskId) ?? '')
      : (eventCategories.get(b.eventId ?? '') ?? '');
    spans.push({
      start: spanStart,
      end: spanEnd,
      taskId: b.taskId,
      eventId: b.eventId,
      categoryId,
    });
  }
  return spans;
}
