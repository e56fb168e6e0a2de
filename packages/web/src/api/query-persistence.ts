import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { readJson, writeJson } from '../storage/local-storage';

// The query cache is saved under the versioned prefix (DESIGN 6) so the next start paints from
// it at once; only queries marked `meta.persist` are kept. TanStack's own dehydrate/hydrate do
// the work, which keeps this file small.
const CACHE_KEY = 'queryCache';
const SAVE_DELAY_MS = 1000;

function isDehydratedState(value: unknown): value is DehydratedState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'queries' in value &&
    Array.isArray(value.queries) &&
    'mutations' in value &&
    Array.isArray(value.mutations)
  );
}

function save(client: QueryClient): void {
  writeJson(
    CACHE_KEY,
    dehydrate(client, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && query.meta?.persist === true,
      shouldDehydrateMutation: () => false,
    }),
  );
}

/**
 * Restores the saved cache, then keeps saving it (debounced) while the app runs. A save still
 * waiting when the page goes away (a reload, a closed tab) is made at once, so the next start
 * does not paint an answer older than the one on screen.
 */
export function persistQueryCache(client: QueryClient): () => void {
  const saved = readJson(CACHE_KEY, isDehydratedState);
  if (saved) hydrate(client, saved);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    save(client);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      save(client);
    }, SAVE_DELAY_MS);
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
