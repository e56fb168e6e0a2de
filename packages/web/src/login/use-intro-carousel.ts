import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

const AUTO_ADVANCE_MS = 6000;
const SWIPE_MIN_PX = 40;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * A carousel of `count` slides: it moves on by itself (not while hovered or focused, nor for
 * people who prefer reduced motion), by a swipe, and by the arrow keys; it wraps around.
 */
export function useIntroCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    if (isPaused || prefersReducedMotion()) return undefined;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [index, isPaused, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  return {
    index,
    go,
    /** The carousel's own event handlers, for its outer element. */
    handlers: {
      onMouseEnter: () => setPaused(true),
      onMouseLeave: () => setPaused(false),
      onFocus: () => setPaused(true),
      onBlur: () => setPaused(false),
      onPointerDown: (event: PointerEvent) => {
        swipeStart.current = event.clientX;
      },
      onPointerUp: (event: PointerEvent) => {
        if (swipeStart.current === null) return;
        const dx = event.clientX - swipeStart.current;
        swipeStart.current = null;
        if (Math.abs(dx) >= SWIPE_MIN_PX) go(index + (dx < 0 ? 1 : -1));
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'ArrowRight') go(index + 1);
        if (event.key === 'ArrowLeft') go(index - 1);
      },
    },
  };
}
