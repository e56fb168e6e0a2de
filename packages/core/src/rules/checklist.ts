/**
 * Checklist editing (planning-core spec, section 5): the list always ends with one empty item to
 * type a new entry into; typing into it adds a new empty one; clearing an item's text removes it;
 * empty items never leave the editor; dragging reorders by `sort`. New ids are given by the
 * caller, so these stay pure.
 */

export interface ChecklistItem {
  id: string;
  content: string;
  done: boolean;
  sort: number;
}

function isBlank(item: ChecklistItem): boolean {
  return item.content.trim() === '';
}

function bySort(items: readonly ChecklistItem[]): ChecklistItem[] {
  return [...items].sort((a, b) => a.sort - b.sort);
}

function renumber(items: readonly ChecklistItem[]): ChecklistItem[] {
  return items.map((item, sort) => (item.sort === sort ? item : { ...item, sort }));
}

/**
 * What the editor shows: the saved items in sort order, blank ones dropped, renumbered 0..n-1,
 * then one empty item (id `newId`) for adding.
 */
export function checklistForEditing(
  items: readonly ChecklistItem[],
  newId: string,
): ChecklistItem[] {
  const kept = renumber(bySort(items).filter((item) => !isBlank(item)));
  return [...kept, { id: newId, content: '', done: false, sort: kept.length }];
}

/** What is saved or sent: blank items dropped, in sort order, sorts renumbered 0..n-1. */
export function checklistForSaving(items: readonly ChecklistItem[]): ChecklistItem[] {
  return renumber(bySort(items).filter((item) => !isBlank(item)));
}

/**
 * The editor's list after typing into item `id`: an emptied item is removed (the adding item
 * stays), and once the adding item has text a fresh empty one (id `newId`) is appended.
 */
export function editChecklistItem(
  editing: readonly ChecklistItem[],
  id: string,
  content: string,
  newId: string,
): ChecklistItem[] {
  const sorted = bySort(editing);
  const last = sorted[sorted.length - 1];
  const isAddingItem = last?.id === id;
  if (content === '' && !isAddingItem) {
    return renumber(sorted.filter((item) => item.id !== id));
  }
  const edited = sorted.map((item) => (item.id === id ? { ...item, content } : item));
  if (isAddingItem && content.trim() !== '') {
    edited.push({ id: newId, content: '', done: false, sort: edited.length });
  }
  return renumber(edited);
}

export function toggleChecklistItem(
  editing: readonly ChecklistItem[],
  id: string,
): ChecklistItem[] {
  return editing.map((item) => (item.id === id ? { ...item, done: !item.done } : item));
}

/**
 * The list after dragging the item at `from` to `to` (indexes in sort order). The adding item
 * stays last: moves onto or from it are clamped to the items before it.
 */
export function moveChecklistItem(
  editing: readonly ChecklistItem[],
  from: number,
  to: number,
): ChecklistItem[] {
  const sorted = bySort(editing);
  const last = sorted[sorted.length - 1];
  const hasAddingItem = last !== undefined && isBlank(last);
  const movable = hasAddingItem ? sorted.slice(0, -1) : sorted;
  if (movable.length === 0) return renumber(sorted);
  const clamp = (i: number) => Math.min(Math.max(0, Math.trunc(i)), movable.length - 1);
  const [fromIndex, toIndex] = [clamp(from), clamp(to)];
  const [moved] = movable.splice(fromIndex, 1);
  if (moved) movable.splice(toIndex, 0, moved);
  return renumber(hasAddingItem && last ? [...movable, last] : movable);
}
