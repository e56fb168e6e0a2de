import { randomUUID } from 'node:crypto';
import {
  addLocalDays,
  checklistForSaving,
  checkRecurrenceRule,
  DAY_MS,
  HOUR_MS,
  INSTANT_MAX,
  INSTANT_MIN,
  isRecurring,
  isValidTimeZone,
  MAX_EVENT_NOTIFICATIONS,
  MINUTE_MS,
  normalizeTitle,
  PREPARATION_MAX_MINUTES,
  RECURRENCE_FREQS,
  startOfLocalDay,
  validateCategoryChoice,
  type RecurrenceFreq,
  type RecurrenceRule,
} from '@planner/core';
import type { Event as WireEvent, Plain, RecurrenceRule as WireRule } from '@planner/protocol';
import { invalid } from '../rpc/errors';
import type { ChecklistItem } from '../tasks/task';

/** The fields a user edits, as the update mask names them (the spec's names). */
const EVENT_FIELDS = [
  'title',
  'category',
  'start',
  'end',
  'allDay',
  'travelTop',
  'travelBottom',
  'notifications',
  'recurrenceRule',
  'timezone',
  'note',
  'checklist',
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];

export interface EventValues {
  title: string;
  start: number;
  end: number;
  allDay: boolean;
  categoryId: string;
  travelTop: number;
  travelBottom: number;
  notifications: number[];
  recurrenceRule: RecurrenceRule | null;
  timezone: string;
  note: string;
  checklist: ChecklistItem[];
}

/**
 * What events-methods.ts does not bound already (sizes, recurrence interval and count are
 * declared there from core's INPUT_BOUNDS): the instants the stored event may take and its
 * travel and notification offsets.
 */
export const EVENT_LIMITS = {
  minTime: INSTANT_MIN,
  maxTime: INSTANT_MAX,
  maxTravel: PREPARATION_MAX_MINUTES * MINUTE_MS,
  maxNotificationOffset: 28 * DAY_MS,
} as const;

function isFreq(freq: string): freq is RecurrenceFreq {
  return (RECURRENCE_FREQS as readonly string[]).includes(freq);
}

/** A wire rule as the core's; absent, empty or "none" means no recurrence. */
export function ruleFromWire(rule: Plain<WireRule> | undefined): RecurrenceRule | null {
  if (!rule || rule.freq === '' || rule.freq === 'none') return null;
  if (!isFreq(rule.freq)) throw invalid('invalid.recurrenceFreq');
  return { ...rule, freq: rule.freq };
}

/** The editable values a client sent, as given (checked by `checkEventValues`). */
export function valuesFromWire(event: Plain<WireEvent>): EventValues {
  return {
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    categoryId: event.category?.id ?? '',
    travelTop: event.travelTop,
    travelBottom: event.travelBottom,
    notifications: event.notifications,
    recurrenceRule: ruleFromWire(event.recurrenceRule),
    timezone: event.timezone,
    note: event.note,
    checklist: event.checklist,
  };
}

/** The update mask as a set; empty means every field. */
export function parseFieldMask(fields: readonly string[]): Set<EventField> {
  if (fields.length === 0) return new Set(EVENT_FIELDS);
  const mask = new Set<EventField>();
  for (const name of fields) {
    const field = EVENT_FIELDS.find((f) => f === name);
    if (!field) throw invalid(`field "fields": unknown event field "${name}"`);
    mask.add(field);
  }
  return mask;
}

const VALUE_KEYS: Record<EventField, readonly (keyof EventValues)[]> = {
  title: ['title'],
  category: ['categoryId'],
  start: ['start'],
  end: ['end'],
  allDay: ['allDay'],
  travelTop: ['travelTop'],
  travelBottom: ['travelBottom'],
  notifications: ['notifications'],
  recurrenceRule: ['recurrenceRule'],
  timezone: ['timezone'],
  note: ['note'],
  checklist: ['checklist'],
};

/** `base` with the masked fields taken from `incoming`. */
export function mergeValues(
  base: EventValues,
  incoming: EventValues,
  mask: ReadonlySet<EventField>,
): EventValues {
  const merged: EventValues = { ...base };
  for (const field of mask) {
    for (const key of VALUE_KEYS[field]) Object.assign(merged, { [key]: incoming[key] });
  }
  return merged;
}

function checkTimes(values: EventValues, timeZone: string): { start: number; end: number } {
  const { start, end } = values;
  const { minTime, maxTime } = EVENT_LIMITS;
  if (start < minTime || start > maxTime) throw invalid('field "start": out of range');
  if (end < minTime || end > maxTime) throw invalid('field "end": out of range');
  if (end < start) throw invalid('invalid.eventEndBeforeStart');
  if (!values.allDay) return { start, end };
  // An all-day event covers whole local days: from the start's midnight to the midnight after.
  const dayStart = startOfLocalDay(start, timeZone);
  const endDay = startOfLocalDay(end, timeZone);
  const dayEnd = endDay < end ? addLocalDays(endDay, 1, timeZone) : endDay;
  return { start: dayStart, end: dayEnd > dayStart ? dayEnd : addLocalDays(dayStart, 1, timeZone) };
}

export function checkRecurrence(rule: RecurrenceRule | null, start: number): RecurrenceRule | null {
  if (!rule) return null;
  const checked = checkRecurrenceRule(rule, start);
  if (!checked.ok) throw invalid(checked.errors[0] ?? 'invalid.recurrenceFreq');
  return isRecurring(checked.rule) ? checked.rule : null;
}

/** The shortest step of a rule's own unit (a month and a year at their shortest). */
const FREQ_DAYS: Record<RecurrenceFreq, number> = {
  none: 0,
  DAILY: 1,
  WEEKLY: 7,
  MONTHLY: 28,
  YEARLY: 365,
};

/**
 * A recurring event may last at most as long as its repetition (docs/input-bounds.md), plus an
 * hour for a local day that a daylight-saving change makes 25 hours long. Longer, its instances
 * overlap without bound: a daily event from 1970 to today put 20,000 of them in every hour.
 */
function checkInstanceLength(rule: RecurrenceRule | null, start: number, end: number): void {
  if (!rule) return;
  const longest = FREQ_DAYS[rule.freq] * rule.interval * DAY_MS + HOUR_MS;
  if (end - start > longest) {
    throw invalid('invalid.recurringEventTooLong');
  }
}

function checkNotifications(offsets: readonly number[]): number[] {
  if (offsets.length > MAX_EVENT_NOTIFICATIONS) throw invalid('invalid.tooManyNotifications');
  if (offsets.some((o) => o < 0 || o > EVENT_LIMITS.maxNotificationOffset)) {
    throw invalid('field "notifications": out of range');
  }
  return [...new Set(offsets)];
}

function checkChecklist(items: readonly ChecklistItem[]): ChecklistItem[] {
  return checklistForSaving(items.map((i) => (i.id ? i : { ...i, id: randomUUID() })));
}

/**
 * Values checked and put in canonical form: trimmed title, a zone (the user's when empty),
 * all-day events on whole local days, a canonical rule (null when it does not recur), distinct
 * notification offsets, a checklist without blank items. Throws the spec's message keys.
 */
export function checkEventValues(values: EventValues, userTimeZone: string): EventValues {
  const categoryError = validateCategoryChoice(values.categoryId);
  if (categoryError) throw invalid(categoryError);
  const title = normalizeTitle(values.title);
  const timezone = values.timezone || userTimeZone;
  if (!isValidTimeZone(timezone)) throw invalid('invalid.timezone');
  const { maxTravel } = EVENT_LIMITS;
  for (const [name, value] of [
    ['travelTop', values.travelTop],
    ['travelBottom', values.travelBottom],
  ] as const) {
    if (value < 0 || value > maxTravel) throw invalid(`field "${name}": out of range`);
  }
  const times = checkTimes({ ...values, timezone }, timezone);
  const recurrenceRule = checkRecurrence(values.recurrenceRule, times.start);
  checkInstanceLength(recurrenceRule, times.start, times.end);
  return {
    ...values,
    ...times,
    title,
    timezone,
    recurrenceRule,
    notifications: checkNotifications(values.notifications),
    checklist: checkChecklist(values.checklist),
  };
}
