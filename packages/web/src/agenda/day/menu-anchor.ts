import type { MenuProps } from '@mui/material/Menu';
import { createContext, useContext, type RefObject } from 'react';
import type { WireReminder } from '../types';

/** What a day view menu hangs from: resolved each time the menu is positioned. */
export type MenuAnchor = NonNullable<MenuProps['anchorEl']>;

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
 * What names a block's card again once the plan has moved it: a re-plan may give the block a new
 * id (a planned block's id holds its start, and a planned block becomes a stored one when its
 * session starts), but its task stays.
 */
export interface BlockMark {
  id: string;
  task: string | null;
  start: number;
}

/** The mark of a block card (the element carrying `data-block-id`). */
export function markOf(card: HTMLElement): BlockMark {
  return {
    id: card.dataset['blockId'] ?? '',
    task: card.dataset['taskId'] ?? null,
    start: Number(card.dataset['start']),
  };
}

/** A block's card now: the same block, else its task's card nearest the old start. */
export function findBlockCard(container: HTMLElement, mark: BlockMark): HTMLElement | null {
  const same = container.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(mark.id)}"]`);
  if (same || mark.task === null) return same;
  const twins = container.querySelectorAll<HTMLElement>(
    `[data-block-id][data-task-id="${CSS.escape(mark.task)}"]`,
  );
  let nearest: HTMLElement | null = null;
  let distance = Infinity;
  for (const twin of twins) {
    const away = Math.abs(Number(twin.dataset['start']) - mark.start);
    if (away < distance) [nearest, distance] = [twin, away];
  }
  return nearest;
}

/** A block card's menu anchor: the card clicked while it is on the page, else its twin. */
export function blockAnchor(
  container: RefObject<HTMLElement | null>,
  clicked: HTMLElement,
): () => HTMLElement {
  const mark = markOf(clicked);
  return () =>
    (clicked.isConnected ? clicked : null) ??
    (container.current ? findBlockCard(container.current, mark) : null) ??
    clicked;
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
