import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time/zone';
import {
  clampTaskDuration,
  durationFromValue,
  durationParts,
  durationSliderSteps,
  durationUnitFor,
  durationValueIn,
  nearestSliderStep,
  rescaleDurationUnit,
  TASK_DURATION_MAX_MS,
  taskDurationBounds,
} from './duration';

describe('task duration bounds', () => {
  it('is 5 minutes to 72 hours, 30 seconds in the dev build', () => {
    expect(taskDurationBounds(false)).toEqual({ minMs: 300_000, maxMs: 259_200_000 });
    expect(taskDurationBounds(true)).toEqual({ minMs: 30_000, maxMs: 259_200_000 });
  });

  it('clamps at both ends', () => {
    expect(clampTaskDuration(0, false)).toBe(5 * MINUTE_MS);
    expect(clampTaskDuration(5 * MINUTE_MS - 1, false)).toBe(5 * MINUTE_MS);
    expect(clampTaskDuration(5 * MINUTE_MS, false)).toBe(5 * MINUTE_MS);
    expect(clampTaskDuration(60_000, true)).toBe(60_000);
    expect(clampTaskDuration(TASK_DURATION_MAX_MS + 1, false)).toBe(TASK_DURATION_MAX_MS);
    expect(clampTaskDuration(Number.NaN, false)).toBe(5 * MINUTE_MS);
    expect(clampTaskDuration(Number.POSITIVE_INFINITY, false)).toBe(TASK_DURATION_MAX_MS);
  });
});

describe('duration units', () => {
  it('is minute below 1 h, hour below 1 day, else day', () => {
    expect(durationUnitFor(HOUR_MS - MINUTE_MS)).toBe('minute');
    expect(durationUnitFor(HOUR_MS)).toBe('hour');
    expect(durationUnitFor(DAY_MS - HOUR_MS)).toBe('hour');
    expect(durationUnitFor(DAY_MS)).toBe('day');
    expect(durationUnitFor(90 * MINUTE_MS)).toBe('hour');
    expect(durationUnitFor(36 * HOUR_MS)).toBe('day');
  });

  it('falls to a smaller unit when the natural one cannot show the duration in 2 decimals', () => {
    expect(durationUnitFor(61 * MINUTE_MS)).toBe('minute');
    expect(durationUnitFor(100 * MINUTE_MS)).toBe('minute');
    expect(durationUnitFor(25 * HOUR_MS)).toBe('hour');
    expect(durationUnitFor(25 * HOUR_MS + MINUTE_MS)).toBe('minute');
    expect(durationUnitFor(105 * MINUTE_MS)).toBe('hour');
  });

  it('shows whole minutes from one minute up: never 30.14 minutes', () => {
    const odd = 30 * MINUTE_MS + 8_400;
    expect(durationUnitFor(odd)).toBe('minute');
    expect(durationValueIn(odd, 'minute')).toBe(30);
    expect(durationValueIn(odd, 'hour')).toBe(0.5);
    expect(durationValueIn(HOUR_MS + 30_000, 'hour')).toBe(1.02);
    expect(durationValueIn(30_000, 'minute')).toBe(0.5);
  });

  it('shows the number in a unit and reads it back in whole minutes', () => {
    expect(durationValueIn(90 * MINUTE_MS, 'hour')).toBe(1.5);
    expect(durationValueIn(36 * HOUR_MS, 'day')).toBe(1.5);
    expect(durationFromValue(1.5, 'hour', false)).toBe(90 * MINUTE_MS);
    expect(durationFromValue(0.33, 'hour', false)).toBe(20 * MINUTE_MS);
    expect(durationFromValue(1, 'minute', false)).toBe(5 * MINUTE_MS);
    expect(durationFromValue(0.5, 'minute', true)).toBe(30_000);
    expect(durationFromValue(Number.NaN, 'hour', false)).toBe(5 * MINUTE_MS);
  });

  it('converts the number and keeps the duration when the unit changes', () => {
    expect(rescaleDurationUnit(2 * HOUR_MS, 'minute', false)).toEqual({
      durationMs: 2 * HOUR_MS,
      value: 120,
    });
    expect(rescaleDurationUnit(90 * MINUTE_MS, 'hour', false)).toEqual({
      durationMs: 90 * MINUTE_MS,
      value: 1.5,
    });
    expect(rescaleDurationUnit(36 * HOUR_MS, 'day', false)).toEqual({
      durationMs: 36 * HOUR_MS,
      value: 1.5,
    });
    expect(rescaleDurationUnit(72 * HOUR_MS, 'minute', false).value).toBe(4320);
  });

  it('clamps the duration, not the number in the new unit', () => {
    expect(rescaleDurationUnit(2 * MINUTE_MS, 'hour', false)).toEqual({
      durationMs: 5 * MINUTE_MS,
      value: 0.08,
    });
    expect(rescaleDurationUnit(4 * DAY_MS, 'hour', false)).toEqual({
      durationMs: TASK_DURATION_MAX_MS,
      value: 72,
    });
  });

  it('a unit change keeps any in-bounds duration and lands within the bounds', () => {
    const unit = fc.constantFrom('minute' as const, 'hour' as const, 'day' as const);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * DAY_MS }), unit, fc.boolean(), (ms, to, dev) => {
        const { minMs, maxMs } = taskDurationBounds(dev);
        const out = rescaleDurationUnit(ms, to, dev).durationMs;
        expect(out).toBeGreaterThanOrEqual(minMs);
        expect(out).toBeLessThanOrEqual(maxMs);
        if (ms >= minMs && ms <= maxMs) expect(out).toBe(ms);
      }),
    );
  });

  it('the number shown in the unit chosen for a duration reads back as that duration', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 72 * 60 }), (minutes) => {
        const ms = minutes * MINUTE_MS;
        const unit = durationUnitFor(ms);
        expect(durationFromValue(durationValueIn(ms, unit), unit, false)).toBe(ms);
      }),
    );
  });
});

describe('duration slider', () => {
  it('has the spec steps, and the dev build adds 10 s and 30 s', () => {
    const minutes = durationSliderSteps(false).map((ms) => ms / MINUTE_MS);
    expect(minutes).toEqual([
      5, 10, 15, 30, 45, 60, 120, 240, 360, 480, 600, 720, 900, 1080, 1440, 2880, 4320, 5760,
    ]);
    expect(durationSliderSteps(true).slice(0, 3)).toEqual([10_000, 30_000, 5 * MINUTE_MS]);
  });

  it('finds the nearest stop', () => {
    expect(nearestSliderStep(0, false)).toBe(0);
    expect(nearestSliderStep(50 * MINUTE_MS, false)).toBe(4);
    expect(nearestSliderStep(55 * MINUTE_MS, false)).toBe(5);
    expect(nearestSliderStep(52.5 * MINUTE_MS, false)).toBe(4);
    expect(nearestSliderStep(10 * DAY_MS, false)).toBe(17);
    expect(nearestSliderStep(20_000, true)).toBe(0);
  });
});

describe('durationParts', () => {
  it.each([
    [0, [{ unit: 'minute', value: 0 }]],
    [-5, [{ unit: 'minute', value: 0 }]],
    [12_400, [{ unit: 'second', value: 12 }]],
    [59_600, [{ unit: 'minute', value: 1 }]],
    [MINUTE_MS, [{ unit: 'minute', value: 1 }]],
    [
      90 * MINUTE_MS,
      [
        { unit: 'hour', value: 1 },
        { unit: 'minute', value: 30 },
      ],
    ],
    [
      90 * MINUTE_MS + 29_999,
      [
        { unit: 'hour', value: 1 },
        { unit: 'minute', value: 30 },
      ],
    ],
    [2 * HOUR_MS, [{ unit: 'hour', value: 2 }]],
    [
      DAY_MS + 5 * MINUTE_MS,
      [
        { unit: 'day', value: 1 },
        { unit: 'minute', value: 5 },
      ],
    ],
    [
      DAY_MS + 2 * HOUR_MS + 40 * MINUTE_MS,
      [
        { unit: 'day', value: 1 },
        { unit: 'hour', value: 2 },
      ],
    ],
    [3 * DAY_MS, [{ unit: 'day', value: 3 }]],
  ])('shows %i ms as %j', (ms, parts) => {
    expect(durationParts(ms)).toEqual(parts);
  });

  it('has at most two parts, largest first, none zero for positive durations', () => {
    const order = ['day', 'hour', 'minute', 'second'];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 * DAY_MS }), (ms) => {
        const parts = durationParts(ms);
        expect(parts.length).toBeGreaterThanOrEqual(1);
        expect(parts.length).toBeLessThanOrEqual(2);
        for (const p of parts) expect(Number.isInteger(p.value)).toBe(true);
        if (parts.length === 2) {
          expect(order.indexOf(parts[0]?.unit ?? '')).toBeLessThan(
            order.indexOf(parts[1]?.unit ?? ''),
          );
          expect(parts.every((p) => p.value > 0)).toBe(true);
        }
      }),
    );
  });
});
