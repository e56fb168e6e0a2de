/**
 * Task durations (timeScheduled): bounds, units, the slider and the display as data
 * (planning-core spec, sections 5 and 9). Durations are integer milliseconds.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time/zone';

const SECOND_MS = 1000;

export const TASK_DURATION_MIN_MS = 5 * MINUTE_MS;
/** The dev build allows 30-second tasks so sessions can be watched end to end quickly. */
export const TASK_DURATION_MIN_DEV_MS = 30 * SECOND_MS;
export const TASK_DURATION_MAX_MS = 72 * HOUR_MS;

export type DurationUnit = 'minute' | 'hour' | 'day';
/** Units of the duration display (seconds appear only below one minute). */
export type DurationDisplayUnit = DurationUnit | 'second';

export const DURATION_UNIT_MS: Readonly<Record<DurationDisplayUnit, number>> = {
  second: SECOND_MS,
  minute: MINUTE_MS,
  hour: HOUR_MS,
  day: DAY_MS,
};

export interface DurationBounds {
  minMs: number;
  maxMs: number;
}

export function taskDurationBounds(isDev: boolean): DurationBounds {
  return {
    minMs: isDev ? TASK_DURATION_MIN_DEV_MS : TASK_DURATION_MIN_MS,
    maxMs: TASK_DURATION_MAX_MS,
  };
}

/** Clamped into the bounds and rounded to whole milliseconds; NaN becomes the minimum. */
export function clampTaskDuration(durationMs: number, isDev: boolean): number {
  const { minMs, maxMs } = taskDurationBounds(isDev);
  if (Number.isNaN(durationMs)) return minMs;
  return Math.min(maxMs, Math.max(minMs, Math.round(durationMs)));
}

/**
 * From one minute up a duration is read in whole minutes (spec 9, duration display); below a
 * minute (the dev build's short tasks) it is kept as it is.
 */
function toWholeMinutes(durationMs: number): number {
  return durationMs >= MINUTE_MS ? Math.round(durationMs / MINUTE_MS) * MINUTE_MS : durationMs;
}

/** At most 2 decimals: what the number field can show. */
function toHundredths(value: number): number {
  return Math.round(value * 100) / 100;
}

const UNITS_LARGEST_FIRST: readonly DurationUnit[] = ['day', 'hour', 'minute'];

/**
 * The unit a duration is shown in: minute below 1 h, hour below 1 day, else day (spec 5), unless
 * that unit cannot show it exactly in 2 decimals; then the next smaller unit that can (61 minutes
 * stays 61 minutes rather than 1.02 hours, 25 hours stays 25 hours rather than 1.04 days).
 */
export function durationUnitFor(durationMs: number): DurationUnit {
  const ms = toWholeMinutes(durationMs);
  const natural = ms < HOUR_MS ? 'minute' : ms < DAY_MS ? 'hour' : 'day';
  const candidates = UNITS_LARGEST_FIRST.slice(UNITS_LARGEST_FIRST.indexOf(natural));
  const exact = candidates.find((unit) => {
    const value = ms / DURATION_UNIT_MS[unit];
    return toHundredths(value) === value;
  });
  return exact ?? 'minute';
}

/**
 * The number shown beside the unit: the duration in whole minutes from one minute up, to at most
 * 2 decimals (90 minutes in hours is 1.5; 30 minutes 8 seconds in minutes is 30).
 */
export function durationValueIn(durationMs: number, unit: DurationUnit): number {
  return toHundredths(toWholeMinutes(durationMs) / DURATION_UNIT_MS[unit]);
}

/**
 * The duration a number typed in a unit stands for: whole minutes from one minute up, clamped to
 * the bounds (0.33 hours is 20 minutes, 1 minute is 5 minutes).
 */
export function durationFromValue(value: number, unit: DurationUnit, isDev: boolean): number {
  return clampTaskDuration(toWholeMinutes(value * DURATION_UNIT_MS[unit]), isDev);
}

/**
 * Changing the unit rescales the number and keeps the duration (spec 5): 2 hours switched to
 * minutes is 120 minutes, 90 minutes switched to hours is 1.5 hours. Only the duration is
 * clamped, never the number in the new unit.
 */
export function rescaleDurationUnit(
  durationMs: number,
  to: DurationUnit,
  isDev: boolean,
): { durationMs: number; value: number } {
  const clamped = clampTaskDuration(durationMs, isDev);
  return { durationMs: clamped, value: durationValueIn(clamped, to) };
}

const SLIDER_STEPS_MS: readonly number[] = [
  ...[5, 10, 15, 30, 45, 60, 120, 240, 360, 480].map((m) => m * MINUTE_MS),
  ...[10, 12, 15, 18, 24].map((h) => h * HOUR_MS),
  ...[2, 3, 4].map((d) => d * DAY_MS),
];
const DEV_SLIDER_STEPS_MS: readonly number[] = [10 * SECOND_MS, 30 * SECOND_MS];

/** The duration slider's stops, shortest first (the dev build adds 10 s and 30 s). */
export function durationSliderSteps(isDev: boolean): readonly number[] {
  return isDev ? [...DEV_SLIDER_STEPS_MS, ...SLIDER_STEPS_MS] : SLIDER_STEPS_MS;
}

/** The slider stop nearest a duration (the shorter one on a tie). */
export function nearestSliderStep(durationMs: number, isDev: boolean): number {
  const steps = durationSliderSteps(isDev);
  let best = 0;
  steps.forEach((step, i) => {
    const bestStep = steps[best] ?? step;
    if (Math.abs(step - durationMs) < Math.abs(bestStep - durationMs)) best = i;
  });
  return best;
}

export interface DurationPart {
  unit: DurationDisplayUnit;
  value: number;
}

/**
 * A duration as its largest two non-zero units, for the UI to word: 90 minutes is
 * [{hour 1}, {minute 30}], 1 day 0 h 5 min is [{day 1}, {minute 5}]. From one minute up it is
 * rounded to whole minutes and units below the two shown are dropped; below a minute it is whole
 * seconds. Zero (or negative) is [{minute 0}].
 */
export function durationParts(durationMs: number): DurationPart[] {
  if (!(durationMs > 0)) return [{ unit: 'minute', value: 0 }];
  if (durationMs < MINUTE_MS) {
    const seconds = Math.round(durationMs / SECOND_MS);
    return seconds < 60 ? [{ unit: 'second', value: seconds }] : [{ unit: 'minute', value: 1 }];
  }
  let minutes = Math.round(durationMs / MINUTE_MS);
  const parts: DurationPart[] = [];
  for (const unit of ['day', 'hour', 'minute'] as const) {
    const perUnit = DURATION_UNIT_MS[unit] / MINUTE_MS;
    const value = Math.floor(minutes / perUnit);
    minutes -= value * perUnit;
    if (value > 0) parts.push({ unit, value });
  }
  return parts.slice(0, 2);
}
