import { fromFloating, toFloating } from '../recurrence/index';
import { DAY_MS } from '../time/zone';
import type { AutoIdleSettings, Interval } from './types';

/**
 * The daily auto-idle windows that touch [from, to), in wall-clock time of the user's zone:
 * 22:00 to 06:00 is 22:00 to 06:00 local on every day, including the 23- and 25-hour ones.
 * A window that starts after it ends crosses midnight and belongs to the day it starts on.
 * Equal start and end is an empty window. Wall-clock times are placed as RFC 5545 places them
 * (like recurring events): a time skipped by a forward jump is read with the offset from before
 * the jump (02:30 becomes 03:30), a repeated time means its first occurrence. Sorted by start.
 */
export function autoIdleWindows(
  settings: AutoIdleSettings,
  timeZone: string,
  from: number,
  to: number,
): Interval[] {
  if (!settings.enabled || settings.start === settings.end || to <= from) return [];
  const crossesMidnight = settings.start > settings.end;
  // Local days as floating (wall-clock read as UTC) day numbers; the day before `from` may
  // have a window crossing midnight into it.
  const firstDay = Math.floor(toFloating(from, timeZone) / DAY_MS) - 1;
  const lastDay = Math.floor(toFloating(to, timeZone) / DAY_MS);
  const windows: Interval[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    const start = fromFloating(day * DAY_MS + settings.start, timeZone);
    const endDay = crossesMidnight ? day + 1 : day;
    const end = fromFloating(endDay * DAY_MS + settings.end, timeZone);
    if (end > start && end > from && start < to) windows.push({ start, end });
  }
  return windows;
}
