import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Gas } from '@/types/api';

/** Asked again each minute: the chain's minimum gas price can change while a page is open. */
export const GAS_REFRESH_MS = 60_000;

/**
 * GET /api/v1/gas: the gas unit price transactions are built with now, and `maxFee`, the most a transaction costs
 * before a simulation measures it (its max gas × that price). Max on SUPRA keeps `maxFee` back, so the network fee
 * is paid whatever the simulation then finds (a simulated transaction costs far less).
 */
export function useGas(enabled = true) {
  return useQuery({
    queryKey: ['gas'],
    queryFn: ({ signal }) => api<Gas>('/gas', { signal }),
    staleTime: GAS_REFRESH_MS,
    refetchInterval: GAS_REFRESH_MS,
    enabled,
  });
}

/** The SUPRA Max keeps back for the network fee, in base units; null until the node's price is known. */
export function gasReserve(gas: Gas | undefined): bigint | null {
  return gas ? BigInt(gas.maxFee) : null;
}
