import { describe, expect, it } from 'vitest';
import { createTapCounter } from './tap-counter';

const taps = (counter: ReturnType<typeof createTapCounter>, times: readonly number[]) =>
  times.map((ms) => counter.tap(ms));

describe('tap counter', () => {
  it('completes on the twentieth quick tap and then starts again', () => {
    const counter = createTapCounter({ needed: 20, maxGapMs: 1000 });
    const results = taps(
      counter,
      Array.from({ length: 20 }, (_, i) => i * 300),
    );
    expect(results.slice(0, 19).every((done) => !done)).toBe(true);
    expect(results[19]).toBe(true);
    expect(counter.count).toBe(0);
    expect(counter.tap(6100)).toBe(false);
    expect(counter.count).toBe(1);
  });

  it('starts the count again after a pause longer than the gap', () => {
    const counter = createTapCounter({ needed: 3, maxGapMs: 1000 });
    expect(taps(counter, [0, 900, 1901])).toEqual([false, false, false]);
    expect(counter.count).toBe(1);
    expect(taps(counter, [2500, 3400])).toEqual([false, true]);
  });

  it('a pause of exactly the gap still counts', () => {
    const counter = createTapCounter({ needed: 2, maxGapMs: 1000 });
    expect(taps(counter, [0, 1000])).toEqual([false, true]);
  });

  it('forgets the run on reset', () => {
    const counter = createTapCounter({ needed: 3, maxGapMs: 1000 });
    taps(counter, [0, 100]);
    counter.reset();
    expect(taps(counter, [200, 300])).toEqual([false, false]);
    expect(counter.tap(400)).toBe(true);
  });
});
