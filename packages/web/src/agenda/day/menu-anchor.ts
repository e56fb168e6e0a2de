import { createContext, useContext, type RefObject } from 'react';
import { findBlockCard, markOf, twinsRoot } from '../focus/block-mark';
import type { WireReminder } from '../types';

/** What a day or week view menu hangs from: resolved each time the menu is positioned. */
export type { MenuAnchor } from '../focus/use-refocus';

/**
 * The element a menu was opened from, looked up again at positioning time: the day's list is drawn
 * anew when its drag layer loads after the first paint, so the element clicked may have been
 * replaced by its twin while the menu is open.
 */
export function liveAnchor(
  container: RefObject<HTMLElement | null>,
  selector: string,
  clicked: HTMLElement,
): () => HTMLElement {
  return () =>
    (clicked.isConnected ? clicked : null) ??
    container.current?.querySelector<HTMLElement>(selector) ??
    clicked;
}

/**
 * A block card's menu anchor: the card clicked while it is on the page, else its twin (in the part
 * of the container `twinsWithin` selects, when given: see `twinsRoot`).
 */
export function blockAnchor(
  container: RefObject<HTMLElement | null>,
  clicked: HTMLElement,
  twinsWithin?: string,
): () => HTMLElement {
  const mark = markOf(clicked);
  const twin = () => {
    const where = container.current && twinsRoot(container.current, twinsWithin);
    return where ? findBlockCard(where, mark) : null;
  };
  return () => (clicked.isConnected ? clicked : null) ?? twin() ?? clicked;
}

/** A CSS selector for the element carrying `data-menu-anchor={key}`. */
export function anchorSelector(key: string): string {
  return `[data-menu-anchor="${CSS.escape(key)}"]`;
}

export interface DayMenus {
  /** `key` names the row's menu button (its `data-menu-anchor`), unique in the day view. */
  openReminder: (key: string, clicked: HTMLElement, reminder: WireReminder) => void;
}

// The menus' open state lives in the day view, above the rows that the drag layer redraws.
export const DayMenusContext = createContext<DayMenus | null>(null);

export function useDayMenus(): DayMenus {
  const menus = useContext(DayMenusContext);
  if (!menus) throw new Error('useDayMenus needs the day view');
  return menus;
}
