/**
 * The bounds every input to the server keeps (docs/input-bounds.md): the server refuses a value
 * past them with a 400 naming the field, and the web app's inputs use the same numbers. They
 * keep one call short (no request holds the database for long) and every stored value one the
 * apps can show (a date the browser can format, a list a screen can render).
 */
import { DAY_MS } from '../time/zone';

/** The first instant an input may name: 1 January 1970, 00:00 UTC. */
export const INSTANT_MIN = 0;
/** The last instant an input may name: 1 January 2100, 00:00 UTC. */
export const INSTANT_MAX = Date.UTC(2100, 0, 1);

export const INPUT_BOUNDS = {
  /** Titles of tasks, events, reminders and blocks, in UTF-16 code units (JS length). */
  titleChars: 500,
  /** A task's or event's Markdown note. */
  noteChars: 100_000,
  /** A search keyword (task list, event search). */
  keywordChars: 200,
  checklistItems: 200,
  checklistItemChars: 1_000,
  /** Ids a call names at once (GetTasks ids) and items of one batch (PutMultipleTasks). */
  listItems: 1_000,
  /** Field names of an update mask. */
  fieldNames: 20,
  /** An id as a client sends it back (ours are UUIDs or short composed names). */
  idChars: 200,
  /** A category's name and description. */
  categoryNameChars: 100,
  categoryDescriptionChars: 1_000,
  /** Every `interval` days, weeks, months or years. */
  recurrenceInterval: 1_000,
  /** Occurrences of a series ending after a count. */
  recurrenceCount: 1_000,
  /** Steps of one Chain; each step is itself bounded. */
  chainSteps: 50,
  /** The span of one GetTimeline window. */
  timelineWindowMs: 92 * DAY_MS,
  /** The span of one GetReminders window. */
  reminderWindowMs: 366 * DAY_MS,
  /** Points of one GetTimeStatistics call, and the span from the first start to the last end. */
  statisticsPoints: 400,
  statisticsSpanMs: 800 * DAY_MS,
  /** The longest block a client may add or move (a record, a locked block). */
  blockSpanMs: 7 * DAY_MS,
  /** Blocks of one GetTaskTimeblocks page. */
  timeblockPage: 1_000,
} as const;

/** Whether `instant` lies in the range inputs may name. */
export function isInstantInRange(instant: number): boolean {
  return Number.isSafeInteger(instant) && instant >= INSTANT_MIN && instant <= INSTANT_MAX;
}
