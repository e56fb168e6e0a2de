import type { RecurrenceRule } from '@planner/core';
import type { Category } from '../categories/category';
import type { ChecklistItem } from '../tasks/task';

/**
 * An event as stored: a one-off event, the first instance of a recurring series with its rule, or
 * an override (one instance of a series changed on its own: `rootId` names the series and
 * `originalInstance` the instance it replaces).
 */
export interface StoredEvent {
  id: string;
  title: string;
  start: number;
  end: number;
  allDay: boolean;
  /** '' only for synced events, which may come without one. */
  categoryId: string;
  travelTop: number;
  travelBottom: number;
  /** Offsets in ms before start, at most 5. */
  notifications: number[];
  recurrenceRule: RecurrenceRule | null;
  /** IANA zone whose wall clock the instances keep. */
  timezone: string;
  note: string;
  checklist: ChecklistItem[];
  /** External calendar name; '' for the user's own events. Synced events are read-only. */
  source: string;
  /** The series of an override, or the series a split series was cut from; '' otherwise. */
  rootId: string;
  /** For an override: the instance number it replaces in `rootId`; -1 otherwise. */
  originalInstance: number;
  /** Instance numbers of this series that are deleted or overridden. */
  exceptions: number[];
  /** End of the last instance; a far-future instant for a series without end. */
  lastEnd: number;
  createdAt: number;
  updatedAt: number;
}

/** A stored event without its note (lists never need it). */
export type EventSummary = Omit<StoredEvent, 'note'> & { hasNote: boolean };

/**
 * One concrete instance, as the timeline, busy time and the event screen see it. A series
 * instance is named by the series id and its instanceNumber; it is virtual unless it is the
 * stored first instance. An override has its own id, rootId naming the series, and the
 * instanceNumber it replaces.
 */
export interface EventInstance {
  id: string;
  instanceNumber: number;
  isVirtual: boolean;
  start: number;
  end: number;
  allDay: boolean;
  travelTop: number;
  travelBottom: number;
  title: string;
  categoryId: string;
  /** null when the event has no category or it was deleted. */
  category: Category | null;
  notifications: number[];
  recurrenceRule: RecurrenceRule | null;
  timezone: string;
  hasNote: boolean;
  checklist: ChecklistItem[];
  source: string;
  rootId: string;
  createdAt: number;
  updatedAt: number;
}

/** Instants past every real event: the last end of a series that never ends. */
export const NO_END = 8_640_000_000_000_000;
