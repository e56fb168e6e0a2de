import { useEffect, useRef, type DependencyList } from 'react';

/** Spec 9: more rows when the reader is within 20 % of the bottom, checked at most every 300 ms. */
export const NEAR_BOTTOM_SHARE = 0.2;
export const THROTTLE_MS = 300;

/** True when the window's visible bottom is within the last 20 % of the page. */
export function isNearBottom(scrollTop: number, viewHeight: number, pageHeight: number): boolean {
  return scrollTop + viewHeight >= pageHeight * (1 - NEAR_BOTTOM_SHARE);
}

/**
 * Calls `loadMore` while the page's end is near: on scroll (throttled, the last scroll of a
 * burst still checked), and after each change of `deps` (a page that does not fill the screen
 * asks for the next at once).
 */
export function useLoadNearBottom(loadMore: () => void, deps: DependencyList): void {
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    const check = () => {
      const page = document.documentElement;
      if (isNearBottom(window.scrollY, window.innerHeight, page.scrollHeight)) latest.current();
    };
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const wait = last + THROTTLE_MS - Date.now();
      if (wait <= 0) {
        last = Date.now();
        check();
      } else if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          last = Date.now();
          check();
        }, wait);
      }
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, deps);
}
