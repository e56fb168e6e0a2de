import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecurrenceRule } from '../recurrence/rule';
import { DAY_MS, fromWallClock, HOUR_MS, MINUTE_MS, toWallClock } from '../time/zone';
import { INPUT_BOUNDS } from './input-bounds';
import {
  canDragBlock,
  clampNumber,
  clampRepeatCount,
  constrainAddRecordCursors,
  constrainTimeblockCursor,
  instantAtPercent,
  isValidRepeatCount,
  normalizeTitle,
  parseTutorialStatus,
  postponedReminderStart,
  repeatUntilFromPickedDay,
  repeatWithEnd,
  repeatWithFrequency,
  showsTimeblockCursorTime,
  snapDragTime,
  titleForDisplay,
  validateCategoryChoice,
  validateCategoryName,
  validateRepeatUntil,
} from './validation';

describe('titles and categories', () => {
  it('trims titles and shows an empty one as the untitled key', () => {
    expect(normalizeTitle('  Plan trip ')).toBe('Plan trip');
    expect(titleForDisplay('  ')).toEqual({ titleKey: 'common.untitled' });
    expect(titleForDisplay(' Plan ')).toEqual({ title: 'Plan' });
  });

  it('needs a category for tasks and events', () => {
    expect(validateCategoryChoice('')).toBe('invalid.chooseCategory');
    expect(validateCategoryChoice(null)).toBe('invalid.chooseCategory');
    expect(validateCategoryChoice('cat-1')).toBeNull();
  });

  it('needs a non-empty category name after trimming', () => {
    expect(validateCategoryName(' \t ')).toEqual({ ok: false, error: 'invalid.enterCategoryName' });
    expect(validateCategoryName(' Home ')).toEqual({ ok: true, name: 'Home' });
  });

  it('clamps numbers', () => {
    expect(clampNumber(-1, 0, 10)).toBe(0);
    expect(clampNumber(11, 0, 10)).toBe(10);
    expect(clampNumber(Number.NaN, 0, 10)).toBe(0);
  });
});

describe('reminder repeat picker', () => {
  const weekly: RecurrenceRule = {
    freq: 'WEEKLY',
    interval: 2,
    byDay: 'MO,WE',
    until: 0,
    count: 3,
  };

  it('clears the rule when repeat is none', () => {
    expect(repeatWithFrequency(weekly, 'none')).toEqual({
      freq: 'none',
      interval: 1,
      byDay: '',
      until: 0,
      count: 0,
    });
  });

  it('clears byDay for a non-weekly frequency and keeps the rest', () => {
    expect(repeatWithFrequency(weekly, 'MONTHLY')).toEqual({
      ...weekly,
      freq: 'MONTHLY',
      byDay: '',
    });
    expect(repeatWithFrequency(weekly, 'WEEKLY')).toEqual(weekly);
  });

  it('starts a fresh rule from none', () => {
    expect(repeatWithFrequency(null, 'DAILY')).toEqual({
      freq: 'DAILY',
      interval: 1,
      byDay: '',
      until: 0,
      count: 0,
    });
  });

  it('sets UNTIL one local week ahead and COUNT to 1', () => {
    const zone = 'America/New_York';
    const start = fromWallClock({ year: 2026, month: 3, day: 5, hour: 9 }, zone);
    const until = repeatWithEnd(weekly, 'UNTIL', start, zone);
    expect(until.count).toBe(0);
    expect(toWallClock(until.until, zone)).toMatchObject({ month: 3, day: 12, hour: 9 });
    expect(repeatWithEnd(weekly, 'COUNT', start, zone)).toMatchObject({ count: 1, until: 0 });
    expect(repeatWithEnd(until, 'FOREVER', start, zone)).toMatchObject({ count: 0, until: 0 });
  });

  it('accepts only counts of 1 or more', () => {
    expect(clampRepeatCount(0)).toBe(1);
    expect(clampRepeatCount(-4)).toBe(1);
    expect(clampRepeatCount(2.7)).toBe(2);
    expect(clampRepeatCount(Number.NaN)).toBe(1);
    expect(isValidRepeatCount(1)).toBe(true);
    expect(isValidRepeatCount(0)).toBe(false);
    expect(isValidRepeatCount(1.5)).toBe(false);
  });

  it('takes no more occurrences than the server does (INPUT_BOUNDS.recurrenceCount)', () => {
    const most = INPUT_BOUNDS.recurrenceCount;
    expect(clampRepeatCount(99_999_999)).toBe(most);
    expect(clampRepeatCount(most + 1)).toBe(most);
    expect(clampRepeatCount(most)).toBe(most);
    expect(clampRepeatCount(Number.POSITIVE_INFINITY)).toBe(most);
    expect(isValidRepeatCount(most)).toBe(true);
    expect(isValidRepeatCount(most + 1)).toBe(false);
  });

  it('refuses an end date before the start, as the server does (invalid.recurrenceUntil)', () => {
    const zone = 'Europe/Berlin';
    const start = fromWallClock({ year: 2026, month: 12, day: 10, hour: 9 }, zone);
    const byDate = { ...weekly, count: 0 };
    const before = fromWallClock({ year: 2026, month: 11, day: 1, hour: 9 }, zone);
    expect(validateRepeatUntil({ ...byDate, until: before }, start)).toBe(
      'invalid.recurrenceUntilBeforeStart',
    );
    expect(validateRepeatUntil({ ...byDate, until: start - 1 }, start)).toBe(
      'invalid.recurrenceUntilBeforeStart',
    );
    expect(validateRepeatUntil({ ...byDate, until: start }, start)).toBeNull();
    expect(validateRepeatUntil({ ...byDate, until: start + 7 * DAY_MS }, start)).toBeNull();
    // No end date, or no repeat at all: nothing to check.
    expect(validateRepeatUntil({ ...byDate, until: 0 }, start)).toBeNull();
    expect(validateRepeatUntil({ ...byDate, freq: 'none', until: before }, start)).toBeNull();
  });

  it("counts the start's own day as on or after the start, whatever the end's time of day", () => {
    const zone = 'Asia/Kolkata';
    const start = fromWallClock({ year: 2026, month: 12, day: 10, hour: 15, minute: 30 }, zone);
    // The end kept the 9:00 the start had when "On a date" was chosen.
    const sameDay = fromWallClock({ year: 2026, month: 12, day: 10, hour: 9 }, zone);
    expect(repeatUntilFromPickedDay(sameDay, start, zone)).toBe(start);
    const dayBefore = sameDay - DAY_MS;
    expect(repeatUntilFromPickedDay(dayBefore, start, zone)).toBe(dayBefore);
    const dayAfter = sameDay + DAY_MS;
    expect(repeatUntilFromPickedDay(dayAfter, start, zone)).toBe(dayAfter);
    const laterThatDay = start + 2 * HOUR_MS;
    expect(repeatUntilFromPickedDay(laterThatDay, start, zone)).toBe(laterThatDay);
  });

  it('postpones by local days, keeping the time across DST', () => {
    const zone = 'Europe/Berlin';
    const start = fromWallClock({ year: 2026, month: 3, day: 28, hour: 8 }, zone);
    expect(toWallClock(postponedReminderStart(start, 'nextDay', zone), zone)).toMatchObject({
      day: 29,
      hour: 8,
    });
    expect(toWallClock(postponedReminderStart(start, 'nextWeek', zone), zone)).toMatchObject({
      month: 4,
      day: 4,
      hour: 8,
    });
  });
});

describe('parseTutorialStatus', () => {
  it.each([null, undefined, '', 'not json', '[1,2]', '"text"', '42', 'null', 'true'])(
    'reads %j as empty',
    (json) => {
      expect(parseTutorialStatus(json)).toEqual({});
    },
  );

  it('reads an object', () => {
    expect(parseTutorialStatus('{"onboarding":true,"firstTask":2}')).toEqual({
      onboarding: true,
      firstTask: 2,
    });
  });

  it('never throws, and reads back any object it was given', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(typeof parseTutorialStatus(s)).toBe('object');
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (status) => {
        expect(parseTutorialStatus(JSON.stringify(status))).toEqual(
          JSON.parse(JSON.stringify(status)),
        );
      }),
    );
  });
});

describe('add record cursors', () => {
  const window = { start: 0, end: 1000, now: 600 };

  it('keeps cursors within 0..100 and the start at or before now', () => {
    expect(constrainAddRecordCursors({ startPct: -5, endPct: 120 }, 'end', window)).toEqual({
      startPct: 0,
      endPct: 100,
    });
    expect(constrainAddRecordCursors({ startPct: 70, endPct: 90 }, 'start', window)).toEqual({
      startPct: 60,
      endPct: 90,
    });
  });

  it('stops the moved cursor at the other one', () => {
    expect(constrainAddRecordCursors({ startPct: 50, endPct: 40 }, 'start', window)).toEqual({
      startPct: 40,
      endPct: 40,
    });
    expect(constrainAddRecordCursors({ startPct: 50, endPct: 40 }, 'end', window)).toEqual({
      startPct: 50,
      endPct: 50,
    });
  });

  it('never crosses, whatever moves', () => {
    const pct = fc.double({ min: -50, max: 150, noNaN: true });
    fc.assert(
      fc.property(
        pct,
        pct,
        fc.constantFrom('start' as const, 'end' as const),
        fc.integer({ min: -500, max: 1500 }),
        (s, e, moved, now) => {
          const out = constrainAddRecordCursors({ startPct: s, endPct: e }, moved, {
            start: 0,
            end: 1000,
            now,
          });
          expect(out.startPct).toBeLessThanOrEqual(out.endPct);
          expect(out.startPct).toBeGreaterThanOrEqual(0);
          expect(out.endPct).toBeLessThanOrEqual(100);
          if (now >= 0)
            expect(instantAtPercent({ start: 0, end: 1000 }, out.startPct)).toBeLessThanOrEqual(
              Math.max(now, 0),
            );
        },
      ),
    );
  });
});

describe('timeblock edit cursor', () => {
  const block = { start: 0, end: 30 * MINUTE_MS };

  it('stays within the block', () => {
    expect(constrainTimeblockCursor(-1, block)).toBe(0);
    expect(constrainTimeblockCursor(block.end + 1, block)).toBe(block.end);
    expect(constrainTimeblockCursor(5, block)).toBe(5);
  });

  it('shows the middle time only more than 2 minutes from both ends', () => {
    expect(showsTimeblockCursorTime(2 * MINUTE_MS, block)).toBe(false);
    expect(showsTimeblockCursorTime(2 * MINUTE_MS + 1, block)).toBe(true);
    expect(showsTimeblockCursorTime(block.end - 2 * MINUTE_MS, block)).toBe(false);
  });
});

describe('drag and drop', () => {
  it('snaps to the nearest 5 minutes', () => {
    const t = Date.UTC(2026, 5, 1, 10, 0);
    expect(snapDragTime(t + 2 * MINUTE_MS + 29_999)).toBe(t);
    expect(snapDragTime(t + 2 * MINUTE_MS + 30_000)).toBe(t + 5 * MINUTE_MS);
  });

  it('snaps to local 5-minute marks in a 45-minute-offset zone', () => {
    const zone = 'Asia/Kathmandu';
    const t = fromWallClock({ year: 2026, month: 6, day: 1, hour: 10, minute: 13 }, zone);
    expect(toWallClock(snapDragTime(t), zone)).toMatchObject({ hour: 10, minute: 15 });
  });

  it('does not drag the current task, rests or synced events', () => {
    const plain = { isCurrentTask: false, isRest: false, isSyncedEvent: false };
    expect(canDragBlock(plain)).toBe(true);
    expect(canDragBlock({ ...plain, isCurrentTask: true })).toBe(false);
    expect(canDragBlock({ ...plain, isRest: true })).toBe(false);
    expect(canDragBlock({ ...plain, isSyncedEvent: true })).toBe(false);
  });
});
