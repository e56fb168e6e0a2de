import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNearBottom, throttle } from './load-more';

describe('isNearBottom', () => {
  it('is true within 100 px of the bottom and false beyond', () => {
    expect(isNearBottom({ scrollTop: 1000, clientHeight: 800, scrollHeight: 1800 })).toBe(true);
    expect(isNearBottom({ scrollTop: 900, clientHeight: 800, scrollHeight: 1800 })).toBe(true);
    expect(isNearBottom({ scrollTop: 899, clientHeight: 800, scrollHeight: 1800 })).toBe(false);
    expect(isNearBottom({ scrollTop: 999, clientHeight: 800, scrollHeight: 1800 }, 0)).toBe(false);
    expect(isNearBottom({ scrollTop: 0, clientHeight: 800, scrollHeight: 1800 })).toBe(false);
  });

  it('is true for a page too short to scroll', () => {
    expect(isNearBottom({ scrollTop: 0, clientHeight: 800, scrollHeight: 500 })).toBe(true);
  });
});

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers({ now: 10_000 }));
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per 300 ms, the last call of a burst included', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled.run();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(20);
      throttled.run();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
