import { TZDateMini } from '@date-fns/tz';

/** Milliseconds in common units; instants and durations are integer milliseconds. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** A wall-clock reading in a time zone. `month` is 1-12, `weekday` 0 (Sunday) to 6. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
}

const validZones = new Map<string, boolean>();

/** True when `timeZone` is an IANA zone name this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  let known = validZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = timeZone.length > 0 && timeZone !== 'undefined';
    } catch {
      known = false;
    }
    validZones.set(timeZone, known);
  }
  return known;
}

/** The wall-clock reading of an instant in a zone. */
export function toWallClock(instantMs: number, timeZone: string): WallClock {
  const d = new TZDateMini(instantMs, timeZone);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
    millisecond: d.getMilliseconds(),
    weekday: d.getDay(),
  };
}

/**
 * The instant of a wall-clock time in a zone. A time skipped by a daylight-saving jump
 * resolves to the same offset distance after the jump (02:30 on a spring-forward night is 03:30).
 */
export function fromWallClock(
  wall: Pick<WallClock, 'year' | 'month' | 'day'> & Partial<WallClock>,
  timeZone: string,
): number {
  return new TZDateMini(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
    wall.millisecond ?? 0,
    timeZone,
  ).getTime();
}

/** The instant the local day containing `instantMs` starts (23 or 25 hours long on DST days). */
export function startOfLocalDay(instantMs: number, timeZone: string): number {
  const w = toWallClock(instantMs, timeZone);
  return fromWallClock({ year: w.year, month: w.month, day: w.day }, timeZone);
}

/** The same wall-clock time `days` local days later (or earlier when negative). */
export function addLocalDays(instantMs: number, days: number, timeZone: string): number {
  const w = toWallClock(instantMs, timeZone);
  return fromWallClock({ ...w, day: w.day + days }, timeZone);
}

/**
 * The instant at `msAfterMidnight` of wall-clock time on the local day containing `dayMs`.
 * Settings such as the auto-idle window are wall-clock times of day (22:00 is 79,200,000),
 * so on a daylight-saving day they are not midnight plus that many milliseconds.
 */
export function atLocalTimeOfDay(dayMs: number, msAfterMidnight: number, timeZone: string): number {
  const w = toWallClock(dayMs, timeZone);
  const hour = Math.floor(msAfterMidnight / HOUR_MS);
  const minute = Math.floor((msAfterMidnight % HOUR_MS) / MINUTE_MS);
  const millisecond = msAfterMidnight % MINUTE_MS;
  return fromWallClock(
    { year: w.year, month: w.month, day: w.day, hour, minute, millisecond },
    timeZone,
  );
}
