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

/** A reminder with a time of day: a mark at that time in its day column. */
export interface WeekReminderMark {
  reminder: WireReminder;
  /** Where the time sits in the day, as a fraction. */
  top: number;
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
  const columns = localDays(week, timeZone).map<WeekColumn>((day) => ({
    ...day,
    boxes: [],
    allDayReminders: input.reminders.filter(
      (r) => r.allDay && r.start >= day.start && r.start < day.end,
    ),
    timedReminders: input.reminders
      .filter((r) => !r.allDay && r.start >= day.start && r.start < day.end)
      .map((reminder) => ({ reminder, top: (reminder.start - day.start) / (day.end - day.start) })),
    allDayEvents: items.allDayEvents.filter((e) => e.start < day.end && e.end > day.start),
  }));
  for (const group of timeline.groups) {
    const lanes = assignLanes(group.blocks);
    group.blocks.forEach((block, index) => {
      const { lane, lanes: count } = lanes[index] ?? { lane: 0, lanes: 1 };
      for (const column of columns) {
        const start = Math.max(block.start, column.start);
        const end = Math.min(block.end, column.end);
        if (end <= start) continue;
        const length = column.end - column.start;
        column.boxes.push({
          block,
          start,
          end,
          top: (start - column.start) / length,
          height: (end - start) / length,
          lane,
          lanes: count,
        });
      }
    });
  }
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
