import { PLANNING_CONSTANTS } from '@planner/core';
import { useEffect, useRef } from 'react';

export interface ScrollMetrics {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/** Spec 9: more done tasks load when the page is scrolled within 100 px of its bottom. */
export function isNearBottom(
  m: ScrollMetrics,
  px: number = PLANNING_CONSTANTS.loadMoreTriggerPx,
): boolean {
  return m.scrollHeight - (m.scrollTop + m.clientHeight) <= px;
}

/** Runs `fn` at most once per `ms`, the last call of a burst included (trailing edge). */
export function throttle(fn: () => void, ms: number): { run: () => void; cancel: () => void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  return {
    run() {
      const wait = last + ms - Date.now();
      if (wait <= 0) fire();
      else timer ??= setTimeout(fire, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

function windowMetrics(): ScrollMetrics {
  const root = document.documentElement;
  return {
    scrollTop: window.scrollY,
    clientHeight: window.innerHeight,
    scrollHeight: root.scrollHeight,
  };
}

/**
 * Calls `loadMore` when the window is scrolled near the bottom (throttled 300 ms), and after each
 * change of `contentKey` in case the page is still too short to scroll.
 */
export function useLoadMoreOnScroll(
  loadMore: () => void,
  isEnabled: boolean,
  contentKey: unknown,
): void {
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    if (!isEnabled) return undefined;
    const check = throttle(() => {
      if (isNearBottom(windowMetrics())) latest.current();
    }, PLANNING_CONSTANTS.scrollThrottleMs);
    check.run();
    window.addEventListener('scroll', check.run, { passive: true });
    window.addEventListener('resize', check.run);
    return () => {
      check.cancel();
      window.removeEventListener('scroll', check.run);
      window.removeEventListener('resize', check.run);
    };
  }, [isEnabled, contentKey]);
}
