import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readItem } from '../storage/local-storage';
import { persistQueryCache } from './query-persistence';

const key = ['profile'];

function savedProfile(): unknown {
  const raw = readItem('queryCache');
  const saved = raw
    ? (JSON.parse(raw) as {
        clientState: { queries: { queryKey: unknown; state: { data: unknown } }[] };
      })
    : undefined;
  return saved?.clientState.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))
    ?.state.data;
}

function clientWithProfile(): QueryClient {
  const client = new QueryClient();
  client.getQueryCache().build(client, { queryKey: key, meta: { persist: true } });
  return client;
}

describe('the saved query cache', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  async function start(client: QueryClient): Promise<void> {
    const persisted = persistQueryCache(client);
    stop = persisted.stop;
    await persisted.restored;
  }

  it('saves a change a second later, and a new start paints it', async () => {
    const client = clientWithProfile();
    await start(client);
    client.setQueryData(key, { tip: 'hidden' });
    expect(savedProfile()).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(savedProfile()).toEqual({ tip: 'hidden' });
    stop();
    const next = new QueryClient();
    await start(next);
    expect(next.getQueryData(key)).toEqual({ tip: 'hidden' });
  });

  it('leaves no saved copy once the cache is cleared (a sign-out), not even an empty one', async () => {
    const client = clientWithProfile();
    await start(client);
    client.setQueryData(key, { tip: 'hidden' });
    vi.advanceTimersByTime(1000);
    expect(readItem('queryCache')).not.toBeNull();
    // The sign-out wipes local data, then the cache.
    localStorage.clear();
    client.clear();
    vi.advanceTimersByTime(1000);
    expect(readItem('queryCache')).toBeNull();
  });

  it('asks the server again the first time a restored answer is shown, painting it meanwhile', async () => {
    const client = clientWithProfile();
    await start(client);
    client.setQueryData(key, { tip: 'saved' });
    stop();
    const next = new QueryClient();
    await start(next);
    const queryFn = vi.fn(async () => ({ tip: 'live' }));
    // staleTime Infinity, like the agenda's ranges: only the restore makes it ask again.
    const observer = new QueryObserver(next, { queryKey: key, queryFn, staleTime: Infinity });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(next.getQueryData(key)).toEqual({ tip: 'live' }));
    expect(observer.getCurrentResult().data).toEqual({ tip: 'live' });
    expect(seen[0]).toEqual({ tip: 'saved' });
    unsubscribe();
  });

  it('does not save queries not marked to be kept', async () => {
    const client = clientWithProfile();
    await start(client);
    client.setQueryData(['secret'], 'not kept');
    client.setQueryData(key, { tip: 'kept' });
    vi.advanceTimersByTime(1000);
    expect(readItem('queryCache')).not.toContain('not kept');
  });

  it('saves a waiting change at once when the page goes away (a reload)', async () => {
    const client = clientWithProfile();
    await start(client);
    client.setQueryData(key, { tip: 'shown again' });
    window.dispatchEvent(new Event('pagehide'));
    expect(savedProfile()).toEqual({ tip: 'shown again' });
  });

  it('saves a waiting change at once when the tab is hidden', async () => {
    const client = clientWithProfile();
    await start(client);
    client.setQueryData(key, { tip: 'hidden' });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(savedProfile()).toEqual({ tip: 'hidden' });
  });
});
