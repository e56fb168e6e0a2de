import { useEffect, type RefObject } from 'react';

type Edge = 'top' | 'bottom';

/** The bars shown now on each edge: the clearance is the one reaching furthest into the page. */
const shown: Record<Edge, Set<HTMLElement>> = { top: new Set(), bottom: new Set() };

/** Sets the document's scroll padding on `edge` from the bars shown there (none: cleared). */
function applyClearance(edge: Edge): void {
  const root = document.documentElement;
  const property = edge === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
  const reaches = [...shown[edge]].map((element) => {
    const rect = element.getBoundingClientRect();
    return edge === 'top' ? rect.bottom : window.innerHeight - rect.top;
  });
  const clearance =
    reaches.length === 0 ? '' : `${Math.max(0, Math.round(Math.max(...reaches)) + 8)}px`;
  root.style[property] = clearance;
  // The same height for what floats over the page itself (the toasts rise above the control bar).
  if (clearance) root.style.setProperty(`--planner-${edge}-bars`, clearance);
  else root.style.removeProperty(`--planner-${edge}-bars`);
}

/**
 * Keeps what the page scrolls into view (the keyboard's focus, a block brought forward) clear of
 * a bar that floats over the page: the document's scroll padding on that edge clears every bar
 * shown there (WCAG 2.4.11, focus not obscured). Several may float on one edge: the agenda's
 * header and, under it, the note on what a re-plan moved.
 */
export function useScrollClearance(bar: RefObject<HTMLElement | null>, edge: Edge): void {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    shown[edge].add(element);
    const update = () => applyClearance(edge);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      shown[edge].delete(element);
      applyClearance(edge);
    };
  }, [bar, edge]);
}
