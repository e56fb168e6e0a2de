import type { Output } from '@planner/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { useDebouncedValue } from '../editors/use-debounced-value';

export type PlainCategory = Output<'GetCategories'>['categories'][number];

export const categoriesQueryKey = ['categories'] as const;

/** The person's categories, oldest first; kept locally so pickers paint at once (spec 7). */
export function useCategories() {
  return useQuery({
    queryKey: categoriesQueryKey,
    queryFn: async () => (await call('GetCategories')).categories,
    refetchOnMount: 'always',
    meta: { persist: true },
  });
}

/** Keeps the cached list in step with a category the server just saved. */
export function useRememberCategory(): (category: PlainCategory) => void {
  const client = useQueryClient();
  return (category) =>
    client.setQueryData<PlainCategory[]>(categoriesQueryKey, (list = []) =>
      list.some((c) => c.id === category.id)
        ? list.map((c) => (c.id === category.id ? category : c))
        : [...list, category],
    );
}

const GUESS_DEBOUNCE_MS = 300;

/**
 * GuessTaskCategory for the title typed so far: up to 5 suggestions (similar past tasks, then the
 * most used categories of the last 60 days). Background: errors stay silent.
 */
export function useCategorySuggestions(title: string, isEnabled = true) {
  const settled = useDebouncedValue(title.trim(), GUESS_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['guessTaskCategory', settled],
    queryFn: () =>
      call('GuessTaskCategory', { title: settled }, { retry: false, showLoading: false }),
    enabled: isEnabled,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
}
