/**
 * Daylight-saving days: the auto-idle window and recurring events are wall-clock times in the
 * user's zone, so on a 23- or 25-hour day (or Lord Howe's 30-minute shift) they move in UTC.
 * Expected instants are written out in UTC, worked out by hand from the zones' rules.
 */
import { describe, expect, it } from 'vitest';
import { autoIdleWindows } from './auto-idle';
import { computeBusyIntervals } from './busy-time';
import { planTimeline } from './plan-timeline';
import { MINUTE, buildEvent, buildRequest, buildTask } from './test-support';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const utc = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const windows = (timeZone: string, from: number, to: number, start: number, end: number) =>
  autoIdleWindows({ enabled: true, start, end }, timeZone, from, to).map((w) => [
    iso(w.start),
    iso(w.end),
  ]);

describe('auto-idle on daylight-saving days', () => {
  it('Europe/Berlin: 22:00-07:00 lasts 8 hours into spring and 10 into autumn', () => {
    expect(
      windows('Europe/Berlin', utc(2026, 3, 28, 12), utc(2026, 3, 29, 12), 22 * HOUR, 7 * HOUR),
    ).toEqual([['2026-03-28T21:00', '2026-03-29T05:00']]);
    expect(
      windows('Europe/Berlin', utc(2026, 10, 24, 12), utc(2026, 10, 25, 12), 22 * HOUR, 7 * HOUR),
    ).toEqual([['2026-10-24T20:00', '2026-10-25T06:00']]);
  });

  it('America/New_York: 23:00-06:00 lasts 6 hours on the spring night and 8 on the autumn one', () => {
    expect(
      windows('America/New_York', utc(2026, 3, 7, 12), utc(2026, 3, 8, 12), 23 * HOUR, 6 * HOUR),
    ).toEqual([['2026-03-08T04:00', '2026-03-08T10:00']]);
    expect(
      windows('America/New_York', utc(2026, 10, 31, 12), utc(2026, 11, 1, 12), 23 * HOUR, 6 * HOUR),
    ).toEqual([['2026-11-01T03:00', '2026-11-01T11:00']]);
  });

  it('America/New_York: a window starting in the repeated hour starts at its first occurrence', () => {
    expect(
      windows('America/New_York', utc(2026, 11, 1, 0), utc(2026, 11, 1, 12), 1.5 * HOUR, 3 * HOUR),
    ).toEqual([['2026-11-01T05:30', '2026-11-01T08:00']]);
  });

  it('Europe/Berlin: a window edge in the skipped hour moves forward by the jump (RFC 5545)', () => {
    expect(
      windows('Europe/Berlin', utc(2026, 3, 28, 12), utc(2026, 3, 29, 12), 2.5 * HOUR, 4 * HOUR),
    ).toEqual([['2026-03-29T01:30', '2026-03-29T02:00']]);
  });

  it('Asia/Kolkata: a half-hour zone without DST keeps 22:00-07:00 at 16:30-01:30 UTC', () => {
    expect(
      windows('Asia/Kolkata', utc(2026, 3, 27, 0), utc(2026, 3, 29, 0), 22 * HOUR, 7 * HOUR),
    ).toEqual([
      ['2026-03-26T16:30', '2026-03-27T01:30'],
      ['2026-03-27T16:30', '2026-03-28T01:30'],
      ['2026-03-28T16:30', '2026-03-29T01:30'],
    ]);
  });

  it('Australia/Lord_Howe: the 30-minute shift makes 01:00-03:00 1.5 hours in October, 2.5 in April', () => {
    // DST starts Sunday 2026-10-04 at 02:00 (+10:30 -> +11:00) and ends 2026-04-05 at 02:00.
    expect(
      windows(
        'Australia/Lord_Howe',
        utc(2026, 10, 3, 12),
        utc(2026, 10, 3, 20),
        1 * HOUR,
        3 * HOUR,
      ),
    ).toEqual([['2026-10-03T14:30', '2026-10-03T16:00']]);
    expect(
      windows('Australia/Lord_Howe', utc(2026, 4, 4, 12), utc(2026, 4, 4, 20), 1 * HOUR, 3 * HOUR),
    ).toEqual([['2026-04-04T14:00', '2026-04-04T16:30']]);
  });
});

describe('plans on daylight-saving days', () => {
  const nightIdle = { enabled: true, start: 22 * HOUR, end: 7 * HOUR };

  it('Europe/Berlin: work resumes at 07:00 local after the short night', () => {
    const result = planTimeline(
      buildRequest({
        now: utc(2026, 3, 28, 20, 30), // 21:30 CET
        horizonEnd: utc(2026, 3, 28, 20, 30) + 2 * DAY,
        timezone: 'Europe/Berlin',
        autoIdle: nightIdle,
        tasks: [buildTask({ id: 'a', timeScheduled: HOUR })],
      }),
    );
    expect(result.timeblocks.map((b) => [iso(b.start), iso(b.end)])).toEqual([
      ['2026-03-28T20:30', '2026-03-28T21:00'],
      ['2026-03-29T05:00', '2026-03-29T05:30'], // 07:00 CEST
    ]);
  });

  it('America/New_York: work resumes at 07:00 local after the long night', () => {
    const result = planTimeline(
      buildRequest({
        now: utc(2026, 11, 1, 1, 30), // 21:30 EDT on Oct 31
        horizonEnd: utc(2026, 11, 1, 1, 30) + 2 * DAY,
        timezone: 'America/New_York',
        autoIdle: nightIdle,
        tasks: [buildTask({ id: 'a', timeScheduled: HOUR })],
      }),
    );
    expect(result.timeblocks.map((b) => [iso(b.start), iso(b.end)])).toEqual([
      ['2026-11-01T01:30', '2026-11-01T02:00'],
      ['2026-11-01T12:00', '2026-11-01T12:30'], // 07:00 EST
    ]);
  });

  it('Asia/Kolkata: plans up to 22:00 IST and resumes at 07:00 IST', () => {
    const result = planTimeline(
      buildRequest({
        now: utc(2026, 3, 27, 16, 0), // 21:30 IST
        horizonEnd: utc(2026, 3, 27, 16, 0) + 2 * DAY,
        timezone: 'Asia/Kolkata',
        autoIdle: nightIdle,
        tasks: [buildTask({ id: 'a', timeScheduled: HOUR })],
      }),
    );
    expect(result.timeblocks.map((b) => [iso(b.start), iso(b.end)])).toEqual([
      ['2026-03-27T16:00', '2026-03-27T16:30'],
      ['2026-03-28T01:30', '2026-03-28T02:00'],
    ]);
  });

  it('Australia/Lord_Howe: a night idle window spans the half-hour jump', () => {
    const result = planTimeline(
      buildRequest({
        now: utc(2026, 10, 3, 12, 30), // 23:00 LHST on Oct 3
        horizonEnd: utc(2026, 10, 3, 12, 30) + 2 * DAY,
        timezone: 'Australia/Lord_Howe',
        autoIdle: { enabled: true, start: 1 * HOUR, end: 3 * HOUR },
        tasks: [buildTask({ id: 'a', timeScheduled: 3 * HOUR })],
      }),
    );
    expect(result.timeblocks.map((b) => [iso(b.start), iso(b.end)])).toEqual([
      ['2026-10-03T12:30', '2026-10-03T14:30'], // to 01:00 LHST
      ['2026-10-03T16:00', '2026-10-03T17:00'], // from 03:00 LHDT
    ]);
  });

  it('Europe/Berlin: a daily 09:00 meeting stays at 09:00 local across the change', () => {
    const first = utc(2026, 3, 27, 8); // Friday 09:00 CET
    const busy = computeBusyIntervals(
      buildRequest({
        now: utc(2026, 3, 27, 0),
        horizonEnd: utc(2026, 3, 27, 0) + 2 * DAY,
        timezone: 'Europe/Berlin',
        events: [
          buildEvent({
            id: 'standup',
            start: first,
            end: first + HOUR,
            recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 },
          }),
        ],
      }),
      utc(2026, 3, 31, 0),
    );
    expect(busy.map((b) => [iso(b.start), iso(b.end)])).toEqual([
      ['2026-03-27T08:00', '2026-03-27T09:00'],
      ['2026-03-28T08:00', '2026-03-28T09:00'],
      ['2026-03-29T07:00', '2026-03-29T08:00'],
      ['2026-03-30T07:00', '2026-03-30T08:00'],
    ]);
  });
});

describe('the default rest window 22:00-08:00 around the Europe/Berlin changes', () => {
  const restWindow = { enabled: true, start: 22 * HOUR, end: 8 * HOUR };
  /** The local hour and minute, read by Intl rather than by the engine's zone code. */
  const berlinClock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const localMinuteOfDay = (instant: number) => {
    const [hour, minute] = berlinClock.format(instant).split(':').map(Number);
    return (hour ?? 0) * 60 + (minute ?? 0);
  };
  /** Four days of work around the change, more than the free time holds. */
  const planAround = (now: number) =>
    planTimeline(
      buildRequest({
        now,
        horizonEnd: now + 3 * DAY,
        timezone: 'Europe/Berlin',
        autoIdle: restWindow,
        tasks: Array.from({ length: 10 }, (_, i) =>
          buildTask({ id: `t${i}`, timeScheduled: 8 * HOUR }),
        ),
      }),
    );

  it.each([
    ['spring (2026-03-29, 23 hours)', utc(2026, 3, 28, 12)],
    ['autumn (2026-10-25, 25 hours)', utc(2026, 10, 24, 12)],
  ])('plans no minute between 22:00 and 08:00 local in %s', (_, now) => {
    const result = planAround(now);
    expect(result.timeblocks.length).toBeGreaterThan(0);
    for (const block of result.timeblocks) {
      for (let t = block.start; t < block.end; t += MINUTE) {
        const minute = localMinuteOfDay(t);
        expect(minute >= 8 * 60 && minute < 22 * 60, `${iso(t)} UTC is in the rest window`).toBe(
          true,
        );
      }
    }
  });

  /** The planned time as runs of back-to-back blocks, in UTC. */
  const workRuns = (now: number) => {
    const runs: { start: number; end: number }[] = [];
    for (const block of planAround(now).timeblocks) {
      const last = runs[runs.length - 1];
      if (last !== undefined && last.end === block.start) last.end = block.end;
      else runs.push({ start: block.start, end: block.end });
    }
    return runs.map((r) => [iso(r.start), iso(r.end)]);
  };

  it('stops at 22:00 and resumes at 08:00 local on the nights of both changes', () => {
    expect(workRuns(utc(2026, 3, 28, 12))).toEqual([
      ['2026-03-28T12:00', '2026-03-28T21:00'], // to 22:00 CET
      ['2026-03-29T06:00', '2026-03-29T20:00'], // 08:00 to 22:00 CEST
      ['2026-03-30T06:00', '2026-03-30T20:00'],
      ['2026-03-31T06:00', '2026-03-31T12:00'], // the horizon
    ]);
    expect(workRuns(utc(2026, 10, 24, 12))).toEqual([
      ['2026-10-24T12:00', '2026-10-24T20:00'], // to 22:00 CEST
      ['2026-10-25T07:00', '2026-10-25T21:00'], // 08:00 to 22:00 CET
      ['2026-10-26T07:00', '2026-10-26T21:00'],
      ['2026-10-27T07:00', '2026-10-27T12:00'],
    ]);
  });
});
