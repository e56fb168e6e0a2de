import type { StoredEvent } from './event';
import { lastEndOf } from './event-instances';

/** A stored event with every field filled (its lastEnd computed); tests override the rest. */
export function buildEvent(overrides: Partial<StoredEvent> = {}): StoredEvent {
  const event: StoredEvent = {
    id: 'e1',
    title: 'Standup',
    start: Date.UTC(2026, 2, 2, 9),
    end: Date.UTC(2026, 2, 2, 9, 30),
    allDay: false,
    categoryId: 'work',
    travelTop: 0,
    travelBottom: 0,
    notifications: [],
    recurrenceRule: null,
    timezone: 'Europe/Berlin',
    note: '',
    checklist: [],
    source: '',
    rootId: '',
    originalInstance: -1,
    exceptions: [],
    lastEnd: 0,
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  };
  return { ...event, lastEnd: overrides.lastEnd ?? lastEndOf(event) };
}
