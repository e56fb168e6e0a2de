import type { ListFrequency } from './periods';

// A list keeps its place for the way back from a detail. The place is noted when a row is
// opened, under the list's history entry (its location key): Back in the browser shows that entry
// again, and the detail's own Back names it in its state. With the same `now`, the list finds its
// pages in the query cache (or reads them again) and scrolls to where it was.

/** Where a list was left. */
export interface ListPlace {
  frequency: ListFrequency;
  /** The list's fixed "now" (its first period holds it). */
  now: number;
  /** Pages read. */
  pages: number;
  scrollY: number;
  /** The category filter. */
  filter: string;
}

/** What a detail's location state says about the list it came from. */
export interface FromList {
  /** The list's history entry. */
  listKey: string;
  /** True when that entry is the one just behind (opened from its row, not moved on since). */
  isListBehind: boolean;
}

/** Enough for any way back; the oldest are forgotten first. */
const KEPT_PLACES = 50;
const places = new Map<string, ListPlace>();

export function rememberPlace(listKey: string, place: ListPlace): void {
  places.delete(listKey);
  places.set(listKey, place);
  for (const oldest of places.keys()) {
    if (places.size <= KEPT_PLACES) break;
    places.delete(oldest);
  }
}

/** The place noted under a list's history entry, if it was one of this frequency. */
export function placeOf(
  listKey: string | undefined,
  frequency: ListFrequency | null,
): ListPlace | null {
  const place = listKey === undefined ? undefined : places.get(listKey);
  return place && place.frequency === frequency ? place : null;
}

/** Reads a location's state (anything may be there: a bookmark has none). */
export function fromListOf(state: unknown): FromList | null {
  if (typeof state !== 'object' || state === null || !('listKey' in state)) return null;
  const { listKey } = state;
  if (typeof listKey !== 'string') return null;
  return { listKey, isListBehind: 'isListBehind' in state && state.isListBehind === true };
}
