import { useEffect, useState } from 'react';

/** Drag and drop is not needed to read the plan: it loads once the browser is idle after the paint. */
const AFTER_PAINT_MS = 1500;

/**
 * Loads a module (a view's drag and drop) once the view is on screen and a moment has passed;
 * null until then. `load` must be stable (a module-level function).
 */
export function useAfterPaint<T>(isReady: boolean, load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    if (!isReady || loaded) return undefined;
    let isLive = true;
    const timer = setTimeout(() => {
      void load().then((module) => {
        if (isLive) setLoaded(() => module);
      });
    }, AFTER_PAINT_MS);
    return () => {
      isLive = false;
      clearTimeout(timer);
    };
  }, [isReady, loaded, load]);
  return loaded;
}
