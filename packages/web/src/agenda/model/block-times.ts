import { addLocalDays, startOfLocalDay } from '@planner/core';
import type { TimeRange } from '../types';
import { clockOptions, formatDate, formatDayAndTime, formatTime, type Formatting } from './format';

/**
 * A block's start and end as its name says them. Within one day, the times alone ("9:00 AM"), the
 * name the browser tests find a block by. Across days, each with its weekday ("Thu 10:10 AM"),
 * so a block from Thursday to Friday does not read as an hour; a week or more apart, with its
 * date too, where the weekdays would repeat. An end at midnight is still its day's: the week view
 * draws such a block in that day's column alone.
 */
export function blockTimes(range: TimeRange, f: Formatting): { start: string; end: string } {
  const startDay = startOfLocalDay(range.start, f.timeZone);
  const endDay = startOfLocalDay(Math.max(range.start, range.end - 1), f.timeZone);
  if (endDay === startDay) {
    return { start: formatTime(range.start, f), end: formatTime(range.end, f) };
  }
  // A week or more apart, the dates too: the weekdays would repeat.
  if (endDay >= addLocalDays(startDay, 7, f.timeZone)) {
    return { start: formatDayAndTime(range.start, f), end: formatDayAndTime(range.end, f) };
  }
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    ...clockOptions(f.hour12),
  };
  return { start: formatDate(range.start, f, options), end: formatDate(range.end, f, options) };
}
