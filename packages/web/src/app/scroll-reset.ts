import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const AGENDA = /^\/agenda(\/|$)/;

/**
 * A screen opened anew starts at its top. The window keeps the scroll position of the screen it
 * came from (a scrolled agenda), which opened a tall screen part way down with its heading hidden
 * (Premium, Invite friends). Before paint, so the new screen is never seen scrolled.
 *
 * Left alone: Back and Forward (the browser and focus-return.ts place those), and a move within
 * the agenda, which scrolls to the day it shows itself (in its own effect, after this one).
 */
export function useScrollReset(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname || navigationType === 'POP') return;
    if (AGENDA.test(from) && AGENDA.test(pathname)) return;
    if (window.scrollY > 0) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
