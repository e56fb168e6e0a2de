import {
  HOUR_MS,
  isRecurring,
  normalizeRecurrenceRule,
  normalizeTitle,
  startOfLocalDay,
  type RecurrenceRule,
} from '@planner/core';
import type { InputInit, Output } from '@planner/protocol';
import { ruleOrNone } from '../editors/RepeatPicker';

export type PlainReminder = Output<'GetReminders'>['reminders'][number];

export interface ReminderDraft {
  title: string;
  star: boolean;
  allDay: boolean;
  start: number;
  rule: RecurrenceRule;
}

/** UpdateReminder's spec names of the fields this screen changes. */
export type ReminderField = 'title' | 'start' | 'allDay' | 'star' | 'recurrenceRule';

/** Spec 4: a new reminder is all day, on the start day, without a star. */
export function newReminderDraft(start: number, timeZone: string): ReminderDraft {
  return {
    title: '',
    star: false,
    allDay: true,
    start: startOfLocalDay(start, timeZone),
    rule: ruleOrNone(undefined),
  };
}

export function draftFromReminder(reminder: PlainReminder): ReminderDraft {
  return {
    title: reminder.title,
    star: reminder.star,
    allDay: reminder.allDay,
    start: reminder.start,
    rule: ruleOrNone(reminder.recurrenceRule),
  };
}

/** All day starts at local midnight; a timed reminder made from one starts at 9:00. */
export function withReminderAllDay(
  draft: ReminderDraft,
  allDay: boolean,
  timeZone: string,
): ReminderDraft {
  const day = startOfLocalDay(draft.start, timeZone);
  return { ...draft, allDay, start: allDay ? day : day + 9 * HOUR_MS };
}

export function changedReminderFields(base: ReminderDraft, draft: ReminderDraft): ReminderField[] {
  const fields: ReminderField[] = [];
  if (normalizeTitle(base.title) !== normalizeTitle(draft.title)) fields.push('title');
  if (base.start !== draft.start) fields.push('start');
  if (base.allDay !== draft.allDay) fields.push('allDay');
  if (base.star !== draft.star) fields.push('star');
  const rule = (r: RecurrenceRule) => JSON.stringify(normalizeRecurrenceRule(r));
  if (rule(base.rule) !== rule(draft.rule)) fields.push('recurrenceRule');
  return fields;
}

export function isRecurringReminder(draft: ReminderDraft): boolean {
  return isRecurring(draft.rule);
}

type WireReminder = NonNullable<InputInit<'CreateReminder'>['reminder']>;

export function wireReminder(draft: ReminderDraft, timeZone: string): WireReminder {
  return {
    title: normalizeTitle(draft.title),
    start: draft.start,
    allDay: draft.allDay,
    timezone: timeZone,
    star: draft.star,
    recurrenceRule: normalizeRecurrenceRule(draft.rule),
  };
}
