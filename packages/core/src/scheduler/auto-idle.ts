import { DAY_MS, HOUR_MS, MINUTE_MS, fromWallClock, toWallClock } from '../time/zone';
import { BoundedCache } from './memo';
import type { AutoIdleSettings, Interval } from './types';

const windowCache = new BoundedCache<Interval[]>(2_000);
/** Cached ranges are aligned to this many local days so consecutive re-plans share them. */
const ALIGN_DAYS = 7;

/** A civil date counted in days since 1970-01-01 (no zone: it names a calendar day). */
function civilDayNumber(instantMs: number, timeZone: string): number {
  const w = toWallClock(instantMs, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day) / DAY_MS;
}

function atTimeOfDay(dayNumber: number, msAfterMidnight: number, timeZone: string): number {
  const date = new Date(dayNumber * DAY_MS);
  return fromWallClock(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: Math.floor(msAfterMidnight / HOUR_MS),
      minute: Math.floor((msAfterMidnight % HOUR_MS) / MINUTE_MS),
      millisecond: msAfterMidnight % MINUTE_MS,
    },
    timeZone,
  );
}

function windowsForDays(
  settings: AutoIdleSettings,
  timeZone: string,
  firstDay: number,
  lastDay: number,
): Interval[] {
  const crossesMidnight = settings.start > settings.end;
  const windows: Interval[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    const start = atTimeOfDay(day, settings.start, timeZone);
    const end = atTimeOfDay(crossesMidnight ? day + 1 : day, settings.end, timeZone);
    if (end > start) windows.push({ start, end });
  }
  return windows;
}

/**
 * The daily auto-idle windows that touch [from, to), in wall-clock time of the user's zone:
 * 22:00 to 06:00 is 22:00 to 06:00 local on every day, including the 23- and 25-hour ones.
 * A window that starts after it ends crosses midnight and belongs to the day it starts on.
 * Equal start and end is an empty window. Sorted by start.
 */
export function autoIdleWindows(
  settings: AutoIdleSettings,
  timeZone: string,
  from: number,
  to: number,
): Interval[] {
  if (!settings.enabled || settings.start === settings.end || to <= from) return [];
  // The previous day's window may cross midnight into `from`.
  const firstDay = civilDayNumber(from, timeZone) - 1;
  const lastDay = civilDayNumber(to, timeZone);
  const alignedFirst = Math.floor(firstDay / ALIGN_DAYS) * ALIGN_DAYS;
  const alignedLast = Math.ceil((lastDay + 1) / ALIGN_DAYS) * ALIGN_DAYS;
  const key = `${timeZone}|${settings.start}|${settings.end}|${alignedFirst}|${alignedLast}`;
  const windows = windowCache.get(key, () =>
    windowsForDays(settings, timeZone, alignedFirst, alignedLast),
  );
  return windows.filter((w) => w.end > from && w.start < to);
}
