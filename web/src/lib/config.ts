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

/**
 * The app config; every screen that needs tokens or the network reads it through this hook. A screen
 * showing something that can change while the binary runs (a bot waiting for Telegram) may ask for it
 * again every refetchInterval ms while that function says so.
 */
export function useAppConfig(options?: { refetchInterval?: (config: AppConfig | undefined) => number | false }) {
  const every = options?.refetchInterval;
  return useQuery({
    ...configQuery,
    refetchInterval: every ? (q: { state: { data?: AppConfig } }) => every(q.state.data) : false,
  });
}
