import { addLocalDays, synthesizeTimeline } from '@planner/core';
import type { TimeRange, WireEventInstance, WireReminder } from '../types';
import type { AgendaItems } from './agenda-block';
import type { DayBlock } from './day-model';
import { localDays } from './day-model';

/** A block's box in a day column: top and height as fractions of the day, lane of lanes. */
export interface WeekBox {
  block: DayBlock;
  /** The part of the block inside this day. */
  start: number;
  end: number;
  top: number;
  height: number;
  lane: number;
  lanes: number;
}

/** The grid draws every day 24 hours tall, whatever its length (a clock-change day too). */
export const HOUR_PX = 48;
const COLUMN_PX = 24 * HOUR_PX;
/** A timed reminder's mark: 24 px tall, WCAG 2.2's smallest target (axe target-size). */
export const REMINDER_MARK_PX = 24;
/** A block's title from the block's top: WeekBlock draws it 2 px down, 12 px at 1.25 lines. */
const BLOCK_TITLE_PX = 18;
const MARK_SHARE = REMINDER_MARK_PX / COLUMN_PX;
const TITLE_SHARE = BLOCK_TITLE_PX / COLUMN_PX;

/**
 * A reminder's mark hangs below its time, or stands on it (above) where hanging would cover a
 * block's title or leave the day.
 */
export type MarkPlacement = 'below' | 'above';

/** A reminder with a time of day: a mark at that time in its day column. */
export interface WeekReminderMark {
  reminder: WireReminder;
  /** Where the time sits in the day, as a fraction. */
  top: number;
  placement: MarkPlacement;
  /** Across the column when it covers no title; else beside the blocks, in a lane of its own. */
  lane: number;
  lanes: number;
}

export interface WeekColumn extends TimeRange {
  boxes: WeekBox[];
  allDayReminders: WireReminder[];
  timedReminders: WeekReminderMark[];
  allDayEvents: WireEventInstance[];
}

export interface WeekModel {
  columns: WeekColumn[];
  currentGroupId: string | null;
}

export interface WeekModelInput {
  items: AgendaItems;
  reminders: readonly WireReminder[];
  weekStart: number;
  timeZone: string;
  now: number;
  currentBlockId?: string | undefined;
}

/** Side-by-side lanes for the blocks of one overlap group: each takes the first free lane. */
export function assignLanes<T extends TimeRange>(
  blocks: readonly T[],
): { lane: number; lanes: number }[] {
  const laneEnds: number[] = [];
  const lanes = blocks.map((block) => {
    let lane = laneEnds.findIndex((end) => end <= block.start);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(block.end);
    } else {
      laneEnds[lane] = block.end;
    }
    return lane;
  });
  return lanes.map((lane) => ({ lane, lanes: laneEnds.length }));
}

type Lanes = Pick<WeekBox, 'lane' | 'lanes'>;
const FULL_WIDTH: Lanes = { lane: 0, lanes: 1 };

/**
 * Lanes for a day's items, sorted by start: each run of items that overlap one another shares
 * the column's width; an item that overlaps nothing takes all of it.
 */
function dayLanes(items: readonly TimeRange[]): Lanes[] {
  const layout: Lanes[] = [];
  let run: TimeRange[] = [];
  let runEnd = -Infinity;
  for (const item of items) {
    if (item.start >= runEnd) {
      layout.push(...assignLanes(run));
      run = [];
    }
    run.push(item);
    runEnd = Math.max(runEnd, item.end);
  }
  layout.push(...assignLanes(run));
  return layout;
}

const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

/**
 * Where a reminder's mark goes in its day (shares of the column): below its time if that covers
 * no block's title, else above it; if both would, below and beside the blocks (`isBeside`).
 */
function placeMark(top: number, titles: readonly TimeRange[]) {
  const below = { placement: 'below' as const, extent: { start: top, end: top + MARK_SHARE } };
  const above = { placement: 'above' as const, extent: { start: top - MARK_SHARE, end: top } };
  const sides = [below, above].filter(({ extent }) => extent.start >= 0 && extent.end <= 1);
  const clear = sides.find(({ extent }) => !titles.some((title) => overlaps(title, extent)));
  return { ...(clear ?? sides[0] ?? below), isBeside: !clear };
}

/**
 * One day column's boxes and reminder marks, laid out with that day's items only: a block past
 * midnight shares the width in a day only with what overlaps it that day.
 */
function layOutDay(
  day: TimeRange,
  blocks: readonly DayBlock[],
  reminders: readonly WireReminder[],
): Pick<WeekColumn, 'boxes' | 'timedReminders'> {
  const length = day.end - day.start;
  const pieces = blocks.flatMap((block) => {
    const start = Math.max(block.start, day.start);
    const end = Math.min(block.end, day.end);
    if (end <= start) return [];
    return [
      { block, start, end, top: (start - day.start) / length, height: (end - start) / length },
    ];
  });
  const titles = pieces.map((p) => ({
    start: p.top,
    end: p.top + Math.min(p.height, TITLE_SHARE),
  }));
  const marks = reminders.map((reminder) => {
    const top = (reminder.start - day.start) / length;
    return { reminder, top, ...placeMark(top, titles) };
  });
  // Blocks and the marks beside them share the width, laid by where each is drawn; at the same
  // start a block comes first.
  const items = [
    ...pieces.map((p, key) => ({ start: p.top, end: p.top + p.height, key })),
    ...marks.flatMap((m, index) =>
      m.isBeside ? [{ ...m.extent, key: pieces.length + index }] : [],
    ),
  ].sort((a, b) => a.start - b.start);
  const layout = dayLanes(items);
  const laid = new Map(items.map((item, k) => [item.key, layout[k] ?? FULL_WIDTH]));
  const lanesOf = (key: number) => laid.get(key) ?? FULL_WIDTH;
  return {
    boxes: pieces.map((piece, key) => ({ ...piece, ...lanesOf(key) })),
    timedReminders: marks.map(({ reminder, top, placement }, index) => ({
      reminder,
      top,
      placement,
      ...lanesOf(pieces.length + index),
    })),
  };
}

/** The week view: 7 columns; rests and blocks under 3 minutes left out (core's week filter). */
export function buildWeekModel(input: WeekModelInput): WeekModel {
  const { items, timeZone, weekStart } = input;
  const week = { start: weekStart, end: addLocalDays(weekStart, 7, timeZone) };
  const timeline = synthesizeTimeline({
    blocks: items.blocks,
    events: items.travelSources,
    windowStart: week.start,
    windowEnd: week.end,
    timeZone,
    now: input.now,
    ...(input.currentBlockId ? { currentBlockId: input.currentBlockId } : {}),
    view: 'week',
  });
  const blocks = timeline.groups.flatMap((group) => group.blocks);
  const columns = localDays(week, timeZone).map<WeekColumn>((day) => ({
    ...day,
    ...layOutDay(
      day,
      blocks,
      input.reminders.filter((r) => !r.allDay && r.start >= day.start && r.start < day.end),
    ),
    allDayReminders: input.reminders.filter(
      (r) => r.allDay && r.start >= day.start && r.start < day.end,
    ),
    allDayEvents: items.allDayEvents.filter((e) => e.start < day.end && e.end > day.start),
  }));
  return { columns, currentGroupId: timeline.currentGroupId };
}

/** Where now sits in its day column, as a fraction; null outside the week. */
export function nowPosition(
  columns: readonly TimeRange[],
  now: number,
): { column: number; top: number } | null {
  const column = columns.findIndex((c) => now >= c.start && now < c.end);
  const day = columns[column];
  if (!day) return null;
  return { column, top: (now - day.start) / (day.end - day.start) };
}
