import { fromWallClock, HOUR_MS, MINUTE_MS } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { buildTask } from '../test-support';
import type { WireContainer, WireReminder } from '../types';
import { agendaItems } from './agenda-block';
import { buildDayModel, isShortRecord, localDays } from './day-model';
import { weekStartOf } from '../agenda-date';
import { assignLanes, buildWeekModel, nowPosition } from './week-model';

const BERLIN = 'Europe/Berlin';
const at = (day: number, hour: number, minute = 0) =>
  fromWallClock({ year: 2026, month: 3, day, hour, minute }, BERLIN);

function block(id: string, task: string, start: number, end: number): WireContainer {
  return {
    timeblock: {
      id,
      task: buildTask({ id: task, title: task }),
      event: '',
      start,
      end,
      fixed: false,
      locking: '',
      isRest: false,
      group: 0,
      isTravel: false,
    },
    event: undefined,
  };
}

const reminder = (title: string, start: number, allDay: boolean) =>
  ({
    id: title,
    instanceId: `${title}:${start}`,
    title,
    start,
    allDay,
    timezone: BERLIN,
    status: 0,
    star: false,
    origin: start,
    createdAt: 0,
    recurrenceRule: undefined,
  }) satisfies WireReminder;

describe('day model', () => {
  it('splits the range into local days across the 23-hour DST day', () => {
    const days = localDays({ start: at(28, 0), end: at(31, 0) }, BERLIN);
    expect(days.map((d) => (d.end - d.start) / HOUR_MS)).toEqual([24, 23, 24]);
  });

  it('puts each group in the day it starts, with idle time between, and reminders all-day first', () => {
    const items = agendaItems([
      block('a', 'Write', at(29, 9), at(29, 10)),
      block('b', 'Write', at(29, 10, 0) + 30_000, at(29, 11)),
      block('c', 'Read', at(30, 23, 30), at(31, 0, 30)),
    ]);
    const model = buildDayModel({
      items,
      reminders: [reminder('Call', at(29, 15), false), reminder('Plants', at(29, 0), true)],
      range: { start: at(29, 0), end: at(31, 0) },
      timeZone: BERLIN,
      now: at(29, 9, 30),
      currentBlockId: 'a',
    });
    const [sunday, monday] = model.days;
    const groups = sunday?.entries.filter((e) => e.type === 'group') ?? [];
    // The two sessions less than a minute apart are merged into one block.
    expect(groups).toHaveLength(1);
    expect(sunday?.reminders.map((r) => r.title)).toEqual(['Plants', 'Call']);
    expect(monday?.entries.some((e) => e.type === 'group' && e.start === at(30, 23, 30))).toBe(
      true,
    );
    expect(model.currentGroupId).toBe('a');
    expect(model.progress).toBeCloseTo(0.25);
  });

  it('lists no gap under a minute, and marks past sessions under a minute as short records', () => {
    // Quick clicks: 11 s of Write, a 0.4 s gap, 8 s of Read, a 40 s gap, then Write again.
    const t0 = at(29, 9);
    const items = agendaItems([
      block('w1', 'Write', t0, t0 + 11_000),
      block('r1', 'Read', t0 + 11_400, t0 + 19_400),
      block('w2', 'Write', t0 + 59_400, t0 + 30 * MINUTE_MS),
    ]);
    const now = t0 + 10 * MINUTE_MS;
    const model = buildDayModel({
      items,
      reminders: [],
      range: { start: at(29, 0), end: at(30, 0) },
      timeZone: BERLIN,
      now,
      currentBlockId: 'w2',
    });
    const entries = model.days[0]?.entries ?? [];
    const idle = entries.filter((e) => e.type === 'idle');
    expect(idle.map((e) => [e.start, e.end])).toEqual([
      [at(29, 0), t0],
      [t0 + 30 * MINUTE_MS, at(30, 0)],
    ]);
    const short = entries.filter((e) => isShortRecord(e, now, model.currentGroupId));
    expect(short.map((e) => e.start)).toEqual([t0, t0 + 11_400]);
    // The session going on is never a short record, however young.
    const current = entries.find((e) => e.type === 'group' && e.start === t0 + 59_400);
    expect(current && isShortRecord(current, t0 + 64_400, model.currentGroupId)).toBe(false);
  });
});

describe('week model', () => {
  it('starts the week on the person first day', () => {
    const wednesday = at(25, 12);
    expect(weekStartOf(wednesday, 'MON', BERLIN)).toBe(at(23, 0));
    expect(weekStartOf(wednesday, 'SUN', BERLIN)).toBe(at(22, 0));
    expect(weekStartOf(wednesday, 'SAT', BERLIN)).toBe(at(21, 0));
  });

  it('gives overlapping blocks their own lanes', () => {
    expect(
      assignLanes([
        { start: 0, end: 10 },
        { start: 5, end: 15 },
        { start: 10, end: 20 },
      ]),
    ).toEqual([
      { lane: 0, lanes: 2 },
      { lane: 1, lanes: 2 },
      { lane: 0, lanes: 2 },
    ]);
  });

  it('leaves out blocks under 3 minutes and splits a block across midnight', () => {
    const items = agendaItems([
      block('short', 'Ping', at(24, 9), at(24, 9) + 2 * MINUTE_MS),
      block('late', 'Deploy', at(24, 23), at(25, 1)),
    ]);
    const model = buildWeekModel({
      items,
      reminders: [],
      weekStart: at(23, 0),
      timeZone: BERLIN,
      now: at(24, 12),
    });
    const boxes = model.columns.flatMap((c) => c.boxes.map((b) => b.block.id));
    expect(boxes).toEqual(['late', 'late']);
    expect(nowPosition(model.columns, at(24, 12))).toEqual({ column: 1, top: 0.5 });
  });

  it('draws reminders with a time at their time in their day, all-day ones in the header', () => {
    // 2026-03-29 is the 23-hour day in Berlin: 9:00 is 8/23 of the way down that column.
    const model = buildWeekModel({
      items: agendaItems([]),
      reminders: [reminder('Dentist', at(29, 9), false), reminder('Plants', at(29, 0), true)],
      weekStart: at(23, 0),
      timeZone: BERLIN,
      now: at(24, 12),
    });
    const sunday = model.columns[6];
    expect(sunday?.timedReminders.map((m) => [m.reminder.title, m.top])).toEqual([
      ['Dentist', 8 / 23],
    ]);
    expect(sunday?.allDayReminders.map((r) => r.title)).toEqual(['Plants']);
    expect(model.columns.slice(0, 6).every((c) => c.timedReminders.length === 0)).toBe(true);
  });

  it("lays out each day's piece of a block past midnight with that day's items only", () => {
    // Yoga from Thursday 10:10 to Friday 11:10; the stand-up overlaps only its Friday piece.
    const items = agendaItems([
      block('yoga', 'Yoga', at(26, 10, 10), at(27, 11, 10)),
      block('standup', 'Standup', at(27, 9), at(27, 9, 15)),
    ]);
    const model = buildWeekModel({
      items,
      reminders: [],
      weekStart: at(23, 0),
      timeZone: BERLIN,
      now: at(24, 12),
    });
    const lanesOf = (day: number) =>
      model.columns[day]?.boxes.map((b) => [b.block.id, b.lane, b.lanes]);
    expect(lanesOf(3)).toEqual([['yoga', 0, 1]]);
    expect(lanesOf(4)).toEqual([
      ['yoga', 0, 2],
      ['standup', 1, 2],
    ]);
  });
});

describe("week model's reminder marks", () => {
  /** A day's marks: each one's title, the side of its time it is drawn on, and its lanes. */
  const markOf = (model: ReturnType<typeof buildWeekModel>, day: number) =>
    model.columns[day]?.timedReminders.map((m) => [m.reminder.title, m.placement, m.lanes]);
  const weekOf = (containers: WireContainer[], reminders: WireReminder[]) =>
    buildWeekModel({
      items: agendaItems(containers),
      reminders,
      weekStart: at(23, 0),
      timeZone: BERLIN,
      now: at(24, 12),
    });

  it('hangs a mark below its time where it covers no block title', () => {
    const model = weekOf(
      [block('standup', 'Standup', at(23, 9), at(23, 9, 15))],
      [reminder('Early', at(23, 8, 20), false), reminder('Lunch', at(23, 12), false)],
    );
    expect(markOf(model, 0)).toEqual([
      ['Early', 'below', 1],
      ['Lunch', 'below', 1],
    ]);
  });

  it('stands a mark on its time when hanging below would cover the next block title', () => {
    // Take vitamins at 8:45 hung over the 9:00 stand-up's title: drawn above its time instead.
    const model = weekOf(
      [block('standup', 'Team standup', at(23, 9), at(23, 9, 15))],
      [reminder('Take vitamins', at(23, 8, 45), false)],
    );
    expect(markOf(model, 0)).toEqual([['Take vitamins', 'above', 1]]);
    expect(model.columns[0]?.boxes.map((b) => b.lanes)).toEqual([1]);
  });

  it('puts a mark beside the blocks when either side would cover a title', () => {
    const model = weekOf(
      [block('a', 'Plan', at(23, 8, 30), at(23, 9)), block('b', 'Write', at(23, 9), at(23, 10))],
      [reminder('Call', at(23, 9), false)],
    );
    const [mark] = model.columns[0]?.timedReminders ?? [];
    expect(mark).toMatchObject({ placement: 'below', lane: 1, lanes: 2 });
    expect(model.columns[0]?.boxes.map((b) => [b.block.id, b.lane, b.lanes])).toEqual([
      ['a', 0, 1],
      ['b', 0, 2],
    ]);
  });

  it('never draws a mark over a block title, at any time of a busy day', () => {
    // Of a column 24 × 48 px tall, a mark takes 24 px and a block's title its first 18 px.
    const markShare = 24 / (24 * 48);
    const titleShare = 18 / (24 * 48);
    // Blocks of 15 minutes to 2 hours, back to back and overlapping; a reminder every 5 minutes.
    const containers = [
      block('a', 'A', at(24, 7), at(24, 7, 15)),
      block('b', 'B', at(24, 7, 30), at(24, 8)),
      block('c', 'C', at(24, 8), at(24, 10)),
      block('d', 'D', at(24, 8, 40), at(24, 9, 10)),
      block('e', 'E', at(24, 10), at(24, 10, 20)),
      block('f', 'F', at(24, 10, 45), at(24, 11)),
    ];
    for (let minute = 6 * 60; minute < 12 * 60; minute += 5) {
      const time = at(24, Math.floor(minute / 60), minute % 60);
      const column = weekOf(containers, [reminder('R', time, false)]).columns[1];
      const [mark] = column?.timedReminders ?? [];
      if (!column || !mark) throw new Error('no mark');
      const markTop = mark.placement === 'above' ? mark.top - markShare : mark.top;
      for (const box of column.boxes) {
        const side = (lane: number, lanes: number) => [lane / lanes, (lane + 1) / lanes] as const;
        const [markLeft, markRight] = side(mark.lane, mark.lanes);
        const [boxLeft, boxRight] = side(box.lane, box.lanes);
        const titleEnd = box.top + Math.min(box.height, titleShare);
        const isCovered =
          markLeft < boxRight &&
          boxLeft < markRight &&
          markTop < titleEnd &&
          box.top < markTop + markShare;
        expect(isCovered, `${box.block.id} under a mark at ${minute / 60} h`).toBe(false);
      }
    }
  });
});
