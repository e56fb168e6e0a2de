import { describe, expect, it } from 'vitest';
import { fromInput, toDateInput, toDateTimeInput } from './local-input';

describe('native date inputs in the person zone', () => {
  it('round-trips a time in Kolkata', () => {
    const instant = Date.UTC(2026, 2, 10, 4, 0);
    expect(toDateTimeInput(instant, 'Asia/Kolkata')).toBe('2026-03-10T09:30');
    expect(fromInput('2026-03-10T09:30', 'Asia/Kolkata')).toBe(instant);
    expect(toDateInput(instant, 'America/Los_Angeles')).toBe('2026-03-09');
  });

  it('answers null for an incomplete value', () => {
    expect(fromInput('2026-03', 'UTC')).toBeNull();
  });
});
