import { useCallback, useEffect, useRef } from 'react';

// Marks the extra history entry an editor with unsaved changes sits on.
const MARK = 'plannerUnsavedGuard';

function isGuardState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && MARK in state;
}

/**
 * Keeps the browser's own Back button from leaving an editor with unsaved changes. The app's
 * routes are declarative (no data router, so no useBlocker): while the form is dirty a copy of the
 * current entry (same URL, same router state, plus a mark) sits on top of the history. Back pops
 * only that copy, which the router sees as staying put, and `onBlockedBack` asks what to do.
 *
 * The copy is not removed when the form turns clean again (an async history move would race with
 * the navigation that usually follows a save); instead a Back that pops it while clean goes on
 * back by itself, and `leave` pops it before any navigation away.
 */
export function useHistoryGuard(isDirty: boolean, onBlockedBack: () => void) {
  // Whether our copy is the current history entry.
  const isArmed = useRef(false);
  // A navigation waiting for the copy to be popped.
  const pending = useRef<(() => void) | null>(null);
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;
  const onBlockedRef = useRef(onBlockedBack);
  onBlockedRef.current = onBlockedBack;

  const arm = useCallback(() => {
    if (!isGuardState(window.history.state)) {
      const state: unknown = window.history.state;
      const base = typeof state === 'object' && state !== null ? state : {};
      window.history.pushState({ ...base, [MARK]: true }, '', window.location.href);
    }
    isArmed.current = true;
  }, []);

  useEffect(() => {
    if (isDirty && !isArmed.current) arm();
  }, [isDirty, arm]);

  useEffect(() => {
    // Mounted on our own copy (Back from a page opened out of the editor): it is ours again.
    if (isGuardState(window.history.state)) isArmed.current = true;
    const onPop = (event: PopStateEvent) => {
      if (isGuardState(event.state)) {
        isArmed.current = true;
        return;
      }
      if (!isArmed.current) return;
      isArmed.current = false;
      const next = pending.current;
      pending.current = null;
      if (next) next();
      else if (isDirtyRef.current) onBlockedRef.current();
      else window.history.back();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  /** Runs a navigation away from the editor, after popping the guard entry when it is there. */
  const leave = useCallback((go: () => void) => {
    if (isArmed.current && isGuardState(window.history.state)) {
      pending.current = go;
      window.history.back();
    } else {
      isArmed.current = false;
      go();
    }
  }, []);

  return { leave, rearm: arm };
}
