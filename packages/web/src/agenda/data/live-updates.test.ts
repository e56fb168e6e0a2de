import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { categoriesQueryKey } from '../../categories/categories-api';
import { overdueRemindersKey } from './agenda-actions';
import { onStreamOpened } from './live-updates';
import { timelineStateKey } from '../../api/timeline-state';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** A query on screen (one observer) that counts how often it was asked. */
async function watched(client: QueryClient, queryKey: QueryKey): Promise<() => number> {
  let asked = 0;
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => ++asked,
    staleTime: Infinity,
  });
  observer.subscribe(() => undefined);
  await observer.refetch();
  const firstAsks = asked;
  return () => asked - firstAsks;
}

describe('onStreamOpened', () => {
  it('asks the state, the overdue reminders and the categories anew: what changed while no stream was open reached nobody', async () => {
    const client = new QueryClient();
    clients.push(client);
    const state = await watched(client, timelineStateKey);
    const reminders = await watched(client, overdueRemindersKey);
    const categories = await watched(client, categoriesQueryKey);
    const other = await watched(client, ['settings']);

    onStreamOpened(client);

    await expect.poll(() => [state(), reminders(), categories()]).toEqual([1, 1, 1]);
    expect(other()).toBe(0);
  });
});
