import type { Event as WireEvent, Plain } from '@planner/protocol';
import { presentCategory } from '../categories/category-presenter';
import type { EventInstance } from './event';

/** An instance as answered; the note only where the spec answers it (GetEvent). */
export function presentEvent(instance: EventInstance, note = ''): Plain<WireEvent> {
  return {
    id: instance.id,
    title: instance.title,
    start: instance.start,
    end: instance.end,
    allDay: instance.allDay,
    category: instance.category
      ? presentCategory(instance.category)
      : { id: instance.categoryId, title: '', description: '', color: '', icon: '', updatedAt: 0 },
    travelTop: instance.travelTop,
    travelBottom: instance.travelBottom,
    notifications: instance.notifications,
    ...(instance.recurrenceRule ? { recurrenceRule: instance.recurrenceRule } : {}),
    timezone: instance.timezone,
    note,
    hasNote: instance.hasNote,
    checklist: instance.checklist,
    source: instance.source,
    rootId: instance.rootId,
    instanceNumber: instance.instanceNumber,
    isVirtual: instance.isVirtual,
    createdAt: instance.createdAt,
    updatedAt: instance.updatedAt,
  };
}
