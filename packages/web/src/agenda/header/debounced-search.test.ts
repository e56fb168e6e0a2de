import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedSearch } from './debounced-search';

afterEach(() => vi.useRealTimers());

describe('debounced search', () => {
  it('asks once, 300 ms after the last keystroke', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async (q: string) => q.toUpperCase());
    const onResult = vi.fn();
    const s = createDebouncedSearch({ delayMs: 300, fetch, onResult });
    s.search('w');
    s.search('wr');
    s.search('wri');
    await vi.advanceTimersByTimeAsync(299);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('wri');
    expect(onResult).toHaveBeenCalledWith('wri', 'WRI');
  });

  it('ignores a stale answer that arrives after a newer query', async () => {
    vi.useFakeTimers();
    const resolvers: Record<string, (value: string) => void> = {};
    const fetch = (q: string) => new Promise<string>((resolve) => (resolvers[q] = resolve));
    const onResult = vi.fn();
    const s = createDebouncedSearch({ delayMs: 300, fetch, onResult });
    s.search('old');
    await vi.advanceTimersByTimeAsync(300);
    s.search('new');
    await vi.advanceTimersByTimeAsync(300);
    resolvers['new']?.('fresh');
    await Promise.resolve();
    resolvers['old']?.('stale');
    await Promise.resolve();
    expect(onResult.mock.calls).toEqual([['new', 'fresh']]);
  });
});
