import { fromWallClock, toWallClock } from '@planner/core';

// MUI X pickers work on JavaScript Dates in the device's zone. The person's zone may differ, so a
// picker gets a "floating" Date that shows the same wall-clock reading, and its answer is read
// back as a wall-clock time in the person's zone.

/** A Date whose local reading is the wall clock of `ms` in `timeZone`. */
export function toPickerDate(ms: number, timeZone: string): Date {
  const w = toWallClock(ms, timeZone);
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, 0, 0);
}

function isValidDate(date: Date | null): date is Date {
  return date !== null && !Number.isNaN(date.getTime());
}

/** The instant of the picker's date on the day of `ms`, keeping `ms`'s time of day. */
export function withPickedDay(ms: number, picked: Date | null, timeZone: string): number | null {
  if (!isValidDate(picked)) return null;
  const w = toWallClock(ms, timeZone);
  return fromWallClock(
    {
      year: picked.getFullYear(),
      month: picked.getMonth() + 1,
      day: picked.getDate(),
      hour: w.hour,
      minute: w.minute,
    },
    timeZone,
  );
}

/** The instant of the picker's time of day on the day of `ms`. */
export function withPickedTime(ms: number, picked: Date | null, timeZone: string): number | null {
  if (!isValidDate(picked)) return null;
  const w = toWallClock(ms, timeZone);
  return fromWallClock(
    {
      year: w.year,
      month: w.month,
      day: w.day,
      hour: picked.getHours(),
      minute: picked.getMinutes(),
    },
    timeZone,
  );
}
