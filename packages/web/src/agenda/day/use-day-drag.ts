import { useCallback, useRef, type RefObject } from 'react';
import { droppedTimes, type LaidOutSpan } from '../model/drag-math';
import type { PlaceOf } from '../drag/use-block-drag';

function measureSpans(container: HTMLElement | null): LaidOutSpan[] {
  if (!container) return [];
  return [...container.querySelectorAll<HTMLElement>('[data-span-start]')].map((el) => {
    const rect = el.getBoundingClientRect();
    return {
      top: rect.top + window.scrollY,
      bottom: rect.bottom + window.scrollY,
      start: Number(el.dataset['spanStart']),
      end: Number(el.dataset['spanEnd']),
    };
  });
}

/**
 * The day view's layout for a drag: its entries are measured when the drag starts (the page
 * scrolls, they do not move), and the dropped block's top edge is read against them.
 */
export function useDayPlace(container: RefObject<HTMLElement | null>) {
  const spans = useRef<LaidOutSpan[]>([]);
  const onStart = useCallback(() => {
    spans.current = measureSpans(container.current);
  }, [container]);
  const placeOf = useCallback<PlaceOf>((event, { block }) => {
    const rect = event.active.rect.current.translated;
    if (!rect) return null;
    return droppedTimes(spans.current, rect.top + window.scrollY, block.end - block.start);
  }, []);
  return { onStart, placeOf };
}
