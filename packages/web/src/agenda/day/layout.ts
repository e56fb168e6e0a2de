import { MINUTE_MS } from '@planner/core';
import type { DayEntry } from '../model/day-model';

/** A slim line: a past session under a minute is listed, not shown as a card. */
export const SHORT_RECORD_PX = 26;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Heights in the day view grow with length but stay readable: a 5-minute block is still a row
 * a finger can hit, a long break is a single slim row, a 4-hour block does not fill the screen.
 */
export function entryHeight(entry: DayEntry, isCurrent = false, isShortRecord = false): number {
  if (isShortRecord) return SHORT_RECORD_PX;
  const minutes = (entry.end - entry.start) / MINUTE_MS;
  if (entry.type === 'idle') {
    return entry.idle.kind === 'long' ? 40 : clamp(34 + minutes * 0.3, 40, 76);
  }
  // The current block also shows its progress bar.
  return clamp(52 + minutes * 0.55, isCurrent ? 96 : 68, 184);
}
