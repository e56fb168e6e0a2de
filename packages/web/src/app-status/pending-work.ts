import { useEffect } from 'react';

const flushers = new Set<() => void>();

/**
 * Registers work to send at once when the app is hidden (a debounced save waiting for its
 * timer): a hidden tab may be closed or frozen before the timer fires. The work itself stays
 * where it is (the settings screen's pending fields, over the query cache); only the "send
 * now" is handed over. Answers the unregister function.
 */
export function flushWhenHidden(flush: () => void): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

/** `flushWhenHidden` for the lifetime of a component. */
export function useFlushWhenHidden(flush: () => void): void {
  useEffect(() => flushWhenHidden(flush), [flush]);
}

/** Runs every registered flush; one that throws does not stop the others. */
export function flushPendingWork(onError: (error: unknown) => void): void {
  for (const flush of flushers) {
    try {
      flush();
    } catch (error) {
      onError(error);
    }
  }
}
