import { fromWallClock, toWallClock } from '@planner/core';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as a native date input's value in the person's zone ("2026-03-10"). */
export function toDateInput(instant: number, timeZone: string): string {
  const w = toWallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** An instant as a native datetime-local value in the person's zone ("2026-03-10T09:30"). */
export function toDateTimeInput(instant: number, timeZone: string): string {
  const w = toWallClock(instant, timeZone);
  return `${toDateInput(instant, timeZone)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A date or datetime-local value read in the person's zone; null when incomplete. */
export function fromInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/u.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match;
  return fromWallClock(
    {
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: Number(h ?? 0),
      minute: Number(mi ?? 0),
    },
    timeZone,
  );
}
