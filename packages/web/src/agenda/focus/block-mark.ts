/**
 * What names a block's card again once the plan has moved it: a re-plan may give the block a new
 * id (a planned block's id holds its start, and a planned block becomes a stored one when its
 * session starts), but its task stays. Cards of the day and the week view carry it as
 * `data-block-id`, `data-task-id` and `data-start`.
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

/** Of `cards`, the one starting nearest `start`; null when there is none. */
function nearestTo(cards: Iterable<HTMLElement>, start: number): HTMLElement | null {
  let nearest: HTMLElement | null = null;
  let distance = Infinity;
  for (const card of cards) {
    const away = Math.abs(Number(card.dataset['start']) - start);
    if (away < distance) [nearest, distance] = [card, away];
  }
  return nearest;
}

/**
 * A block's card now: the same block, else its task's card nearest the old start. Of the same
 * block's cards, the one nearest the old start too: the week view draws a block that runs past
 * midnight as one box per day.
 */
export function findBlockCard(container: HTMLElement, mark: BlockMark): HTMLElement | null {
  const same = container.querySelectorAll<HTMLElement>(`[data-block-id="${CSS.escape(mark.id)}"]`);
  if (same.length > 0 || mark.task === null) return nearestTo(same, mark.start);
  const twins = container.querySelectorAll<HTMLElement>(
    `[data-block-id][data-task-id="${CSS.escape(mark.task)}"]`,
  );
  return nearestTo(twins, mark.start);
}

/**
 * Where a card's twin is looked for: the container, or the part of it `twinsWithin` selects when
 * the container draws more than the keyboard reaches (the week view draws the weeks beside the
 * one in view too, out of the Tab order).
 */
export function twinsRoot(container: HTMLElement, twinsWithin?: string): HTMLElement | null {
  return twinsWithin ? container.querySelector<HTMLElement>(twinsWithin) : container;
}
