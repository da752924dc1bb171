import type { SwapTokenRef } from '@/types/api';

/**
 * A two-transaction route whose step 1 went through and whose step 2 has not (yet), remembered
 * per wallet in the browser: a trader who closes the tab between the two steps is offered to
 * finish the route or swap back on return.
 */
export const PENDING_ROUTE_KEY = 'lucky.swap.pendingRoute';

export interface PendingRoute {
  hash: string;
  from: SwapTokenRef;
  via: SwapTokenRef;
  to: SwapTokenRef;
  /** Base units of via that step 1 returned. */
  held: string;
  /** Why step 2 has not gone through, in the product's words. */
  reason: string;
  step2Hash?: string;
}

const keyOf = (address: string) => `${PENDING_ROUTE_KEY}.${address.toLowerCase()}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const isToken = (t: unknown): t is SwapTokenRef =>
  !!t && typeof (t as SwapTokenRef).coinType === 'string' && typeof (t as SwapTokenRef).name === 'string' && typeof (t as SwapTokenRef).decimals === 'number';

/** The wallet's pending route; null when none (or what is stored is unreadable). */
export function readPendingRoute(address: string): PendingRoute | null {
  try {
    const raw = JSON.parse(storage()?.getItem(keyOf(address)) ?? 'null') as Partial<PendingRoute> | null;
    if (!raw || typeof raw.hash !== 'string' || typeof raw.held !== 'string' || !/^[0-9]+$/.test(raw.held)) return null;
    if (!isToken(raw.from) || !isToken(raw.via) || !isToken(raw.to)) return null;
    return { hash: raw.hash, from: raw.from, via: raw.via, to: raw.to, held: raw.held, reason: typeof raw.reason === 'string' ? raw.reason : '', step2Hash: raw.step2Hash };
  } catch {
    return null;
  }
}

export function savePendingRoute(address: string, p: PendingRoute): void {
  try {
    storage()?.setItem(keyOf(address), JSON.stringify(p));
  } catch {
    // A browser that keeps nothing only loses the reminder.
  }
}

export function clearPendingRoute(address: string): void {
  try {
    storage()?.removeItem(keyOf(address));
  } catch {
    // as above
  }
}
