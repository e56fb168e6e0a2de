import { addLocalDays, isValidTimeZone, startOfLocalDay, toWallClock } from '@planner/core';

export type AgendaView = 'day' | 'week';

/** Reads /agenda/{view?}/{currentDate?}: view is day or week, the date a ms timestamp. */
export function parseAgendaParams(
  view: string | undefined,
  currentDate: string | undefined,
  now: number,
): { view: AgendaView; date: number } {
  const parsedView: AgendaView = view === 'week' ? 'week' : 'day';
  const timestamp =
    currentDate !== undefined && /^-?\d+$/u.test(currentDate) ? Number(currentDate) : NaN;
  return { view: parsedView, date: Number.isSafeInteger(timestamp) ? timestamp : now };
}

/** The person's zone when it is valid, else this device's (spec 5: invalid zones fall back). */
export function displayTimeZone(option: string | undefined): string {
  return option && option !== 'undefined' && isValidTimeZone(option)
    ? option
    : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export type DayPart = 'morning' | 'afternoon' | 'evening';

export function dayPartAt(instant: number, timeZone: string): DayPart {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(
      instant,
    ),
  );
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

/** The first day of the week holding `instant`, by the person's firstDayOfWeek (MON, SAT, SUN). */
export function weekStartOf(instant: number, firstDayOfWeek: string, timeZone: string): number {
  const first = firstDayOfWeek === 'SUN' ? 0 : firstDayOfWeek === 'SAT' ? 6 : 1;
  const wall = toWallClock(instant, timeZone);
  const back = (wall.weekday - first + 7) % 7;
  return startOfLocalDay(addLocalDays(instant, -back, timeZone), timeZone);
}
