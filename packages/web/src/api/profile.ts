import { useQuery } from '@tanstack/react-query';
import { call } from './client';

export const profileQueryKey = ['profile'] as const;

/** The signed-in person and their options; persisted so the shell paints at once on reload. */
export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: () => call('GetUserProfile'),
    meta: { persist: true },
  });
}
