/**
 * Form rules of the planning core (planning-core spec, sections 4 and 5). Problems come back as
 * the spec's message keys; the UI words them.
 */
import {
  NO_RECURRENCE,
  type RecurrenceEndKind,
  type RecurrenceFreq,
  type RecurrenceRule,
} from '../recurrence/rule';
import { addLocalDays, MINUTE_MS, startOfLocalDay } from '../time/zone';
import { INPUT_BOUNDS } from './input-bounds';

/** Translation key the UI shows for an item saved with an empty title. */
export const UNTITLED_TITLE_KEY = 'common.untitled';

export type PlanningMessageKey = 'invalid.chooseCategory' | 'invalid.enterCategoryName';

/**
 * A title as stored: trimmed. An empty one stays empty and is shown as UNTITLED_TITLE_KEY (so
 * it reads in each viewer's language), for tasks, reminders, quick add and added records.
 */
export function normalizeTitle(raw: string): string {
  return raw.trim();
}

/** What to show for a stored title: the text, or the untitled placeholder's key. */
export function titleForDisplay(
  title: string,
): { title: string } | { titleKey: typeof UNTITLED_TITLE_KEY } {
  const trimmed = title.trim();
  return trimmed === '' ? { titleKey: UNTITLED_TITLE_KEY } : { title: trimmed };
}

/** Tasks and events need a category. */
export function validateCategoryChoice(
  categoryId: string | null | undefined,
): 'invalid.chooseCategory' | null {
  return categoryId ? null : 'invalid.chooseCategory';
}

/** A category name is trimmed and must not be empty. */
export function validateCategoryName(
  raw: string,
): { ok: true; name: string } | { ok: false; error: 'invalid.enterCategoryName' } {
  const name = raw.trim();
  return name === '' ? { ok: false, error: 'invalid.enterCategoryName' } : { ok: true, name };
}

/** The spec's number inputs are clamped to their range; an unreadable value takes the minimum. */
export function clampNumber(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

// ---- Reminder repeat picker --------------------------------------------------------------

/**
 * The rule after choosing a frequency: none clears the rule (the canonical none rule), a
 * frequency other than WEEKLY clears byDay, the rest of the rule is kept.
 */
export function repeatWithFrequency(
  rule: RecurrenceRule | null,
  freq: RecurrenceFreq,
): RecurrenceRule {
  if (freq === 'none') return { ...NO_RECURRENCE };
  if (!rule || rule.freq === 'none') return { ...NO_RECURRENCE, freq };
  return { ...rule, freq, byDay: freq === 'WEEKLY' ? rule.byDay : '' };
}

/**
 * The rule after choosing how it ends: FOREVER clears until and count; UNTIL sets it one week
 * (7 local days) after `from` (the item's start); COUNT sets 1.
 */
export function repeatWithEnd<R extends RecurrenceRule>(
  rule: R,
  end: RecurrenceEndKind,
  from: number,
  timeZone: string,
): R {
  switch (end) {
    case 'FOREVER':
      return { ...rule, until: 0, count: 0 };
    case 'UNTIL':
      return { ...rule, until: addLocalDays(from, 7, timeZone), count: 0 };
    case 'COUNT':
      return { ...rule, until: 0, count: 1 };
  }
}

/**
 * A repeat count as typed, made valid: a whole number from 1 to the count the server takes
 * (INPUT_BOUNDS.recurrenceCount; past it the save would be refused).
 */
export function clampRepeatCount(count: number): number {
  if (Number.isNaN(count)) return 1;
  return Math.floor(clampNumber(count, 1, INPUT_BOUNDS.recurrenceCount));
}

export function isValidRepeatCount(count: number): boolean {
  return Number.isInteger(count) && count >= 1 && count <= INPUT_BOUNDS.recurrenceCount;
}

/**
 * A repeat that ends on a date must not end before the item's start: the server refuses such an
 * event (invalid.recurrenceUntil), and a reminder would have no occurrence left.
 */
export function validateRepeatUntil(
  rule: RecurrenceRule,
  start: number,
): 'invalid.recurrenceUntilBeforeStart' | null {
  const isBeforeStart = rule.freq !== 'none' && rule.until > 0 && rule.until < start;
  return isBeforeStart ? 'invalid.recurrenceUntilBeforeStart' : null;
}

/**
 * The repeat's end after a day was picked for it (`picked` keeps the time of day the end had).
 * The start's own day counts as on or after the start whatever that time, so a repeat ending that
 * day ends with its first occurrence rather than before it.
 */
export function repeatUntilFromPickedDay(picked: number, start: number, timeZone: string): number {
  const isStartDay = startOfLocalDay(picked, timeZone) === startOfLocalDay(start, timeZone);
  return isStartDay ? Math.max(picked, start) : picked;
}

// ---- Reminders --------------------------------------------------------------------------

/** The postpone dialog's quick choices move a reminder by local days, keeping its time. */
export function postponedReminderStart(
  start: number,
  choice: 'nextDay' | 'nextWeek',
  timeZone: string,
): number {
  return addLocalDays(start, choice === 'nextDay' ? 1 : 7, timeZone);
}

// ---- Tutorial status ---------------------------------------------------------------------

export type TutorialStatus = Readonly<Record<string, unknown>>;

/** The user option tutorialStatus, read leniently: anything but a JSON object is empty. */
export function parseTutorialStatus(json: string | null | undefined): TutorialStatus {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return { ...value };
  } catch {
    return {};
  }
}

// ---- Add record and timeblock edit dialogs -----------------------------------------------

export interface PercentRange {
  startPct: number;
  endPct: number;
}

/**
 * The add-record dialog's two cursors after one moved: each within 0..100 percent of the window,
 * the moved one stopping at the other (they never cross), and the start never after now.
 */
export function constrainAddRecordCursors(
  cursors: PercentRange,
  moved: 'start' | 'end',
  window: { start: number; end: number; now: number },
): PercentRange {
  const span = window.end - window.start;
  const nowPct = span > 0 ? ((window.now - window.start) / span) * 100 : 100;
  let startPct = clampNumber(cursors.startPct, 0, Math.max(0, Math.min(100, nowPct)));
  let endPct = clampNumber(cursors.endPct, 0, 100);
  if (startPct > endPct) {
    if (moved === 'start') startPct = endPct;
    else endPct = startPct;
  }
  return { startPct, endPct };
}

/** The instant a cursor percentage stands for, rounded to whole milliseconds. */
export function instantAtPercent(window: { start: number; end: number }, pct: number): number {
  return Math.round(window.start + ((window.end - window.start) * pct) / 100);
}

/** The timeblock edit dialog's cursor stays between the block's start and end. */
export function constrainTimeblockCursor(
  cursor: number,
  block: { start: number; end: number },
): number {
  return clampNumber(cursor, block.start, Math.max(block.start, block.end));
}

const CURSOR_TIME_MIN_DISTANCE_MS = 2 * MINUTE_MS;

/** The dialog shows the cursor's time when it is more than 2 minutes from both ends. */
export function showsTimeblockCursorTime(
  cursor: number,
  block: { start: number; end: number },
): boolean {
  return (
    cursor - block.start > CURSOR_TIME_MIN_DISTANCE_MS &&
    block.end - cursor > CURSOR_TIME_MIN_DISTANCE_MS
  );
}

// ---- Drag and drop -----------------------------------------------------------------------

export const DRAG_SNAP_MS = 5 * MINUTE_MS;

/**
 * A dragged time snapped to the nearest 5 minutes. Rounding the instant matches local time in
 * every current zone (their offsets are whole 5 minutes, Nepal's +5:45 included).
 */
export function snapDragTime(instant: number): number {
  return Math.round(instant / DRAG_SNAP_MS) * DRAG_SNAP_MS;
}

/** Blocks that cannot be dragged: the current task's, rests, and synced events. */
export function canDragBlock(block: {
  isCurrentTask: boolean;
  isRest: boolean;
  isSyncedEvent: boolean;
}): boolean {
  return !block.isCurrentTask && !block.isRest && !block.isSyncedEvent;
}
