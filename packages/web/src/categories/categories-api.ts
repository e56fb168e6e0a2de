import type {
  CallOptions as ServerCallOptions,
  InputInit as ServerInput,
} from '@planner/protocol/client';
import type { Output } from '@planner/protocol';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { useDebouncedValue } from '../editors/use-debounced-value';

export type PlainCategory = Output<'GetCategories'>['categories'][number];

export const categoriesQueryKey = ['categories'] as const;

/** The person's categories, oldest first; kept locally so pickers paint at once (spec 7). */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: async () => (await call('GetCategories')).categories,
    meta: { persist: true },
  });
}

export function useCategories() {
  return useQuery({ ...categoriesQueryOptions(), refetchOnMount: 'always' });
}

/**
 * A task's or event's category as the person's list has it now (its current name, colour and
 * icon), or undefined once the list no longer has it: a category deleted here or elsewhere leaves
 * its id on the item, which then reads as uncategorised, and its editor asks for a category
 * (invalid.chooseCategory) rather than send one the server refuses. A list read from the local
 * cache that is being fetched again is not trusted to be missing one (it may be older than it).
 */
export function useLiveCategory(category: PlainCategory | undefined): PlainCategory | undefined {
  const { data, isFetching, isFetchedAfterMount } = useCategories();
  if (!category?.id) return undefined;
  const live = data?.find((c) => c.id === category.id);
  if (live) return live;
  const isListSettled = data !== undefined && (isFetchedAfterMount || !isFetching);
  return isListSettled ? undefined : category;
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

const LAST_CATEGORY_KEY = 'planner:lastCategory';

/** Remembers, on this device, the category a task was last saved with (the next one's default). */
export function rememberLastCategory(id: string): void {
  try {
    localStorage.setItem(LAST_CATEGORY_KEY, id);
  } catch {
    // Storage refused (a private window): the guess and the first category still serve.
  }
}

function readLastCategory(): string | null {
  try {
    return localStorage.getItem(LAST_CATEGORY_KEY);
  } catch {
    return null;
  }
}

/**
 * The category a new task starts with, so saving never stops at invalid.chooseCategory: the
 * server's guess for the title when it has answered, else the one last used on this device,
 * else the first. Works offline from the cached list.
 */
export function defaultCategory(
  categories: readonly PlainCategory[] | undefined,
  guess: PlainCategory | undefined,
): PlainCategory | undefined {
  const list = categories ?? [];
  if (guess?.id && (list.length === 0 || list.some((c) => c.id === guess.id))) return guess;
  const last = readLastCategory();
  return list.find((c) => c.id === last) ?? list[0];
}

/** Deletes a category (DeleteCategory) and takes it out of the cached list. */
export function useDeleteCategory(): (id: string) => Promise<void> {
  const client = useQueryClient();
  return async (id) => {
    await call('DeleteCategory', { id });
    client.setQueryData<PlainCategory[]>(categoriesQueryKey, (list = []) =>
      list.filter((c) => c.id !== id),
    );
    await client.invalidateQueries({ queryKey: ['guessTaskCategory'] });
  };
}

export const putCategory = (
  ...args: [input?: ServerInput<'PutCategory'>, options?: ServerCallOptions]
) => call('PutCategory', ...args);
