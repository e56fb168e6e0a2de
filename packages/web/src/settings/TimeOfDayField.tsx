import { HOUR_MS, MINUTE_MS } from '@planner/core';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import { useState, type FocusEvent } from 'react';

/** A Date on a fixed day whose local reading is `ms` after midnight (what the field works on). */
export function timeOfDayDate(ms: number): Date {
  const minutes = Math.floor(ms / MINUTE_MS);
  return new Date(2000, 0, 1, Math.floor(minutes / 60) % 24, minutes % 60, 0, 0);
}

/** Milliseconds after midnight of the field's date, or null while it is incomplete or invalid. */
export function timeOfDayMs(date: Date | null): number | null {
  if (date === null || Number.isNaN(date.getTime())) return null;
  return date.getHours() * HOUR_MS + date.getMinutes() * MINUTE_MS;
}

export interface TimeOfDayFieldProps {
  label: string;
  /** Milliseconds after midnight. */
  ms: number;
  onChange: (ms: number) => void;
  /** The account's clock (UserOptions.timeFormat), not the browser's. */
  twelveHour: boolean;
  name: string;
}

/**
 * A time of day typed section by section. Typing 1 then 0 into the hours passes through 01:00,
 * so only the finished value is saved: when the field is left or Enter is pressed. A value left
 * half typed goes back to the saved one.
 */
export function TimeOfDayField({ label, ms, onChange, twelveHour, name }: TimeOfDayFieldProps) {
  const [typed, setTyped] = useState<{ forMs: number; date: Date | null } | null>(null);
  const shown = typed !== null && typed.forMs === ms ? typed.date : timeOfDayDate(ms);
  const commit = () => {
    if (typed === null || typed.forMs !== ms) return;
    const next = timeOfDayMs(typed.date);
    setTyped(null);
    if (next !== null && next !== ms) onChange(next);
  };
  return (
    <TimeField
      label={label}
      size="small"
      value={shown}
      ampm={twelveHour}
      onChange={(date) => setTyped({ forMs: ms, date })}
      onBlur={(event: FocusEvent<HTMLElement>) => {
        // Moving between the field's own sections is not leaving it.
        const to = event.relatedTarget;
        if (to instanceof Node && event.currentTarget.contains(to)) return;
        commit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      name={name}
      sx={{ width: twelveHour ? 150 : 120 }}
    />
  );
}
