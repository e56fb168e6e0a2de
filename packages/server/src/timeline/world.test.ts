import { agendaHorizonEnd, DAY_MS, HOUR_MS } from '@planner/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { horizonEndAt, UNLIMITED_HORIZON_DAYS, type PlanSettings } from './world';

function settings(timezone: string, agendaLengthDays: number | null): PlanSettings {
  return {
    timezone,
    agendaLengthDays,
    autoIdle: { enabled: false, start: 0, end: 0 },
    shape: {},
    taskLimit: null,
    events: [],
  };
}

describe('horizonEndAt', () => {
  // Around the spring and autumn changes of 2026 in zones with whole-hour, half-hour and
  // 45-minute offsets, and Lord Howe's half-hour change.
  const zones = [
    'Europe/Berlin',
    'America/New_York',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
  ];
  const instants = fc.oneof(
    fc.integer({ min: Date.UTC(2026, 2, 20), max: Date.UTC(2026, 3, 8) }),
    fc.integer({ min: Date.UTC(2026, 9, 20), max: Date.UTC(2026, 10, 8) }),
  );

  it('is the same wall-clock time the agenda length later, to the millisecond', () => {
    fc.assert(
      fc.property(
        instants,
        fc.constantFrom(...zones),
        fc.constantFrom(1, 7, 30),
        (t, zone, days) => {
          expect(horizonEndAt(settings(zone, days), t)).toBe(agendaHorizonEnd(t, zone, days));
          // A neighbour in the same minute, answered from what the first one computed.
          const neighbour = t - (t % 60_000) + 59_999;
          expect(horizonEndAt(settings(zone, days), neighbour)).toBe(
            agendaHorizonEnd(neighbour, zone, days),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reaches the unlimited horizon when the tier has no agenda length', () => {
    const t = Date.UTC(2026, 2, 29, 1) + 30 * HOUR_MS;
    expect(horizonEndAt(settings('Europe/Berlin', null), t)).toBe(
      t + UNLIMITED_HORIZON_DAYS * DAY_MS,
    );
  });
});
