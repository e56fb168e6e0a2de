import type { Plain, Reminder as WireReminder } from '@planner/protocol';
import type { ReminderInstance } from './reminder';

export function presentReminder(r: ReminderInstance): Plain<WireReminder> {
  return {
    id: r.id,
    instanceId: r.instanceId,
    title: r.title,
    start: r.start,
    allDay: r.allDay,
    timezone: r.timezone,
    status: r.status,
    star: r.star,
    origin: r.origin,
    createdAt: r.createdAt,
    ...(r.recurrenceRule ? { recurrenceRule: r.recurrenceRule } : {}),
  };
}
