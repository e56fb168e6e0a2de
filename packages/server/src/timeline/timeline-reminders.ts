import type { Plain, Reminder } from '@planner/protocol';
import type { Db } from '../rpc/context';
import { presentReminder } from '../reminders/reminder-presenter';
import { listReminderInstances } from '../reminders/reminder-instances';

/** Reminder occurrences of a timeline window (the reminders domain answers them). */
export async function loadTimelineReminders(
  db: Db,
  userId: string,
  start: number,
  end: number,
  timeZone: string,
): Promise<Plain<Reminder>[]> {
  const instances = await listReminderInstances(db, userId, start, end, timeZone);
  return instances.map(presentReminder);
}
