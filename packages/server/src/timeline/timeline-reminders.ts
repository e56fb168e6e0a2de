import type { Plain, Reminder } from '@planner/protocol';
import type { Db } from '../rpc/context';

/** Reminder occurrences of a timeline window (the reminders domain answers them). */
export async function loadTimelineReminders(
  _db: Db,
  _userId: string,
  _start: number,
  _end: number,
  _timeZone: string,
): Promise<Plain<Reminder>[]> {
  return [];
}
