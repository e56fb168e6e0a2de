import {
  addLocalDays,
  checklistForEditing,
  checklistForSaving,
  defaultNewEventTimes,
  HOUR_MS,
  isRecurring,
  normalizeRecurrenceRule,
  normalizeTitle,
  preparationMinutes,
  preparationMs,
  startOfLocalDay,
  withEventEnd,
  withEventStart,
  type ChecklistItem,
  type RecurrenceRule,
} from '@planner/core';
import type { InputInit, Output } from '@planner/protocol';
import type { PlainCategory } from '../categories/categories-api';
import { ruleOrNone } from '../editors/RepeatPicker';

export type PlainEvent = NonNullable<Output<'GetEvent'>['event']>;

/** The event screen's form; preparation is in minutes as the person types it. */
export interface EventDraft {
  title: string;
  category: PlainCategory | undefined;
  allDay: boolean;
  start: number;
  end: number;
  rule: RecurrenceRule;
  travelTopMinutes: number;
  travelBottomMinutes: number;
  /** Offsets in ms before the start. */
  notifications: number[];
  note: string;
  checklist: ChecklistItem[];
}

/** UpdateEvent's spec names of the fields the editor changes. */
export type EventField =
  | 'title'
  | 'category'
  | 'start'
  | 'end'
  | 'allDay'
  | 'travelTop'
  | 'travelBottom'
  | 'notifications'
  | 'recurrenceRule'
  | 'note'
  | 'checklist';

/** A new event: core's default times (90 and 120 minutes from now, on a 5-minute mark). */
export function newEventDraft(title: string, now: number, newId: string): EventDraft {
  const times = defaultNewEventTimes(now);
  return {
    title,
    category: undefined,
    allDay: false,
    ...times,
    rule: ruleOrNone(undefined),
    travelTopMinutes: 0,
    travelBottomMinutes: 0,
    notifications: [],
    note: '',
    checklist: checklistForEditing([], newId),
  };
}

export function draftFromEvent(event: PlainEvent, newId: string): EventDraft {
  return {
    title: event.title,
    category: event.category?.id ? event.category : undefined,
    allDay: event.allDay,
    start: event.start,
    end: event.end,
    rule: ruleOrNone(event.recurrenceRule),
    travelTopMinutes: preparationMinutes(event.travelTop),
    travelBottomMinutes: preparationMinutes(event.travelBottom),
    notifications: [...event.notifications],
    note: event.note,
    checklist: checklistForEditing(event.checklist, newId),
  };
}

/**
 * The all-day switch: on, the event covers whole local days (midnight to the midnight after its
 * last day); off, it becomes one hour at 9:00 on its first day.
 */
export function withAllDay(draft: EventDraft, allDay: boolean, timeZone: string): EventDraft {
  if (allDay === draft.allDay) return draft;
  if (allDay) {
    const start = startOfLocalDay(draft.start, timeZone);
    const lastDay = startOfLocalDay(Math.max(draft.start, draft.end - 1), timeZone);
    return { ...draft, allDay, start, end: addLocalDays(lastDay, 1, timeZone) };
  }
  const start = startOfLocalDay(draft.start, timeZone) + 9 * HOUR_MS;
  return { ...draft, allDay, start, end: start + HOUR_MS };
}

/**
 * Keeps the start before the end by core's rules, after `moved` was set (spec 4, Event editor).
 * Applied when a time is complete (the field is left or a value picked), not to each keystroke:
 * an end typed as 1, then 15 (o'clock) must not first pull the start back to midnight.
 */
export function keepStartBeforeEnd(draft: EventDraft, moved: 'start' | 'end'): EventDraft {
  const times =
    moved === 'start' ? withEventStart(draft, draft.start) : withEventEnd(draft, draft.end);
  return times.start === draft.start && times.end === draft.end ? draft : { ...draft, ...times };
}

/** All day: the end field shows the last day, whose next midnight is the stored end. */
export function allDayEndFromLastDay(lastDay: number, timeZone: string): number {
  return addLocalDays(startOfLocalDay(lastDay, timeZone), 1, timeZone);
}

function sameRule(a: RecurrenceRule, b: RecurrenceRule): boolean {
  return JSON.stringify(normalizeRecurrenceRule(a)) === JSON.stringify(normalizeRecurrenceRule(b));
}

function sameChecklist(a: readonly ChecklistItem[], b: readonly ChecklistItem[]): boolean {
  return JSON.stringify(checklistForSaving(a)) === JSON.stringify(checklistForSaving(b));
}

export function changedEventFields(base: EventDraft, draft: EventDraft): EventField[] {
  const fields: EventField[] = [];
  const add = (field: EventField, isSame: boolean) => {
    if (!isSame) fields.push(field);
  };
  add('title', normalizeTitle(base.title) === normalizeTitle(draft.title));
  add('category', base.category?.id === draft.category?.id);
  add('start', base.start === draft.start);
  add('end', base.end === draft.end);
  add('allDay', base.allDay === draft.allDay);
  add('travelTop', base.travelTopMinutes === draft.travelTopMinutes);
  add('travelBottom', base.travelBottomMinutes === draft.travelBottomMinutes);
  add('notifications', JSON.stringify(base.notifications) === JSON.stringify(draft.notifications));
  add('recurrenceRule', sameRule(base.rule, draft.rule));
  add('note', base.note === draft.note);
  add('checklist', sameChecklist(base.checklist, draft.checklist));
  return fields;
}

/** Whether the edited instance moved to another local day (then "this and following" is not offered). */
export function startDateChanged(originalStart: number, start: number, timeZone: string): boolean {
  return startOfLocalDay(originalStart, timeZone) !== startOfLocalDay(start, timeZone);
}

export function isRecurringDraft(draft: EventDraft): boolean {
  return isRecurring(draft.rule);
}

type WireEvent = NonNullable<InputInit<'CreateEvent'>['event']>;

/** The event as sent: minutes become travelTop/travelBottom ms, empty checklist items dropped. */
export function wireEvent(draft: EventDraft, timeZone: string): WireEvent {
  return {
    title: normalizeTitle(draft.title),
    category: { id: draft.category?.id ?? '' },
    start: draft.start,
    end: draft.end,
    allDay: draft.allDay,
    travelTop: preparationMs(draft.travelTopMinutes),
    travelBottom: preparationMs(draft.travelBottomMinutes),
    notifications: [...draft.notifications],
    recurrenceRule: normalizeRecurrenceRule(draft.rule),
    timezone: timeZone,
    note: draft.note,
    checklist: checklistForSaving(draft.checklist),
  };
}
