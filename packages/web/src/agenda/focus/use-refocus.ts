import type { MenuProps } from '@mui/material/Menu';
import { useEffect, useRef } from 'react';

/** What a menu hangs from: an element, or a function finding it when needed. */
export type MenuAnchor = NonNullable<MenuProps['anchorEl']>;

/**
 * Escape or a click outside a menu gives the focus back to the menu's button. MUI's own return
 * aims at the element that had the focus on opening, which the drag layer's redraw or a re-plan
 * may have taken out of the page; then the focus would fall to the page's start. A menu's anchor
 * that finds the button's twin (`blockAnchor`, `liveAnchor`) gives it to the twin.
 */
export function useRefocus(openMenus: readonly unknown[]) {
  const pending = useRef<MenuAnchor | null>(null);
  useEffect(() => {
    const anchor = pending.current;
    pending.current = null;
    const active = document.activeElement;
    if (!anchor || (active && active !== document.body)) return;
    const element = typeof anchor === 'function' ? anchor() : anchor;
    if (element instanceof HTMLElement) element.focus();
  }, openMenus);
  return {
    /** MUI passes a reason when the menu is dismissed; a chosen entry closes it without one. */
    closing:
      (anchor: MenuAnchor | undefined, close: () => void) =>
      (_event?: unknown, reason?: string) => {
        if (reason && anchor) pending.current = anchor;
        close();
      },
  };
}
