import { useRef } from 'react';
import { useProfile } from '../api/profile';
import { createTapCounter } from './tap-counter';

/** Spec 9: 20 taps on the version open the debug menu. */
export const VERSION_TAPS = 20;
/** Taps must keep coming: a longer pause starts the count again. */
export const VERSION_TAP_GAP_MS = 1000;

/**
 * The version's click handler: counts quick taps and calls `onComplete` on the twentieth, only
 * for an account the server marks debugEnabled (for anyone else a tap does nothing at all).
 */
export function useVersionTaps(onComplete: () => void): () => void {
  const isDebugEnabled = useProfile().data?.user?.debugEnabled ?? false;
  const counter = useRef(createTapCounter({ needed: VERSION_TAPS, maxGapMs: VERSION_TAP_GAP_MS }));
  return () => {
    if (!isDebugEnabled) return;
    if (counter.current.tap(performance.now())) onComplete();
  };
}
