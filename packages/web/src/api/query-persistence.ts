import { onlineManager, type Mutation, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClient,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { readJson, removeItem, writeJson } from '../storage/local-storage';

// The query cache, the agenda's timeline included, is saved under the versioned prefix (see
// docs/web-data.md) so the next start paints from it at once; only queries marked
// `meta.persist` are kept. TanStack's persist-client does the saving and restoring; this file
// only says where (local storage) and when (a second after the last change, or at once when
// the page goes away).
const CACHE_KEY = 'queryCache';
const SAVE_DELAY_MS = 1000;

function isPersistedClient(value: unknown): value is PersistedClient {
  if (typeof value !== 'object' || value === null) return false;
  if (!('timestamp' in value) || typeof value.timestamp !== 'number') return false;
  if (!('clientState' in value)) return false;
  const state = value.clientState;
  return (
    typeof state === 'object' &&
    state !== null &&
    'queries' in state &&
    Array.isArray(state.queries) &&
    'mutations' in state &&
    Array.isArray(state.mutations)
  );
}

/**
 * A saved answer paints at once but counts as outdated, so the first screen that shows it asks
 * the server again, and the live answer replaces it. An answer already in the cache that is
 * newer than the saved one is kept (hydrate compares the times they were answered). A saved
 * change (src/offline) comes back paused, even one that was on its way when the page went, so
 * it is sent again (docs/offline-and-install.md).
 */
function asOutdated(saved: PersistedClient): PersistedClient {
  const queries = saved.clientState.queries.map((query) => ({
    ...query,
    state: { ...query.state, isInvalidated: true },
  }));
  const mutations = saved.clientState.mutations.map((mutation) => ({
    ...mutation,
    state: { ...mutation.state, isPaused: true },
  }));
  return { ...saved, clientState: { ...saved.clientState, queries, mutations } };
}

function isEmpty(client: PersistedClient): boolean {
  return client.clientState.queries.length === 0 && client.clientState.mutations.length === 0;
}

/** Local storage behind a short delay, so a burst of answers is written once. */
export function localStoragePersister(): Persister & { flush: () => void } {
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    // Nothing to keep (the cache was just cleared: a sign-out, the account deleted) leaves no
    // saved copy behind, not an empty one written after the sign-out wiped local data.
    if (pending && isEmpty(pending)) removeItem(CACHE_KEY);
    else if (pending) writeJson(CACHE_KEY, pending);
    pending = undefined;
  };
  return {
    persistClient: (client) => {
      pending = client;
      clearTimeout(timer);
      timer = setTimeout(flush, SAVE_DELAY_MS);
    },
    restoreClient: () => {
      const saved = readJson(CACHE_KEY, isPersistedClient);
      return saved && asOutdated(saved);
    },
    removeClient: () => {
      clearTimeout(timer);
      pending = undefined;
      removeItem(CACHE_KEY);
    },
    flush,
  };
}

/**
 * Restores the saved cache, then keeps saving it while the app runs. A save still waiting when
 * the page goes away (a reload, a closed tab) is made at once, so the next start does not paint
 * an answer older than the one on screen.
 */
export function persistQueryCache(
  client: QueryClient,
  /** Which pending mutations to keep: the offline queue's changes (src/offline). */
  keepMutation: (mutation: Mutation) => boolean = () => false,
): {
  stop: () => void;
  restored: Promise<void>;
} {
  const persister = localStoragePersister();
  const [unsubscribe, restored] = persistQueryClient({
    queryClient: client,
    persister,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && query.meta?.persist === true,
      // Changes made offline and not yet accepted by the server (src/offline).
      shouldDehydrateMutation: (mutation) =>
        mutation.state.status === 'pending' && keepMutation(mutation),
    },
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') persister.flush();
  };
  window.addEventListener('pagehide', persister.flush);
  document.addEventListener('visibilitychange', onHidden);
  const stop = () => {
    persister.flush();
    unsubscribe();
    window.removeEventListener('pagehide', persister.flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
  const settled = restored.catch(() => undefined);
  // Restored changes are sent once the app is online (TanStack resumes them itself when the
  // connection comes back later).
  void settled.then(() => {
    if (onlineManager.isOnline()) void client.resumePausedMutations();
  });
  return { stop, restored: settled };
}
