import type { SwapQuote } from '@/types/api';

/** Which of a quote's routes the user picked: the best one (the quote's own) or the direct pool. */
export type RoutePick = 'best' | 'direct';

/**
 * The quote of the picked route, in the shape of a quote: the direct pool's amounts, minimum,
 * fee and route over the best route's, so what is shown, signed and checked is the picked
 * route's own quote. The best route when there is no direct one to pick.
 */
export function pickRoute(q: SwapQuote, pick: RoutePick): SwapQuote {
  if (pick !== 'direct' || !q.direct) return q;
  return { ...q, ...q.direct, direct: null };
}

/** Pool fees of a route as percents, hop by hop: "0.3%" or "0.3% + 0.3%". */
export function poolFees(route: SwapQuote['route']): string {
  return route.hops.map((h) => `${trim((h.fee.numerator * 100) / h.fee.scale)}%`).join(' + ');
}

function trim(v: number): string {
  return String(Math.round(v * 10_000) / 10_000);
}

export const signatures = (n: number) => `${n} ${n === 1 ? 'signature' : 'signatures'}`;
