import { useEffect, type RefObject } from 'react';
import { selectorFor } from '../../components/element-selector';
import { findBlockCard, markOf, twinsRoot, type BlockMark } from './block-mark';

/** How the focused element is found again once drawn anew: a block by its mark, else by name. */
type Held = { element: HTMLElement; block: BlockMark | null; selector: string | null };

/** What names a row's control again: its menu anchor, else its accessible name. */
const CONTROL_NAMES = ['data-menu-anchor', 'aria-label'];

function hold(element: HTMLElement): Held {
  const isBlock = element.dataset['blockId'] !== undefined;
  return {
    element,
    block: isBlock ? markOf(element) : null,
    selector: isBlock ? null : selectorFor(element, CONTROL_NAMES),
  };
}

function findAgain(root: HTMLElement, held: Held): HTMLElement | null {
  if (held.block) return findBlockCard(root, held.block);
  return held.selector ? root.querySelector<HTMLElement>(held.selector) : null;
}

/**
 * Keeps the keyboard's place in the day list or the week grid when what had the focus is drawn
 * anew. The view is drawn anew when its drag layer loads after the first paint, and a re-plan
 * (Next, a synced event, time passing) may draw a block's card under a new id. A focused element
 * taken out of the page leaves the focus nowhere: the next Tab would start again at the top of
 * the page. When the element that had the focus is gone and nothing else took the focus, its twin
 * gets it: for a block the same block, else the same task's card nearest the old start; for a
 * row's control (a quick add, a reminder's buttons) the one of the same name.
 *
 * `twinsWithin`, a selector inside the container, names the part the keyboard reaches when the
 * container draws more than that (`twinsRoot`): the twin must be one that Tab goes on from.
 */
export function useFocusFollowsBlock(
  container: RefObject<HTMLElement | null>,
  twinsWithin?: string,
): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    let held: Held | null = null;
    const onFocusIn = (event: FocusEvent) => {
      held = event.target instanceof HTMLElement ? hold(event.target) : null;
    };
    // A click on the page's background takes the focus away on purpose: nothing to follow then.
    // An element taken out of the page is no such choice, nor is the window losing the focus (the
    // element stays the page's focused one meanwhile).
    const onFocusOut = (event: FocusEvent) => {
      const element = held?.element;
      if (event.relatedTarget !== null || event.target !== element) return;
      queueMicrotask(() => {
        const isLetGo = element.isConnected && document.activeElement !== element;
        if (isLetGo && held?.element === element) held = null;
      });
    };
    const follow = () => {
      if (!held || held.element.isConnected) return;
      const active = document.activeElement;
      // Something else has the focus (a menu, a dialog, a field): leave it there.
      if (active && active !== document.body) return;
      const where = twinsRoot(root, twinsWithin);
      const twin = where && findAgain(where, held);
      if (!twin) return;
      held = hold(twin);
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
  }, [container, twinsWithin]);
}
