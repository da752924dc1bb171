/**
 * Price impact tiers (docs/product.md, Swap): < 1 %, 1–3 %, 3–5 %, 5–15 %, ≥ 15 %. Above 5 % the swap asks for
 * a confirmation; from 15 % the user must type "confirm".
 */
export type ImpactTier = 'low' | 'medium' | 'high' | 'severe' | 'extreme';

export const CONFIRM_IMPACT_BPS = 500;
export const TYPE_CONFIRM_IMPACT_BPS = 1500;
export const CONFIRM_WORD = 'confirm';

export function impactTier(bps: number): ImpactTier {
  if (bps < 100) return 'low';
  if (bps < 300) return 'medium';
  if (bps < 500) return 'high';
  if (bps < 1500) return 'severe';
  return 'extreme';
}

export const impactClass: Record<ImpactTier, string> = {
  low: 'text-neon-green',
  medium: 'text-neon-cyan',
  high: 'text-neon-gold',
  severe: 'text-orange-400',
  extreme: 'text-red-400',
};

/** "0.99", "< 0.01" from the server's basis points. */
export function formatImpact(bps: number): string {
  if (bps <= 0) return '< 0.01';
  return (bps / 100).toFixed(2);
}

export function needsConfirm(bps: number): boolean {
  return bps > CONFIRM_IMPACT_BPS;
}

export function needsTypedConfirm(bps: number): boolean {
  return bps >= TYPE_CONFIRM_IMPACT_BPS;
}
