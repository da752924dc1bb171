import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AppConfig } from '@/types/api';

export const configQueryKey = ['config'] as const;

/**
 * GET /api/v1/config: the target network (chain id, explorer patterns, contract addresses) and the
 * token registry. Fetched once per session and never refetched: it only changes with the binary.
 */
export const configQuery = queryOptions({
  queryKey: configQueryKey,
  queryFn: ({ signal }) => api<AppConfig>('/config', { signal }),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The app config; every screen that needs tokens or the network reads it through this hook. */
export function useAppConfig() {
  return useQuery(configQuery);
}
