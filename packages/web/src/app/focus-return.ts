import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { selectorFor } from '../components/element-selector';

/*
 * Screens are routes: an editor replaces the agenda, so the button that opened it is gone from
 * the page, and MUI's focus return (dialogs, menus) cannot help. This remembers, per history
 * entry, what had the focus when the screen was left (the opener of a menu rather than the menu's
 * entry), and gives the focus back to it when that entry is shown again (Back, Escape, Save).
 */

const TRANSIENT = '[role="menu"], [role="dialog"], [role="listbox"], [role="tooltip"]';
/** How long a returning screen may take to draw the element (lazy chunks, the timeline). */
const RETURN_WAIT_MS = 5000;

/** The element the focus should come back to: outside menus and dialogs, which close. */
function useLastSteadyFocus() {
  const last = useRef<string | null>(null);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || target.closest(TRANSIENT)) return;
      const selector = selectorFor(target);
      if (selector) last.current = selector;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  return last;
}

/**
 * Focuses the element once drawn, and its twin again should the screen draw it anew meanwhile
 * (the agenda's list is redrawn when its drag layer loads), for a few seconds.
 */
function focusWhenDrawn(selector: string): () => void {
  let isDone = false;
  const attempt = () => {
    const active = document.activeElement;
    if (isDone) return;
    if (active && active !== document.body) {
      // Something else took the focus (an autofocused field, a dialog, a click): leave it.
      if (!active.matches(selector)) isDone = true;
      return;
    }
    document.querySelector<HTMLElement>(selector)?.focus();
  };
  attempt();
  const observer = new MutationObserver(() => {
    attempt();
    if (isDone) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = window.setTimeout(() => observer.disconnect(), RETURN_WAIT_MS);
  return () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

/** Mounted once inside the router (App). */
export function useFocusReturn(): void {
  const location = useLocation();
  const last = useLastSteadyFocus();
  const saved = useRef(new Map<string, string>());
  const [previousKey, setPreviousKey] = useState(location.key);
  // Noted while rendering the new location, before its screen mounts: a field it focuses on
  // mounting must not pass for what had the focus on the screen left (React's pattern for
  // adjusting state when a value changes).
  if (previousKey !== location.key) {
    if (last.current) saved.current.set(previousKey, last.current);
    last.current = null;
    setPreviousKey(location.key);
  }
  useEffect(() => {
    const selector = saved.current.get(location.key);
    return selector ? focusWhenDrawn(selector) : undefined;
  }, [location.key]);
}
