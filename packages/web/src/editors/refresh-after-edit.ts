import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * After an editor saved or deleted: every query is marked stale and those on screen refetch,
 * except the editor's own item, which it is about to leave. Refetched, that item may be gone (a
 * deleted instance, the old half of a series split by "this and following"), and the screen
 * would turn into "does not exist anymore" before the way back ran, stranding the person there.
 * It is read again, fresh, whenever an editor opens it next.
 */
export function refreshAfterEdit(client: QueryClient, leaving: QueryKey): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => !partialMatchKey(query.queryKey, leaving),
  });
}
