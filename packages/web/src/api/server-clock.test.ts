import { describe, expect, it } from 'vitest';
import { nextClockOffset } from './server-clock';

const at = (sentAt: number, receivedAt: number, serverTime: number) => ({
  sentAt,
  receivedAt,
  serverTime,
});

describe('clock offset', () => {
  it('measures at the middle of the request and rounds to 100 ms', () => {
    expect(nextClockOffset(null, at(1_000, 1_200, 5_140))).toBe(4_000);
    expect(nextClockOffset(null, at(1_000, 1_200, 5_160))).toBe(4_100);
  });

  it('averages with the previous offset', () => {
    expect(nextClockOffset(4_000, at(1_000, 1_000, 6_000))).toBe(4_500);
  });

  it('ignores a sample whose request took over 5 s', () => {
    expect(nextClockOffset(4_000, at(1_000, 6_001, 99_000))).toBe(4_000);
    expect(nextClockOffset(null, at(1_000, 6_001, 99_000))).toBeNull();
  });

  it('takes a jump of more than a minute as is instead of averaging it', () => {
    expect(nextClockOffset(0, at(1_000, 1_000, 1_000 + 2 * 3_600_000))).toBe(2 * 3_600_000);
  });
});
