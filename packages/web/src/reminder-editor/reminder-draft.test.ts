import { fromWallClock, repeatWithEnd, repeatWithFrequency } from '@planner/core';
import { describe, expect, it } from 'vitest';
import {
  changedReminderFields,
  newReminderDraft,
  withReminderAllDay,
  wireReminder,
} from './reminder-draft';

const zone = 'America/New_York';
const at = (day: number, hour = 0, minute = 0) =>
  fromWallClock({ year: 2025, month: 11, day, hour, minute }, zone);

describe('a new reminder', () => {
  it('is all day on the start day, without a star or repeat', () => {
    expect(newReminderDraft(at(2, 15, 40), zone)).toEqual({
      title: '',
      star: false,
      allDay: true,
      // 2 November 2025 is the day New York leaves summer time.
      start: at(2),
      rule: { freq: 'none', interval: 1, byDay: '', until: 0, count: 0 },
    });
  });

  it('sends an empty title as empty (shown as the untitled placeholder)', () => {
    expect(wireReminder({ ...newReminderDraft(at(3), zone), title: '  ' }, zone).title).toBe('');
  });
});

describe('the reminder form', () => {
  const base = newReminderDraft(at(3), zone);

  it('reports no changed field for an untouched form, so nothing is sent', () => {
    expect(changedReminderFields(base, { ...base })).toEqual([]);
    expect(changedReminderFields(base, { ...base, title: '   ' })).toEqual([]);
  });

  it('names the changed fields', () => {
    const draft = { ...withReminderAllDay(base, false, zone), star: true, title: 'Pay rent' };
    expect(draft.start).toBe(at(3, 9));
    expect(changedReminderFields(base, draft)).toEqual(['title', 'start', 'allDay', 'star']);
  });

  it('a repeat set and then set back to none is no change', () => {
    const weekly = repeatWithFrequency(base.rule, 'WEEKLY');
    expect(changedReminderFields(base, { ...base, rule: weekly })).toEqual(['recurrenceRule']);
    const none = repeatWithFrequency(weekly, 'none');
    expect(changedReminderFields(base, { ...base, rule: none })).toEqual([]);
  });

  it('ending on a date starts a week after the reminder, a count starts at 1', () => {
    const daily = repeatWithFrequency(base.rule, 'DAILY');
    expect(repeatWithEnd(daily, 'UNTIL', base.start, zone).until).toBe(at(10));
    expect(repeatWithEnd(daily, 'COUNT', base.start, zone).count).toBe(1);
  });
});
