import {
  isValidTimeZone,
  normalizeTitle,
  startOfLocalDay,
  type RecurrenceRule,
} from '@planner/core';
import type { Plain, Reminder as WireReminder } from '@planner/protocol';
import { checkRecurrence, EVENT_LIMITS, ruleFromWire } from '../events/event-input';
import { invalid } from '../rpc/errors';

/** The fields a user edits, as the update mask names them (the spec's names). */
const REMINDER_FIELDS = [
  'title',
  'start',
  'allDay',
  'timezone',
  'star',
  'status',
  'recurrenceRule',
] as const;
export type ReminderField = (typeof REMINDER_FIELDS)[number];

export interface ReminderValues {
  title: string;
  start: number;
  allDay: boolean;
  timezone: string;
  star: boolean;
  status: number;
  recurrenceRule: RecurrenceRule | null;
}

export function reminderValuesFromWire(reminder: Plain<WireReminder>): ReminderValues {
  return {
    title: reminder.title,
    start: reminder.start,
    allDay: reminder.allDay,
    timezone: reminder.timezone,
    star: reminder.star,
    status: reminder.status,
    recurrenceRule: ruleFromWire(reminder.recurrenceRule),
  };
}

export function parseReminderMask(fields: readonly string[]): Set<ReminderField> {
  if (fields.length === 0) return new Set(REMINDER_FIELDS);
  const mask = new Set<ReminderField>();
  for (const name of fields) {
    const field = REMINDER_FIELDS.find((f) => f === name);
    if (!field) throw invalid(`field "fields": unknown reminder field "${name}"`);
    mask.add(field);
  }
  return mask;
}

export function mergeReminderValues(
  base: ReminderValues,
  incoming: ReminderValues,
  mask: ReadonlySet<ReminderField>,
): ReminderValues {
  const merged: ReminderValues = { ...base };
  for (const field of mask) Object.assign(merged, { [field]: incoming[field] });
  return merged;
}

export function checkStatus(status: number): number {
  if (status !== 0 && status !== 1) throw invalid('field "status": must be 0 or 1');
  return status;
}

/**
 * Values checked and put in canonical form: trimmed title (empty is kept), a zone (the user's
 * when empty), an all-day reminder at local midnight, a canonical rule or null.
 */
export function checkReminderValues(values: ReminderValues, userTimeZone: string): ReminderValues {
  const title = normalizeTitle(values.title);
  const timezone = values.timezone || userTimeZone;
  if (!isValidTimeZone(timezone)) throw invalid('invalid.timezone');
  if (values.start < EVENT_LIMITS.minTime || values.start > EVENT_LIMITS.maxTime) {
    throw invalid('field "start": out of range');
  }
  const start = values.allDay ? startOfLocalDay(values.start, timezone) : values.start;
  return {
    ...values,
    title,
    timezone,
    start,
    status: checkStatus(values.status),
    recurrenceRule: checkRecurrence(values.recurrenceRule, start),
  };
}
