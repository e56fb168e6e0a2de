import { useEffect, type RefObject } from 'react';

/**
 * Keeps what the page scrolls into view (the keyboard's focus, a block brought forward) clear of
 * a bar that floats over the page: the bar's height becomes the document's scroll padding on
 * that edge while the bar is shown (WCAG 2.4.11, focus not obscured).
 */
export function useScrollClearance(
  bar: RefObject<HTMLElement | null>,
  edge: 'top' | 'bottom',
): void {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    const property = edge === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
    const update = () => {
      const rect = element.getBoundingClientRect();
      const clearance = edge === 'top' ? rect.bottom : window.innerHeight - rect.top;
      root.style[property] = `${Math.max(0, Math.round(clearance) + 8)}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.style[property] = '';
    };
  }, [bar, edge]);
}
