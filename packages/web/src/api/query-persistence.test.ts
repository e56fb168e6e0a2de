import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readItem } from '../storage/local-storage';
import { persistQueryCache } from './query-persistence';

const key = ['profile'];

function savedProfile(): unknown {
  const raw = readItem('queryCache');
  const state = raw
    ? (JSON.parse(raw) as { queries: { queryKey: unknown; state: { data: unknown } }[] })
    : undefined;
  return state?.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
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

  it('saves a change a second later, and a new start paints it', () => {
    const client = clientWithProfile();
    stop = persistQueryCache(client);
    client.setQueryData(key, { tip: 'hidden' });
    expect(savedProfile()).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(savedProfile()).toEqual({ tip: 'hidden' });
    stop();
    const next = new QueryClient();
    stop = persistQueryCache(next);
    expect(next.getQueryData(key)).toEqual({ tip: 'hidden' });
  });

  it('saves a waiting change at once when the page goes away (a reload)', () => {
    const client = clientWithProfile();
    stop = persistQueryCache(client);
    client.setQueryData(key, { tip: 'shown again' });
    window.dispatchEvent(new Event('pagehide'));
    expect(savedProfile()).toEqual({ tip: 'shown again' });
  });

  it('saves a waiting change at once when the tab is hidden', () => {
    const client = clientWithProfile();
    stop = persistQueryCache(client);
    client.setQueryData(key, { tip: 'hidden' });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(savedProfile()).toEqual({ tip: 'hidden' });
  });
});
