export interface TapCounterOptions {
  /** Taps in a row that complete the gesture (spec 9: 20 on the About page's version). */
  needed: number;
  /** A pause longer than this between two taps starts the count again. */
  maxGapMs: number;
}

export interface TapCounter {
  /** Counts a tap at `nowMs`; true on the tap that completes the run (the count then restarts). */
  tap(nowMs: number): boolean;
  /** Forgets the taps so far (another control was used in between). */
  reset(): void;
  /** Taps counted in the current run. */
  readonly count: number;
}

/**
 * Counts quick taps in a row, for the hidden gestures: a run only counts while the taps keep
 * coming, so a person who taps the version now and then never opens anything by accident.
 */
export function createTapCounter({ needed, maxGapMs }: TapCounterOptions): TapCounter {
  let count = 0;
  let lastMs = Number.NEGATIVE_INFINITY;
  return {
    tap(nowMs) {
      count = nowMs - lastMs > maxGapMs ? 1 : count + 1;
      lastMs = nowMs;
      if (count < needed) return false;
      count = 0;
      lastMs = Number.NEGATIVE_INFINITY;
      return true;
    },
    reset() {
      count = 0;
      lastMs = Number.NEGATIVE_INFINITY;
    },
    get count() {
      return count;
    },
  };
}
