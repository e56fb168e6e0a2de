import { useQuery } from '@tanstack/react-query';
import { call } from './client';

/** The items this app reads from GetCloudConfig (the server's CLOUD_CONFIG), by field. */
export const CLOUD_CONFIG_FIELDS = {
  /** JSON: [{ "network": "x", "url": "https://..." }, ...]: the About page's social links. */
  socialLinks: 'socialLinks',
  /** API bases the developer dialog offers, besides the build's own (VITE_API_*). */
  apiProduction: 'apiProduction',
  apiTest: 'apiTest',
  apiWip: 'apiWip',
  /** Hex SHA-256 of the developer jump's password, and where the jump goes. */
  developerJumpHash: 'developerJumpHash',
  developerJumpUrl: 'developerJumpUrl',
} as const;

export type CloudConfig = ReadonlyMap<string, string>;

export const cloudConfigQueryKey = ['cloudConfig'] as const;

const EMPTY: CloudConfig = new Map();

/** The answer's items as a map; a field listed twice keeps its last value. */
export function toCloudConfig(items: readonly { field: string; value: string }[]): CloudConfig {
  return new Map(items.map((item) => [item.field, item.value]));
}

/**
 * The server's configured items. Optional by nature: while the server answers none, an error or
 * nothing at all, every screen reading it shows only what needs no configuration (never a dead
 * link), so failures stay silent and are not retried in a loop.
 */
export function useCloudConfig(): CloudConfig {
  const { data } = useQuery({
    queryKey: cloudConfigQueryKey,
    queryFn: async () => {
      const answer = await call('GetCloudConfig', undefined, { retry: false, showLoading: false });
      return toCloudConfig(answer.items);
    },
    staleTime: 10 * 60 * 1000,
    meta: { silent: true },
  });
  return data ?? EMPTY;
}
