import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AppConfig } from './types';

export const configQueryKey = ['config'] as const;

/** GET /api/v1/config: the target network and the token registry. Fetched once per session. */
export const configQuery = queryOptions({
  queryKey: configQueryKey,
  queryFn: ({ signal }) => api<AppConfig>('/config', { signal }),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useAppConfig() {
  return useQuery(configQuery);
}
