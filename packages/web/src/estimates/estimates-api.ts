import type { Output } from '@planner/protocol';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

export const ESTIMATES_NS = 'estimates';

export type EstimateAccuracy = Output<'GetEstimateAccuracy'>['categories'][number];

export const estimateAccuracyQueryKey = ['estimate-accuracy'] as const;

/** Done tasks' tracked time against their estimates, per category (the server learns it). */
export function useEstimateAccuracy() {
  return useQuery({
    queryKey: estimateAccuracyQueryKey,
    queryFn: async () => (await call('GetEstimateAccuracy')).categories,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}
