import { useLayoutEffect, useRef } from 'react';

/**
 * Listens to key presses anywhere on the page while the calling component is shown. The listener
 * is in place in the same commit that draws the component (a layout effect): a key pressed as
 * soon as the screen appears is heard. A passive effect runs after the paint, in a task the
 * browser may put behind that key press. The handler may change on every render.
 */
export function useWindowKey(onKey: (event: KeyboardEvent) => void): void {
  const latest = useRef(onKey);
  useLayoutEffect(() => {
    latest.current = onKey;
  });
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
