import fc from 'fast-check';
import * as rruleModule from 'rrule';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time/zone';
import type { ExpandRecurrenceInput, RecurrenceInstance } from './expand';
import { expandRecurrence, instanceAt } from './expand';
import type { RecurrenceFreq, RecurrenceRule } from './rule';
import { WEEKDAY_TOKENS, parseByDay } from './rule';
import { fromFloating, toFloating, zoneOffsetAt } from './zone-offsets';

type RRuleModule = typeof rruleModule;
const lib: RRuleModule =
  typeof (rruleModule as Partial<RRuleModule>).RRule === 'function'
    ? rruleModule
    : (rruleModule as unknown as { default: RRuleModule }).default;

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
const FREQS: RecurrenceFreq[] = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];

const ruleArb: fc.Arbitrary<RecurrenceRule> = fc.record({
  freq: fc.constantFrom(...FREQS),
  interval: fc.integer({ min: 1, max: 4 }),
  byDay: fc.subarray([...WEEKDAY_TOKENS]).map((days) => days.join(',')),
  until: fc.constant(0),
  count: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })),
});

const inputArb: fc.Arbitrary<ExpandRecurrenceInput> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    start: fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2035, 0, 1) }),
    minute: fc.integer({ min: 0, max: 24 * 4 - 1 }),
    duration: fc.integer({ min: 0, max: 20 * 4 }).map((q) => q * 15 * MINUTE_MS),
    rule: ruleArb,
    untilDays: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 900 })),
    windowFromDays: fc.integer({ min: -30, max: 1500 }),
    windowDays: fc.integer({ min: 0, max: 70 }),
    exceptions: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 4 }),
  })
  .map((r) => {
    const start = Math.floor(r.start / DAY_MS) * DAY_MS + r.minute * 15 * MINUTE_MS;
    const until = r.untilDays < 0 ? 0 : start + r.untilDays * DAY_MS;
    const windowStart = start + r.windowFromDays * DAY_MS + r.minute * 7 * MINUTE_MS;
    return {
      start,
      end: start + r.duration,
      rule: { ...r.rule, until },
      timeZone: r.timeZone,
      windowStart,
      windowEnd: windowStart + r.windowDays * DAY_MS,
      exceptions: r.exceptions,
    };
  });

/**
 * The plain way: rrule iterated from dtstart with its own defaults (dtstart counts only when the
 * rule yields it), placed with the same zone.
 */
function oracle(input: ExpandRecurrenceInput): RecurrenceInstance[] {
  const { rule, timeZone } = input;
  if (input.windowEnd <= input.windowStart) return [];
  const dtstart = toFloating(input.start, timeZone);
  const days = parseByDay(rule.byDay);
  const options = {
    freq: { DAILY: 3, WEEKLY: 2, MONTHLY: 1, YEARLY: 0 }[
      rule.freq === 'none' ? 'DAILY' : rule.freq
    ],
    interval: rule.interval,
    dtstart: new Date(dtstart),
    wkst: 0,
    ...(rule.freq === 'WEEKLY' && days.length ? { byweekday: days } : {}),
  };
  const end = toFloating(input.windowEnd, timeZone) + 3 * DAY_MS;
  const dates = new lib.RRule(options, true)
    .between(new Date(dtstart), new Date(end), true)
    .map((d) => d.getTime());
  const duration = input.end - input.start;
  return dates
    .map((f, n) => {
      const start = f === dtstart ? input.start : fromFloating(f, timeZone);
      return { start, end: start + duration, instanceNumber: n };
    })
    .filter((i) => rule.count === 0 || i.instanceNumber < rule.count)
    .filter((i) => rule.until <= 0 || i.start <= rule.until)
    .filter((i) => !input.exceptions?.includes(i.instanceNumber))
    .filter(
      (i) =>
        i.start < input.windowEnd && (i.end > input.windowStart || i.start >= input.windowStart),
    );
}

describe('expandRecurrence properties', () => {
  it('matches rrule iterated from the series start', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(expandRecurrence(input)).toEqual(oracle(input));
      }),
      { numRuns: 400 },
    );
  });

  it('returns sorted, numbered instances inside the window, within count and until', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const found = expandRecurrence(input);
        for (let i = 1; i < found.length; i += 1) {
          const [a, b] = [found[i - 1], found[i]];
          expect(a && b && a.start <= b.start && a.instanceNumber < b.instanceNumber).toBe(true);
        }
        for (const instance of found) {
          expect(instance.start).toBeLessThan(input.windowEnd);
          expect(instance.end >= input.windowStart).toBe(true);
          if (input.rule.count > 0) expect(instance.instanceNumber).toBeLessThan(input.rule.count);
          if (input.rule.until > 0) expect(instance.start).toBeLessThanOrEqual(input.rule.until);
          expect(input.exceptions).not.toContain(instance.instanceNumber);
          expect(instance.end - instance.start).toBe(input.end - input.start);
          expect(instanceAt(input, instance.instanceNumber)).toEqual(instance);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the wall-clock time of day unless that time is skipped that day', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const tz = input.timeZone;
        const timeOfDay = (ms: number) => ((toFloating(ms, tz) % DAY_MS) + DAY_MS) % DAY_MS;
        const wanted = timeOfDay(input.start);
        for (const instance of expandRecurrence({ ...input, exceptions: [] })) {
          const got = timeOfDay(instance.start);
          if (got === wanted) continue;
          // Skipped by a forward jump: moved forward by exactly the jump.
          const jump =
            zoneOffsetAt(instance.start, tz) - zoneOffsetAt(instance.start - 3 * HOUR_MS, tz);
          expect(jump).toBeGreaterThan(0);
          expect(got - wanted).toBe(jump);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same instances for a window as for its two halves', () => {
    fc.assert(
      fc.property(inputArb, fc.double({ min: 0, max: 1, noNaN: true }), (input, cut) => {
        const middle = Math.round(input.windowStart + (input.windowEnd - input.windowStart) * cut);
        const left = expandRecurrence({ ...input, windowEnd: middle });
        const right = expandRecurrence({ ...input, windowStart: middle });
        const merged = new Map([...left, ...right].map((i) => [i.instanceNumber, i]));
        const whole = expandRecurrence(input);
        expect([...merged.values()].sort((a, b) => a.instanceNumber - b.instanceNumber)).toEqual(
          whole.filter((i) => i.start < middle || i.start >= middle),
        );
      }),
      { numRuns: 300 },
    );
  });
});
