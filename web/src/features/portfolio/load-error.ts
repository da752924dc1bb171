import { ApiError } from '@/lib/api';

/**
 * Why a portfolio load failed, in the product's words (docs/product.md, Portfolio): the node (or the network to the server) is
 * out of reach, or anything else went wrong.
 */
export function loadError(err: unknown): string {
  if (err instanceof ApiError && (err.status >= 502 || err.code === 'network_error' || err.code === 'node_unavailable' || err.code === 'node_timeout')) {
    return 'Failed to connect to network';
  }
  if (err instanceof TypeError) return 'Failed to connect to network'; // fetch itself failed
  return 'Error loading portfolio data';
}
