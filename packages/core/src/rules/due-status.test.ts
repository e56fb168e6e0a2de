import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DUE_STATUS, dueStatus, dueStatusTone, type DueStatusInput } from './due-status';

const now = Date.UTC(2026, 5, 1, 12);
const deadline = now + 3_600_000;

function buildTask(overrides: Partial<DueStatusInput> = {}): DueStatusInput {
  return { isCompleted: false, deadline, lastTimeblockEnd: now + 600_000, now, ...overrides };
}

describe('dueStatus', () => {
  it('is none when done or without a deadline', () => {
    expect(dueStatus(buildTask({ isCompleted: true }))).toBe(-1);
    expect(dueStatus(buildTask({ isCompleted: true, now: deadline + 1 }))).toBe(-1);
    expect(dueStatus(buildTask({ deadline: -1 }))).toBe(-1);
  });

  it('is on time when the last block ends at or before the deadline', () => {
    expect(dueStatus(buildTask({ lastTimeblockEnd: deadline }))).toBe(0);
    expect(dueStatus(buildTask({ lastTimeblockEnd: 0 }))).toBe(0);
  });

  it('is at risk when the last block ends after the deadline, or time is unplanned', () => {
    expect(dueStatus(buildTask({ lastTimeblockEnd: deadline + 1 }))).toBe(1);
    expect(dueStatus(buildTask({ hasUnplannedTime: true }))).toBe(1);
  });

  it('is overdue only once now is past the deadline', () => {
    expect(dueStatus(buildTask({ now: deadline, lastTimeblockEnd: deadline }))).toBe(0);
    expect(dueStatus(buildTask({ now: deadline + 1 }))).toBe(2);
    expect(dueStatus(buildTask({ now: deadline + 1, lastTimeblockEnd: deadline + 9 }))).toBe(2);
  });

  it('is always one of the four values and overdue beats everything but done', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: -1, max: 1e6 }),
        fc.integer({ min: -1, max: 1e6 }),
        fc.integer({ min: 0, max: 1e6 }),
        (isCompleted, dl, last, t) => {
          const status = dueStatus({ isCompleted, deadline: dl, lastTimeblockEnd: last, now: t });
          expect([-1, 0, 1, 2]).toContain(status);
          if (!isCompleted && dl >= 0 && t > dl) expect(status).toBe(DUE_STATUS.overdue);
        },
      ),
    );
  });
});

describe('dueStatusTone', () => {
  it('is green, yellow, red as tones', () => {
    expect(dueStatusTone(-1)).toBeNull();
    expect(dueStatusTone(0)).toBe('success');
    expect(dueStatusTone(1)).toBe('warning');
    expect(dueStatusTone(2)).toBe('error');
  });
});
