import {
  addLocalDays,
  MINUTE_MS,
  startOfLocalDay,
  synthesizeTimeline,
  type BlockGroup,
  type IdleBlock,
  type SynthesizedBlock,
} from '@planner/core';
import type { TimeRange, WireEventInstance, WireReminder } from '../types';
import type { AgendaBlock, AgendaItems } from './agenda-block';

export type DayBlock = SynthesizedBlock<AgendaBlock>;

export type DayEntry =
  | { type: 'group'; start: number; end: number; group: BlockGroup<DayBlock> }
  | { type: 'idle'; start: number; end: number; idle: IdleBlock };

export interface DaySection extends TimeRange {
  allDayEvents: WireEventInstance[];
  /** All-day reminders first, then by start. */
  reminders: WireReminder[];
  entries: DayEntry[];
}

export interface DayModel {
  days: DaySection[];
  currentGroupId: string | null;
  progress: number | null;
}

export interface DayModelInput {
  items: AgendaItems;
  reminders: readonly WireReminder[];
  range: TimeRange;
  timeZone: string;
  now: number;
  currentBlockId?: string | undefined;
  debug?: boolean;
}

/** The local days that start inside `range` (the range is expected to start at a midnight). */
export function localDays(range: TimeRange, timeZone: string): TimeRange[] {
  const days: TimeRange[] = [];
  for (let start = startOfLocalDay(range.start, timeZone); start < range.end;) {
    const end = addLocalDays(start, 1, timeZone);
    days.push({ start, end });
    start = end;
  }
  return days;
}

const inDay = (day: TimeRange, instant: number) => instant >= day.start && instant < day.end;

/**
 * Below a minute a session or a gap is what quick clicks on the controls leave behind, not time
 * a person planned or spent: such gaps are not listed, such past sessions show as one slim line.
 */
export const SHORT_RECORD_MS = MINUTE_MS;

/** A past group under a minute that is not going on: listed as a slim line, not a card. */
export function isShortRecord(
  entry: DayEntry,
  now: number,
  currentGroupId: string | null,
): boolean {
  return (
    entry.type === 'group' &&
    entry.end <= now &&
    entry.end - entry.start < SHORT_RECORD_MS &&
    entry.group.id !== currentGroupId
  );
}

/**
 * The day view: per local day its all-day events, reminders and timeline entries (blocks merged
 * and grouped by the core, gaps as idle blocks). A group belongs to the day it starts in.
 */
export function buildDayModel(input: DayModelInput): DayModel {
  const { items, range, timeZone } = input;
  const timeline = synthesizeTimeline({
    blocks: items.blocks,
    events: items.travelSources,
    windowStart: range.start,
    windowEnd: range.end,
    timeZone,
    now: input.now,
    ...(input.currentBlockId ? { currentBlockId: input.currentBlockId } : {}),
    view: 'agenda',
    ...(input.debug ? { debug: true } : {}),
  });
  const days = localDays(range, timeZone).map<DaySection>((day) => ({
    ...day,
    allDayEvents: items.allDayEvents.filter((e) => e.start < day.end && e.end > day.start),
    reminders: input.reminders
      .filter((r) => inDay(day, r.start))
      .sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start - b.start),
    entries: [],
  }));
  for (const entry of timeline.entries) {
    if (entry.type === 'idle' && entry.end - entry.start < SHORT_RECORD_MS) continue;
    const day = days.find((d) => inDay(d, entry.start));
    if (day) day.entries.push(entry);
  }
  return { days, currentGroupId: timeline.currentGroupId, progress: timeline.progress };
}
