import type {
  CallOptions as ServerCallOptions,
  InputInit as ServerInput,
} from '@planner/protocol/client';
import { RpcError } from '@planner/protocol/client';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { profileQueryKey, useProfile } from '../api/profile';

export const SHARE_NS = 'share';
/** The server's answer when the account has no name (accounts spec: sharing needs one). */
export const NAME_NOT_SET = 'invalid.nameNotSet';

export interface SharePeriod {
  start: number;
  end: number;
}

/** One share per set of periods: the key is the periods themselves. */
export function shareQueryKey(points: readonly SharePeriod[]) {
  return ['statistics-share', points.map((p) => [p.start, p.end])] as const;
}

export function isNameNotSet(error: unknown): boolean {
  return error instanceof RpcError && error.message === NAME_NOT_SET;
}

/** The share intents of the two networks the spec names, for a link. */
export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function twitterShareUrl(url: string, text: string): string {
  return `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

/** The owner's live links (ListTimeStatisticsShares). */
export const sharesListQueryKey = ['statistics-shares'] as const;

/** Makes (once per set of periods, while the app runs) the share of these periods. */
export function useShareLink(points: readonly SharePeriod[], isWanted: boolean) {
  return useQuery({
    queryKey: shareQueryKey(points),
    queryFn: () =>
      call('CreateTimeStatisticsShare', {
        points: points.map(({ start, end }) => ({ start, end })),
      }),
    enabled: isWanted,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * Whether the account is known to have no name yet (a share needs one): false while the profile
 * is unknown, so the server's invalid.nameNotSet still asks then.
 */
export function useHasNoName(): boolean {
  const user = useProfile().data?.user;
  return user !== undefined && user.name.trim() === '';
}

/** Saves the sharer's name (UpdateUser) and refreshes the profile. */
export async function saveSharerName(queryClient: QueryClient, name: string): Promise<void> {
  await call('UpdateUser', { name: name.trim() });
  await queryClient.invalidateQueries({ queryKey: profileQueryKey });
}

export function useSharesList() {
  return useQuery({
    queryKey: sharesListQueryKey,
    queryFn: async () => (await call('ListTimeStatisticsShares')).shares,
  });
}

/** Forgets every made share whose link is `url`, so the menu makes a new one next time. */
function forgetShare(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({
    queryKey: ['statistics-share'],
    predicate: (query) => {
      const data = query.state.data as { id?: string } | undefined;
      return data?.id === id;
    },
  });
}

/** Takes a link back (RevokeTimeStatisticsShare): from then on it answers not found. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await call('RevokeTimeStatisticsShare', { id });
      return id;
    },
    onSuccess: async (id) => {
      forgetShare(queryClient, id);
      await queryClient.invalidateQueries({ queryKey: sharesListQueryKey });
    },
  });
}

export const getTimeStatisticsShare = (
  ...args: [input?: ServerInput<'GetTimeStatisticsShare'>, options?: ServerCallOptions]
) => call('GetTimeStatisticsShare', ...args);
