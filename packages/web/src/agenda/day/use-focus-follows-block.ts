import { useEffect, type RefObject } from 'react';
import { findBlockCard, markOf, type BlockMark } from './menu-anchor';

/**
 * Keeps the keyboard's place in the day list when the plan moves the focused block. A re-plan
 * (Next, a synced event, time passing) may draw a block's card anew under a new id, and a focused
 * element taken out of the page leaves the focus nowhere: the next Tab would start again at the
 * top of the page. When the card that had the focus is gone and nothing else took the focus, its
 * twin (the same block, else the same task's card nearest the old start) gets it.
 */
export function useFocusFollowsBlock(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    let held: { card: HTMLElement; mark: BlockMark } | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      held =
        target instanceof HTMLElement && target.dataset['blockId'] !== undefined
          ? { card: target, mark: markOf(target) }
          : null;
    };
    // A click on the page's background takes the focus away on purpose: nothing to follow then.
    // A card taken out of the page is no such choice, nor is the window losing the focus (the
    // card stays the page's focused element meanwhile).
    const onFocusOut = (event: FocusEvent) => {
      const card = held?.card;
      if (event.relatedTarget !== null || event.target !== card) return;
      queueMicrotask(() => {
        const isLetGo = card.isConnected && document.activeElement !== card;
        if (isLetGo && held?.card === card) held = null;
      });
    };
    const follow = () => {
      if (!held || held.card.isConnected) return;
      const active = document.activeElement;
      // Something else has the focus (a menu, a dialog, a field): leave it there.
      if (active && active !== document.body) return;
      const twin = findBlockCard(root, held.mark);
      if (!twin) return;
      held = { card: twin, mark: markOf(twin) };
      // Without scrolling: the person may be reading elsewhere in the list.
      twin.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(follow);
    observer.observe(root, { childList: true, subtree: true });
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [container]);
}
